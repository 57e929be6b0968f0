/**
 * The metric names `gputop serve` can emit, from the exporter's own code: every declared
 * device family and health family (listed even with no device), and the self, process and pod
 * families of an exposition of a snapshot that has each. Names as series carry them (a
 * counter's `_total` included), which is what PromQL names.
 */
import { deviceFamilies, deviceLabels } from "../../src/render/prometheus_device.ts";
import { healthFamilies } from "../../src/render/prometheus_health.ts";
import { renderExposition } from "../../src/render/prometheus.ts";
import { makeBackend, makeDevice, makeProcess, makeSnapshot } from "../render/snapshot_builder.ts";

/** The `# TYPE` names of an exposition in the Prometheus text format. */
export function typedNames(exposition: string): string[] {
  return [...exposition.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]!);
}

export function exporterMetricNames(): Set<string> {
  const snapshot = makeSnapshot({
    backends: [makeBackend()],
    devices: [makeDevice({ memoryUsedBytes: 1 })],
    processes: [makeProcess({
      pid: 7,
      gpuMemoryBytes: 1024,
      pod: { uid: "0b9d5e0c-0000-4000-8000-000000000001", namespace: "ml", name: "p", qos: null },
    })],
  });
  const exposition = renderExposition(snapshot, {
    openMetrics: false,
    processMetrics: true,
    maxProcessSeries: 200,
    sampleDurationSeconds: 0.01,
    version: "0",
    denoVersion: "0",
  });
  return new Set([
    ...deviceFamilies([]).map((family) => family.name),
    ...healthFamilies([], deviceLabels, false).map((family) => family.name),
    ...typedNames(exposition),
  ]);
}

/**
 * The metric names a PromQL expression reads: identifiers outside strings, label matchers,
 * grouping lists and range or offset durations, that are not functions or keywords; and the
 * patterns of `__name__=~"…"` matchers. Good enough for the expressions in deploy/ (each
 * checked by promtool too); not a PromQL parser.
 */
export function metricNamesIn(expr: string): { names: string[]; namePatterns: RegExp[] } {
  const namePatterns = [...expr.matchAll(/__name__\s*=~\s*"([^"]*)"/g)].map((match) =>
    new RegExp(`^(?:${match[1]})$`)
  );
  const code = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""') // strings
    .replace(/\{[^}]*\}/g, " ") // label matchers
    .replace(/\[[^\]]*\]/g, " ") // ranges and subqueries
    .replace(/\boffset\s+-?[0-9smhdwy]+/g, " ")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " ");
  const names = new Set<string>();
  for (const match of code.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const name = match[0];
    const next = code.slice(match.index + name.length).trimStart();
    if (next.startsWith("(") || KEYWORDS.has(name)) continue; // a function or a keyword
    const before = code[match.index - 1];
    if (before !== undefined && /[0-9.]/.test(before)) continue; // 1e9, 0.95
    names.add(name);
  }
  return { names: [...names], namePatterns };
}

const KEYWORDS = new Set(["and", "or", "unless", "bool", "inf", "nan", "Inf", "NaN"]);
