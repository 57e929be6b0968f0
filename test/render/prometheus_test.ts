import { escapeText } from "../../src/render/escape_text.ts";
import assert from "node:assert/strict";
import {
  escapeLabelValue,
  type ExpositionOptions,
  renderExposition,
  selectProcessSeries,
  wantsOpenMetrics,
} from "../../src/render/prometheus.ts";
import { testWithProgram } from "../support/require_program.ts";
import { makeBackend, makeDevice, makeProcess, makeSnapshot } from "./snapshot_builder.ts";

const OPTIONS: ExpositionOptions = {
  openMetrics: false,
  processMetrics: true,
  maxProcessSeries: 200,
  sampleDurationSeconds: 0.012,
  version: "0.1.0",
  denoVersion: "2.9.6",
};

const GPU = makeDevice({
  index: 0,
  name: "NVIDIA A100",
  uuid: "GPU-1",
  pciBusId: "0000:07:00.0",
  vendor: "nvidia",
  memoryUsedBytes: 4861198336,
  memoryTotalBytes: 85899345920,
  utilizationPercent: 87,
  engines: { encode: 12, decode: 34 },
  temperatureCelsius: 64,
  powerWatts: 123.456,
  energyJoules: 987654321.012,
  graphicsClockMHz: 1095,
  fanPercent: 30,
});

const SNAPSHOT = makeSnapshot({
  timestamp: "2025-01-01T00:00:00.000Z",
  backends: [makeBackend({ id: "nvml" }), makeBackend({ id: "drm", status: "unavailable" })],
  devices: [GPU],
  processes: [
    makeProcess({
      pid: 4242,
      name: "python3",
      command: "python3 secret-token.py",
      gpuMemoryBytes: 2147483648,
    }),
    makeProcess({ pid: 7, name: "tiny", gpuMemoryBytes: 1024 }),
    makeProcess({ pid: 8, name: "unknown-memory", gpuMemoryBytes: null }),
  ],
});

const LABELS =
  'index="0",uuid="GPU-1",pci_bus_id="0000:07:00.0",name="NVIDIA A100",vendor="nvidia"';

Deno.test("renderExposition: units in names, base units, the device's labels", () => {
  const text = renderExposition(SNAPSHOT, OPTIONS);
  const lines = text.split("\n");
  const has = (line: string) => assert.ok(lines.includes(line), `missing: ${line}\n${text}`);
  has(`gputop_device_memory_used_bytes{${LABELS}} 4861198336`);
  has(`gputop_device_memory_total_bytes{${LABELS}} 85899345920`);
  has(`gputop_device_utilization_ratio{${LABELS}} 0.87`); // 87 % ÷ 100
  has(`gputop_device_engine_utilization_ratio{${LABELS},engine="decode"} 0.34`);
  has(`gputop_device_engine_utilization_ratio{${LABELS},engine="encode"} 0.12`);
  has(`gputop_device_temperature_celsius{${LABELS}} 64`);
  has(`gputop_device_power_watts{${LABELS}} 123.456`);
  has("# TYPE gputop_device_energy_joules_total counter");
  has(`gputop_device_energy_joules_total{${LABELS}} 987654321.012`);
  has(`gputop_device_graphics_clock_hertz{${LABELS}} 1095000000`); // 1095 MHz × 10⁶
  has(`gputop_device_fan_ratio{${LABELS}} 0.3`);
  has('gputop_backend_up{backend="nvml"} 1');
  has('gputop_backend_up{backend="drm"} 0');
  has("gputop_scrape_duration_seconds 0.012");
  has("gputop_last_reading_timestamp_seconds 1735689600"); // 2025-01-01T00:00:00Z
  has('gputop_build_info{version="0.1.0",deno="2.9.6"} 1');
});

Deno.test("renderExposition: unknown values leave their series out, never a sentinel", () => {
  const text = renderExposition(SNAPSHOT, OPTIONS);
  // powerLimitWatts, memoryClockMHz, memoryFreeBytes, memoryUtilizationPercent are null
  for (
    const absent of [
      "power_limit_watts",
      "memory_clock_hertz",
      "memory_free_bytes",
      "memory_utilization_ratio",
    ]
  ) {
    assert.doesNotMatch(text, new RegExp(`gputop_device_${absent}`), absent);
  }
  assert.doesNotMatch(text, /pid="8"/, "a process with unknown memory has no series");
  assert.doesNotMatch(text, / (NaN|[+-]Inf|-1)$/m);
});

Deno.test("renderExposition: process series by pid, comm and device, never the command line", () => {
  const text = renderExposition(SNAPSHOT, OPTIONS);
  assert.match(
    text,
    /^gputop_process_gpu_memory_bytes\{pid="4242",comm="python3",device="0"\} 2147483648$/m,
  );
  assert.doesNotMatch(text, /secret-token/);
  const off = renderExposition(SNAPSHOT, { ...OPTIONS, processMetrics: false });
  assert.doesNotMatch(off, /gputop_process_/);
});

Deno.test("selectProcessSeries: largest first, at most N, the rest counted", () => {
  const processes = [
    makeProcess({ pid: 1, gpuMemoryBytes: 10 }),
    makeProcess({ pid: 2, gpuMemoryBytes: 30 }),
    makeProcess({ pid: 3, gpuMemoryBytes: 20 }),
    makeProcess({ pid: 2, gpuMemoryBytes: 30 }), // the same pid and device twice: one series
  ];
  const { kept, omitted } = selectProcessSeries(processes, 2);
  assert.deepEqual(kept.map((p) => p.pid), [2, 3]);
  assert.equal(omitted, 1);
  const text = renderExposition(makeSnapshot({ processes }), { ...OPTIONS, maxProcessSeries: 2 });
  assert.match(text, /^gputop_process_series_omitted 1$/m);
});

Deno.test("escapeLabelValue: quotes, backslashes and newlines escaped; controls made visible", () => {
  assert.equal(escapeLabelValue('a"b'), 'a\\"b');
  assert.equal(escapeLabelValue("a\\b"), "a\\\\b");
  // a newline is first made visible (\n, two characters), then its backslash is escaped
  assert.equal(escapeLabelValue("a\nb"), "a\\\\nb");
  assert.equal(escapeLabelValue("x\x1b[31my"), "x\\\\e[31my");
  const hostile = makeSnapshot({
    devices: [makeDevice({ memoryUsedBytes: 1 })],
    processes: [makeProcess({ pid: 9, name: 'evil"\n} 1\nfake_metric 2', gpuMemoryBytes: 5 })],
  });
  const text = renderExposition(hostile, OPTIONS);
  assert.doesNotMatch(text, /^fake_metric/m);
  assert.match(text, /comm="evil\\"\\\\n} 1\\\\nfake_metric 2"/);
});

Deno.test("renderExposition: OpenMetrics names counters without _total and ends with # EOF", () => {
  const text = renderExposition(SNAPSHOT, { ...OPTIONS, openMetrics: true });
  assert.match(text, /^# TYPE gputop_device_energy_joules counter$/m);
  assert.match(text, /^gputop_device_energy_joules_total\{/m);
  assert.ok(text.endsWith("# EOF\n"));
  assert.equal(
    wantsOpenMetrics("application/openmetrics-text;version=1.0.0,text/plain;q=0.5"),
    true,
  );
  assert.equal(wantsOpenMetrics("text/plain"), false);
  assert.equal(wantsOpenMetrics(null), false);
});

async function promtoolCheck(
  promtool: string,
  text: string,
): Promise<{ code: number; output: string }> {
  const child = new Deno.Command(promtool, {
    args: ["check", "metrics"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(text));
  await writer.close();
  const result = await child.output();
  const decoder = new TextDecoder();
  return {
    code: result.code,
    output: decoder.decode(result.stdout) + decoder.decode(result.stderr),
  };
}

testWithProgram("promtool", "promtool check metrics accepts the exposition", async (promtool) => {
  const hostile = makeSnapshot({
    ...SNAPSHOT,
    processes: [
      ...SNAPSHOT.processes,
      makeProcess({ pid: 9, name: 'evil"\\\n}', gpuMemoryBytes: 5, deviceIndex: 0 }),
    ],
  });
  const result = await promtoolCheck(promtool, renderExposition(hostile, OPTIONS));
  assert.equal(result.code, 0, result.output);
  assert.equal(result.output.trim(), "", `promtool found lint problems:\n${result.output}`);
  // promtool can fail: a gauge named like a counter is a lint problem it reports
  const bad = await promtoolCheck(promtool, "# HELP x_total a\n# TYPE x_total gauge\nx_total 1\n");
  assert.notEqual(bad.output.trim(), "");
});

Deno.test("escapeLabelValue: a plain value is returned as is, every other as the full escape", () => {
  const fullEscape = (value: string) =>
    escapeText(value).replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
  for (let code = 0; code < 0x3000; code++) {
    const value = `a${String.fromCharCode(code)}b`;
    assert.equal(escapeLabelValue(value), fullEscape(value), `U+${code.toString(16)}`);
  }
  for (const value of ["", "trainer", "12345", "kube-system", "a\u{1F600}b", "\ud800"]) {
    assert.equal(escapeLabelValue(value), fullEscape(value));
  }
});
