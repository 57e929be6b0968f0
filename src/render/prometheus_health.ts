/**
 * The GPU-health families of `gputop serve`. Unlike the one-value fields declared in
 * `model/device_fields.ts`, each of these spreads one or more fields over labels (current and
 * max; error type × counter; one series per clock-reason word; one per health state), so they
 * are laid out here. An unknown value leaves its series out.
 *
 * `gputop_device_health` is an OpenMetrics stateset: one series per state, labelled with the
 * family's own name as the format requires, 1 for the current state. The plain-text format has
 * no stateset: the same series go out as a gauge.
 */
import { CLOCK_EVENT_REASONS, HEALTH_STATES } from "../model/health_vocabulary.ts";
import type { Device } from "../model/types.ts";
import type { Family, Labels } from "./prometheus_family.ts";

type Sample = Family["samples"][number];
type LabelsOf = (device: Device) => Labels;

const HEALTH = "gputop_device_health";

function known(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

function bounded(device: Device, labels: LabelsOf, current: number | null, max: number | null) {
  const samples: Sample[] = [];
  if (known(current)) {
    samples.push({ labels: [...labels(device), ["bound", "current"]], value: current });
  }
  if (known(max)) samples.push({ labels: [...labels(device), ["bound", "max"]], value: max });
  return samples;
}

function eccSamples(device: Device, labels: LabelsOf): Sample[] {
  const errors = device.eccErrors;
  if (errors === null) return [];
  const cells = [
    ["corrected", "volatile", errors.volatileCorrected],
    ["uncorrected", "volatile", errors.volatileUncorrected],
    ["corrected", "aggregate", errors.aggregateCorrected],
    ["uncorrected", "aggregate", errors.aggregateUncorrected],
  ] as const;
  return cells.filter((cell) => known(cell[2])).map(([type, counter, value]) => ({
    labels: [...labels(device), ["type", type], ["counter", counter]],
    value: value as number,
  }));
}

function reasonSamples(device: Device, labels: LabelsOf): Sample[] {
  const reasons = device.clockEventReasons;
  if (reasons === null) return [];
  return CLOCK_EVENT_REASONS.map((reason) => ({
    labels: [...labels(device), ["reason", reason]],
    value: (reasons as readonly string[]).includes(reason) ? 1 : 0,
  }));
}

function healthSamples(device: Device, labels: LabelsOf): Sample[] {
  if (device.health === null) return [];
  return HEALTH_STATES.map((state) => ({
    labels: [...labels(device), [HEALTH, state]],
    value: device.health === state ? 1 : 0,
  }));
}

/** The health families, devices in the order given. */
export function healthFamilies(
  devices: readonly Device[],
  labels: LabelsOf,
  openMetrics: boolean,
): Family[] {
  const each = (sample: (device: Device) => Sample[]) => devices.flatMap(sample);
  return [
    {
      name: "gputop_device_pcie_link_generation",
      kind: "gauge",
      help: "PCIe link generation: what it trained to (current) and the most it can (max).",
      samples: each((d) => bounded(d, labels, d.pcieGeneration, d.pcieGenerationMax)),
    },
    {
      name: "gputop_device_pcie_link_width",
      kind: "gauge",
      help: "PCIe link width in lanes: what it trained to (current) and the most it can (max).",
      samples: each((d) => bounded(d, labels, d.pcieWidth, d.pcieWidthMax)),
    },
    {
      name: "gputop_device_ecc_errors",
      kind: "gauge",
      help: "Memory ECC errors: since the driver loaded (volatile) or over the device's life " +
        "(aggregate).",
      samples: each((d) => eccSamples(d, labels)),
    },
    {
      name: "gputop_device_retired_pages",
      kind: "gauge",
      help: "Memory pages retired or rows remapped, all causes.",
      samples: each((d) =>
        known(d.retiredPages) ? [{ labels: labels(d), value: d.retiredPages }] : []
      ),
    },
    {
      name: "gputop_device_xid_events_total",
      kind: "counter",
      help: "Critical Xid events NVML reported since gputop started watching.",
      samples: each((d) =>
        known(d.xidEventsTotal) ? [{ labels: labels(d), value: d.xidEventsTotal }] : []
      ),
    },
    {
      name: "gputop_device_clock_event_reason",
      kind: "gauge",
      help: "1 while this reason holds the clocks down, else 0.",
      samples: each((d) => reasonSamples(d, labels)),
    },
    {
      name: HEALTH,
      kind: openMetrics ? "stateset" : "gauge",
      help: "Health verdict (README: Health): 1 for the current state.",
      samples: each((d) => healthSamples(d, labels)),
    },
  ];
}
