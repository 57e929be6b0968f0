/**
 * The device families of the `gputop serve` exposition, one per exported field of
 * `model/device_fields.ts`, in its declared order, with the value converted to the metric's
 * base unit. A record field (engines) gives one series per key, that key as a label, keys in
 * code-unit order. An unknown or non-finite value leaves its series out: never a sentinel.
 */
import { METRIC_UNITS } from "../model/device_field_declaration.ts";
import type { DeviceMetric } from "../model/device_field_declaration.ts";
import { DEVICE_METRICS } from "../model/device_fields.ts";
import type { Device } from "../model/types.ts";
import type { Family, Labels } from "./prometheus_family.ts";

type Sample = Family["samples"][number];

export function deviceLabels(device: Device): Labels {
  return [
    ["index", String(device.index)],
    ["uuid", device.uuid ?? ""],
    ["pci_bus_id", device.pciBusId ?? ""],
    ["name", device.name ?? ""],
    ["vendor", device.vendor],
    ...partitionLabels(device),
  ];
}

/**
 * A MIG device's own labels: its parent's id and its instance ids and profile, so a series
 * can be joined to the job that holds that slice. Whole devices have none (their series stay
 * as they were).
 */
function partitionLabels(device: Device): Labels {
  const partition = device.partition;
  if (partition === null) return [];
  return [
    ["parent", device.parentId ?? ""],
    ["gpu_instance_id", String(partition.gpuInstanceId)],
    ["compute_instance_id", String(partition.computeInstanceId)],
    ["profile", partition.profile ?? ""],
  ];
}

function isKnown(value: number | null): value is number {
  return value !== null && Number.isFinite(value);
}

function scalarSamples(device: Device, metric: DeviceMetric): Sample[] {
  const raw = (device as Record<string, unknown>)[metric.field];
  if (typeof raw !== "number") return [];
  const value = METRIC_UNITS[metric.unit].fromJson(raw);
  return isKnown(value) ? [{ labels: deviceLabels(device), value }] : [];
}

function recordSamples(device: Device, metric: DeviceMetric, keyLabel: string): Sample[] {
  const raw = (device as Record<string, unknown>)[metric.field];
  const record = typeof raw === "object" && raw !== null ? raw as Record<string, unknown> : {};
  return Object.entries(record)
    .filter((entry): entry is [string, number] =>
      typeof entry[1] === "number" && Number.isFinite(entry[1])
    )
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => ({
      labels: [...deviceLabels(device), [keyLabel, key] as const],
      value: METRIC_UNITS[metric.unit].fromJson(value),
    }));
}

/** Every declared device family (empty ones included), devices in the order given. */
export function deviceFamilies(
  devices: readonly Device[],
  metrics: readonly DeviceMetric[] = DEVICE_METRICS,
): Family[] {
  return metrics.map((metric) => ({
    name: metric.name,
    kind: metric.type,
    help: metric.help,
    samples: devices.flatMap((device) =>
      metric.keyLabel === undefined
        ? scalarSamples(device, metric)
        : recordSamples(device, metric, metric.keyLabel)
    ),
  }));
}
