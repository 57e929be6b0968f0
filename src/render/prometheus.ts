/**
 * The `gputop serve` exposition: Prometheus text format 0.0.4, or OpenMetrics 1.0 when the
 * scraper asks for it. Pure: a reading in, text out.
 *
 * Naming: units in names, base units as Prometheus recommends. Utilisation and fan speed are
 * `_ratio` (0–1), never `_percent`; clocks are `_hertz` (the JSON's MHz × 10⁶); energy is the
 * counter `_joules_total`. An unknown value (null) leaves its series out: never a sentinel.
 * The device metrics (name, type, help, unit) are declared with their fields in
 * `model/device_fields.ts`; `prometheus_device.ts` turns them into families.
 *
 * Device series carry `index`, `uuid`, `pci_bus_id`, `name`, `vendor` (an unknown label is
 * the empty string, which Prometheus treats as absent). Process series carry `pid`, `comm`
 * (the short process name; command lines are never exported) and `device` (the device's
 * `index`), and when known `container_id` (a container id's first 12 hex digits, or the
 * container's name), `pod` and `namespace`; at most `maxProcessSeries` of them, largest GPU
 * memory first. Pods' sums are `prometheus_pod.ts`'s, exported with or without process series.
 */
import type { GpuProcess, Snapshot } from "../model/types.ts";
import { deviceFamilies, deviceLabels } from "./prometheus_device.ts";
import { healthFamilies } from "./prometheus_health.ts";
import { podFamily } from "./prometheus_pod.ts";
import { shortContainerId } from "./process_cells.ts";
import { type Family, type Labels, renderFamily } from "./prometheus_family.ts";

export { escapeLabelValue } from "./prometheus_family.ts";

export const PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
export const OPENMETRICS_CONTENT_TYPE =
  "application/openmetrics-text; version=1.0.0; charset=utf-8";

export interface ExpositionOptions {
  openMetrics: boolean;
  processMetrics: boolean;
  maxProcessSeries: number;
  /** How long the reading behind this exposition took. */
  sampleDurationSeconds: number | null;
  version: string;
  /** The runtime's version for `gputop_build_info` (`Deno.version.deno`). */
  denoVersion: string;
}

/** Largest GPU memory first (ties by pid, then device), unknown memory left out, deduplicated. */
export function selectProcessSeries(
  processes: readonly GpuProcess[],
  max: number,
): { kept: GpuProcess[]; omitted: number } {
  // `filter` makes the copy that is sorted: the snapshot's list is not touched.
  const sorted = processes.filter((p) => p.gpuMemoryBytes !== null && p.deviceIndex !== null)
    .sort((a, b) =>
      (b.gpuMemoryBytes ?? 0) - (a.gpuMemoryBytes ?? 0) || a.pid - b.pid ||
      (a.deviceIndex ?? 0) - (b.deviceIndex ?? 0)
    );
  const seen = new Set<number | string>();
  const unique = sorted.filter((p) => {
    const key = seriesKeyOf(p.pid, p.deviceIndex!);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const limit = Math.max(0, max);
  return { kept: unique.slice(0, limit), omitted: Math.max(0, unique.length - limit) };
}

/** One (pid, device) pair: a number where both are small integers (no string per process). */
function seriesKeyOf(pid: number, deviceIndex: number): number | string {
  const numeric = Number.isInteger(pid) && pid >= 0 && pid < 2 ** 31 &&
    Number.isInteger(deviceIndex) && deviceIndex >= 0 && deviceIndex < 2 ** 21;
  return numeric ? pid * 2 ** 21 + deviceIndex : `${pid}/${deviceIndex}`;
}

/** pid, comm, device; then container_id, pod and namespace where known. */
function processLabels(process: GpuProcess): Labels {
  const labels: [string, string][] = [
    ["pid", String(process.pid)],
    ["comm", process.name ?? ""],
    ["device", String(process.deviceIndex)],
  ];
  if (process.container !== null) {
    labels.push(["container_id", shortContainerId(process.container.id)]);
  }
  const pod = process.pod;
  if (pod !== null) labels.push(["pod", pod.name ?? pod.uid]);
  if (pod?.namespace) labels.push(["namespace", pod.namespace]);
  return labels;
}

function processFamilies(snapshot: Snapshot, max: number): Family[] {
  const { kept, omitted } = selectProcessSeries(snapshot.processes, max);
  return [
    {
      name: "gputop_process_gpu_memory_bytes",
      kind: "gauge",
      help: "GPU memory a process holds on one device (device = the device's index label).",
      samples: kept.map((process) => ({
        labels: processLabels(process),
        value: process.gpuMemoryBytes ?? 0,
      })),
    },
    {
      name: "gputop_process_series_omitted",
      kind: "gauge",
      help: "Process series left out by --max-process-series (the smallest are left out).",
      samples: [{ labels: [], value: omitted }],
    },
  ];
}

function selfFamilies(snapshot: Snapshot, options: ExpositionOptions): Family[] {
  const families: Family[] = [
    {
      name: "gputop_build_info",
      kind: "gauge",
      help: "Always 1; the labels say which gputop and Deno serve these metrics.",
      samples: [{
        labels: [["version", options.version], ["deno", options.denoVersion]],
        value: 1,
      }],
    },
    {
      name: "gputop_backend_up",
      kind: "gauge",
      help: "1 when the backend read its devices, 0 when it is unavailable, failed or skipped.",
      samples: snapshot.backends.map((backend) => ({
        labels: [["backend", backend.id]],
        value: backend.status === "ok" ? 1 : 0,
      })),
    },
  ];
  if (options.sampleDurationSeconds !== null) {
    families.push({
      name: "gputop_scrape_duration_seconds",
      kind: "gauge",
      help: "How long the reading behind this scrape took (readings run on their own schedule).",
      samples: [{ labels: [], value: options.sampleDurationSeconds }],
    });
  }
  const timestampSeconds = Date.parse(snapshot.timestamp) / 1000;
  if (Number.isFinite(timestampSeconds)) {
    families.push({
      name: "gputop_last_reading_timestamp_seconds",
      kind: "gauge",
      help: "Unix time of the reading behind this scrape.",
      samples: [{ labels: [], value: timestampSeconds }],
    });
  }
  return families;
}

/** The whole exposition. Families without a known value are left out entirely. */
export function renderExposition(snapshot: Snapshot, options: ExpositionOptions): string {
  const devices = [...snapshot.devices].sort((a, b) => a.index - b.index);
  const families = [
    ...selfFamilies(snapshot, options),
    ...deviceFamilies(devices),
    ...healthFamilies(devices, deviceLabels, options.openMetrics),
    ...(options.processMetrics ? processFamilies(snapshot, options.maxProcessSeries) : []),
    podFamily(snapshot.processes, options.maxProcessSeries),
  ].filter((family) => family.samples.length > 0);
  const body = families.map((family) => renderFamily(family, options.openMetrics)).join("");
  return options.openMetrics ? `${body}# EOF\n` : body;
}

/** Whether an Accept header asks for OpenMetrics. */
export function wantsOpenMetrics(accept: string | null): boolean {
  return accept !== null && /application\/openmetrics-text/i.test(accept);
}
