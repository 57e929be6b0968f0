/**
 * The `gputop serve` exposition: Prometheus text format 0.0.4, or OpenMetrics 1.0 when the
 * scraper asks for it. Pure: a reading in, text out.
 *
 * Naming: units in names, base units as Prometheus recommends. Utilisation and fan speed are
 * `_ratio` (0–1), never `_percent`; clocks are `_hertz` (the JSON's MHz × 10⁶); energy is the
 * counter `_joules_total`. An unknown value (null) leaves its series out: never a sentinel.
 *
 * Device series carry `index`, `uuid`, `pci_bus_id`, `name`, `vendor` (an unknown label is
 * the empty string, which Prometheus treats as absent). Process series carry `pid`, `comm`
 * (the short process name; command lines are never exported) and `device` (the device's
 * `index`), at most `maxProcessSeries` of them, largest GPU memory first.
 */
import type { Device, GpuProcess, Snapshot } from "../model/types.ts";
import { escapeText } from "./escape_text.ts";

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

type Labels = readonly (readonly [string, string])[];
type Kind = "gauge" | "counter";

interface Family {
  name: string;
  kind: Kind;
  help: string;
  samples: { labels: Labels; value: number }[];
}

/** A label value as the text formats require: backslash, double quote and newline escaped. */
export function escapeLabelValue(value: string): string {
  // Controls (and lone surrogates) are made visible first, as for a terminal; what remains
  // needs only the format's own three escapes.
  return escapeText(value).replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

/** JavaScript's shortest round-trip form (`1e+21` included) parses as Go's float64 does. */
function formatValue(value: number): string {
  return String(value);
}

function renderLabels(labels: Labels): string {
  if (labels.length === 0) return "";
  return `{${labels.map(([key, value]) => `${key}="${escapeLabelValue(value)}"`).join(",")}}`;
}

function deviceLabels(device: Device): Labels {
  return [
    ["index", String(device.index)],
    ["uuid", device.uuid ?? ""],
    ["pci_bus_id", device.pciBusId ?? ""],
    ["name", device.name ?? ""],
    ["vendor", device.vendor],
  ];
}

interface DeviceMetric {
  name: string;
  kind: Kind;
  help: string;
  value: (device: Device) => number | null;
}

const percentToRatio = (value: number | null) => value === null ? null : value / 100;
const mhzToHertz = (value: number | null) => value === null ? null : value * 1_000_000;

const DEVICE_METRICS: readonly DeviceMetric[] = [
  {
    name: "gputop_device_memory_used_bytes",
    kind: "gauge",
    help: "Device memory in use.",
    value: (d) => d.memoryUsedBytes,
  },
  {
    name: "gputop_device_memory_total_bytes",
    kind: "gauge",
    help: "Device memory size.",
    value: (d) => d.memoryTotalBytes,
  },
  {
    name: "gputop_device_memory_free_bytes",
    kind: "gauge",
    help: "Device memory free.",
    value: (d) => d.memoryFreeBytes,
  },
  {
    name: "gputop_device_utilization_ratio",
    kind: "gauge",
    help: "Device busy fraction, 0 to 1.",
    value: (d) => percentToRatio(d.utilizationPercent),
  },
  {
    name: "gputop_device_memory_utilization_ratio",
    kind: "gauge",
    help: "Fraction of time device memory was being read or written, 0 to 1.",
    value: (d) => percentToRatio(d.memoryUtilizationPercent),
  },
  {
    name: "gputop_device_temperature_celsius",
    kind: "gauge",
    help: "Device temperature.",
    value: (d) => d.temperatureCelsius,
  },
  {
    name: "gputop_device_power_watts",
    kind: "gauge",
    help: "Device power draw.",
    value: (d) => d.powerWatts,
  },
  {
    name: "gputop_device_power_limit_watts",
    kind: "gauge",
    help: "Device power limit.",
    value: (d) => d.powerLimitWatts,
  },
  {
    name: "gputop_device_energy_joules_total",
    kind: "counter",
    help: "Energy the device used since its driver loaded.",
    value: (d) => d.energyJoules,
  },
  {
    name: "gputop_device_graphics_clock_hertz",
    kind: "gauge",
    help: "Graphics (shader) clock.",
    value: (d) => mhzToHertz(d.graphicsClockMHz),
  },
  {
    name: "gputop_device_memory_clock_hertz",
    kind: "gauge",
    help: "Memory clock.",
    value: (d) => mhzToHertz(d.memoryClockMHz),
  },
  {
    name: "gputop_device_fan_ratio",
    kind: "gauge",
    help: "Fan speed as a fraction of its maximum, 0 to 1.",
    value: (d) => percentToRatio(d.fanPercent),
  },
];

function isKnown(value: number | null): value is number {
  return value !== null && Number.isFinite(value);
}

function deviceFamilies(devices: readonly Device[]): Family[] {
  const families: Family[] = DEVICE_METRICS.map((metric) => ({
    name: metric.name,
    kind: metric.kind,
    help: metric.help,
    samples: devices.flatMap((device) => {
      const value = metric.value(device);
      return isKnown(value) ? [{ labels: deviceLabels(device), value }] : [];
    }),
  }));
  families.push({
    name: "gputop_device_engine_utilization_ratio",
    kind: "gauge",
    help: "Busy fraction of one engine class (render, compute, copy, video, ...), 0 to 1.",
    samples: devices.flatMap((device) =>
      Object.entries(device.engines ?? {})
        .filter(([, value]) => Number.isFinite(value))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([engine, value]) => ({
          labels: [...deviceLabels(device), ["engine", engine] as const],
          value: value / 100,
        }))
    ),
  });
  return families;
}

/** Largest GPU memory first (ties by pid, then device), unknown memory left out, deduplicated. */
export function selectProcessSeries(
  processes: readonly GpuProcess[],
  max: number,
): { kept: GpuProcess[]; omitted: number } {
  const known = processes.filter((p) => p.gpuMemoryBytes !== null && p.deviceIndex !== null);
  const sorted = [...known].sort((a, b) =>
    (b.gpuMemoryBytes ?? 0) - (a.gpuMemoryBytes ?? 0) || a.pid - b.pid ||
    (a.deviceIndex ?? 0) - (b.deviceIndex ?? 0)
  );
  const seen = new Set<string>();
  const unique = sorted.filter((p) => {
    const key = `${p.pid}/${p.deviceIndex}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const limit = Math.max(0, max);
  return { kept: unique.slice(0, limit), omitted: Math.max(0, unique.length - limit) };
}

function processFamilies(snapshot: Snapshot, max: number): Family[] {
  const { kept, omitted } = selectProcessSeries(snapshot.processes, max);
  return [
    {
      name: "gputop_process_gpu_memory_bytes",
      kind: "gauge",
      help: "GPU memory a process holds on one device (device = the device's index label).",
      samples: kept.map((process) => ({
        labels: [
          ["pid", String(process.pid)],
          ["comm", process.name ?? ""],
          ["device", String(process.deviceIndex)],
        ],
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

function renderFamily(family: Family, openMetrics: boolean): string {
  // OpenMetrics names a counter family without `_total`; its samples keep the suffix.
  const familyName = openMetrics && family.kind === "counter"
    ? family.name.replace(/_total$/, "")
    : family.name;
  let text = `# HELP ${familyName} ${family.help}\n# TYPE ${familyName} ${family.kind}\n`;
  for (const sample of family.samples) {
    text += `${family.name}${renderLabels(sample.labels)} ${formatValue(sample.value)}\n`;
  }
  return text;
}

/** The whole exposition. Families without a known value are left out entirely. */
export function renderExposition(snapshot: Snapshot, options: ExpositionOptions): string {
  const devices = [...snapshot.devices].sort((a, b) => a.index - b.index);
  const families = [
    ...selfFamilies(snapshot, options),
    ...deviceFamilies(devices),
    ...(options.processMetrics ? processFamilies(snapshot, options.maxProcessSeries) : []),
  ].filter((family) => family.samples.length > 0);
  const body = families.map((family) => renderFamily(family, options.openMetrics)).join("");
  return options.openMetrics ? `${body}# EOF\n` : body;
}

/** Whether an Accept header asks for OpenMetrics. */
export function wantsOpenMetrics(accept: string | null): boolean {
  return accept !== null && /application\/openmetrics-text/i.test(accept);
}
