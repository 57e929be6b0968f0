import assert from "node:assert/strict";
import {
  type MacmonSample,
  parseMacmonLine,
  parseMacmonOutput,
} from "../../../src/backends/macmon/parse_sample.ts";
import { deviceNameFromSoc, parseSocInfo } from "../../../src/backends/macmon/soc_info.ts";
import { fixtureLines, FIXTURES } from "../../fakes/macmon/fake.ts";
import { EXPECTED_SAMPLES } from "./expected_samples.ts";

function sampleOf(text: string): MacmonSample {
  const result = parseMacmonLine(text);
  if (!result.ok) throw new Error(`expected a sample, got: ${result.reason}`);
  return result.sample;
}

for (const name of FIXTURES) {
  Deno.test(`parseMacmonLine reads every line of ${name}`, () => {
    const lines = fixtureLines(name);
    assert.equal(lines.length, EXPECTED_SAMPLES[name].length);
    lines.forEach((line, i) =>
      assert.deepEqual(sampleOf(line), EXPECTED_SAMPLES[name][i], `line ${i + 1}`)
    );
  });
}

Deno.test("parseMacmonOutput takes the first sample of several lines", () => {
  const text = fixtureLines("pre-v0.6-no-timestamp.jsonl").join("\n") + "\n";
  const result = parseMacmonOutput(text);
  assert.ok(result.ok);
  assert.equal(result.sample.gpuFreqMHz, 169);
});

Deno.test("parseMacmonOutput skips a stray line before the sample", () => {
  const [line] = fixtureLines("v0.6.1-readme.jsonl");
  const result = parseMacmonOutput(`warning: something\n${line}\n`);
  assert.ok(result.ok);
  assert.equal(result.sample.gpuFreqMHz, 461);
});

Deno.test("parseMacmonOutput gives the reason when nothing parses", () => {
  assert.deepEqual(parseMacmonOutput(""), { ok: false, reason: "no output" });
  assert.deepEqual(parseMacmonOutput("\n  \n"), { ok: false, reason: "no output" });
  const result = parseMacmonOutput("Error: IOReport subscription failed\n");
  assert.equal(result.ok, false);
  assert.match(!result.ok ? result.reason : "", /^not JSON: "Error: IOReport/);
});

Deno.test("unknown extra fields are ignored", () => {
  const [line] = fixtureLines("v0.8.0-m1max.jsonl");
  const value = JSON.parse(line as string);
  value.future_metric = { nested: [1, 2, 3] };
  value.memory.ram_future = "x";
  value.temp.sensor_future = 1;
  assert.deepEqual(sampleOf(JSON.stringify(value)), EXPECTED_SAMPLES["v0.8.0-m1max.jsonl"][0]);
});

Deno.test("the newest GPU key wins: scaled ratio, then 0.8.0 usage ratio, then the tuple", () => {
  const base = { "gpu_usage": [300, 0.5] };
  assert.equal(sampleOf(JSON.stringify(base)).gpuUtilizationPercent, 50);
  assert.equal(
    sampleOf(JSON.stringify({ ...base, "gpu_usage_ratio": 0.25 })).gpuUtilizationPercent,
    25,
  );
  assert.equal(
    sampleOf(JSON.stringify({ ...base, "gpu_usage_ratio": 0.25, "gpu_scaled_ratio": 0.125 }))
      .gpuUtilizationPercent,
    12.5,
  );
  assert.equal(sampleOf(JSON.stringify({ ...base, "gpu_freq_mhz": 400 })).gpuFreqMHz, 400);
});

Deno.test("active residency is GPU use only when the line has no scaled figure at all", () => {
  const active = { "gpu_active_ratio": 0.75 };
  // Each scaled key, newest first, wins over the active residency.
  const scaled: [Record<string, unknown>, number][] = [
    [{ "gpu_scaled_ratio": 0.125 }, 12.5],
    [{ "gpu_usage_ratio": 0.25 }, 25],
    [{ "gpu_usage": [300, 0.5] }, 50],
  ];
  for (const [keys, percent] of scaled) {
    const sample = sampleOf(JSON.stringify({ ...active, ...keys }));
    assert.equal(sample.gpuUtilizationPercent, percent, JSON.stringify(keys));
    assert.equal(sample.gpuActivePercent, 75);
  }
  // No scaled key: the active residency (a line with it alone is a sample, not refused).
  assert.equal(sampleOf(JSON.stringify(active)).gpuUtilizationPercent, 75);
  const noTuple = sampleOf(JSON.stringify({ ...active, "gpu_freq_mhz": 461 }));
  assert.equal(noTuple.gpuUtilizationPercent, 75);
  assert.equal(noTuple.gpuFreqMHz, 461, "the clock without the tuple");
});

Deno.test("values macmon writes for 'no reading' become null", () => {
  const sample = sampleOf(JSON.stringify({
    // 0 MHz: GPU not active during the sample; 0 °C: no sensor passed macmon's (0, 150] check.
    "gpu_usage": [0, 0.0],
    temp: { "cpu_temp_avg": 0.0, "gpu_temp_avg": 0.0 },
    "gpu_power": 0.0,
  }));
  assert.equal(sample.gpuFreqMHz, null);
  assert.equal(sample.gpuTempCelsius, null);
  assert.equal(sample.gpuUtilizationPercent, 0); // an idle GPU is 0 %, a real reading
  assert.equal(sample.gpuPowerWatts, 0);
  assert.equal(sample.ramTotalBytes, null); // no memory object
  assert.equal(sample.ramUsedBytes, null);
  for (const temp of [-5, 200, 150.5]) {
    assert.equal(
      sampleOf(JSON.stringify({ "gpu_usage": [1, 0], temp: { "gpu_temp_avg": temp } }))
        .gpuTempCelsius,
      null,
      String(temp),
    );
  }
});

Deno.test("null numbers (serde_json's NaN) are unknown, not a failure", () => {
  const sample = sampleOf(JSON.stringify({
    "gpu_usage": [null, null],
    "gpu_power": null,
    temp: { "gpu_temp_avg": null },
    memory: { "ram_total": null, "ram_usage": null },
  }));
  assert.equal(sample.gpuUtilizationPercent, null);
  assert.equal(sample.gpuFreqMHz, null);
  assert.equal(sample.gpuPowerWatts, null);
  assert.equal(sample.gpuTempCelsius, null);
  assert.equal(sample.ramTotalBytes, null);
});

Deno.test("a ratio out of 0–1 is clamped to 0–100 %", () => {
  assert.equal(sampleOf('{"gpu_usage":[1296,1.0000001]}').gpuUtilizationPercent, 100);
  assert.equal(sampleOf('{"gpu_usage":[1296,-0.01]}').gpuUtilizationPercent, 0);
  assert.equal(sampleOf('{"gpu_usage":[1296,0.5],"gpu_power":-1}').gpuPowerWatts, null);
});

Deno.test("a line without the GPU usage keys still gives power, temperature and memory", () => {
  // The v0.6.1 readme example (fixtures/macmon) with its gpu_usage tuple removed.
  const line = JSON.stringify({
    temp: { cpu_temp_avg: 43.73614, gpu_temp_avg: 36.95167 },
    memory: { ram_total: 25769803776, ram_usage: 20985479168 },
    gpu_power: 0.017451683,
  });
  const sample = sampleOf(line);
  assert.equal(sample.gpuUtilizationPercent, null);
  assert.equal(sample.gpuFreqMHz, null);
  assert.equal(sample.gpuPowerWatts, 0.017451683);
  assert.equal(sample.gpuTempCelsius, 36.95167);
  assert.equal(sample.ramTotalBytes, 25769803776);
  assert.equal(sample.ramUsedBytes, 20985479168);
  // Memory alone is a partial reading too.
  assert.equal(sampleOf('{"memory":{"ram_total":1,"ram_usage":1}}').ramTotalBytes, 1);
});

Deno.test("lines that are not a macmon sample fail with a reason", () => {
  const cases: [string, RegExp][] = [
    ["", /^empty line$/],
    ["   \t", /^empty line$/],
    ["garbage", /^not JSON: "garbage"$/],
    ['{"gpu_usage":[1,0.5]', /^not JSON/], // truncated line
    ["x".repeat(500), /^not JSON: "x{60}…"$/], // long text is cut in the reason
    ["[169, 0.0027]", /^not a JSON object/],
    ["42", /^not a JSON object/],
    ["null", /^not a JSON object/],
    ['"text"', /^not a JSON object/],
    ["{}", /no GPU reading/],
    ['{"cpu_power":1.0,"temp":{"cpu_temp_avg":50}}', /no GPU reading/],
    ['{"gpu_usage":"high"}', /^not a macmon sample: gpu_usage: /],
    ['{"gpu_usage":[169]}', /^not a macmon sample: gpu_usage/],
    ['{"gpu_usage":[169,0.1],"memory":{"ram_total":"8 GB"}}', /memory\.ram_total/],
    ['{"gpu_usage":[169,0.1],"temp":"hot"}', /^not a macmon sample: temp: /],
    ['{"gpu_scaled_ratio":"0.5"}', /gpu_scaled_ratio/],
  ];
  for (const [text, reason] of cases) {
    const result = parseMacmonLine(text);
    assert.equal(result.ok, false, text);
    assert.match(!result.ok ? result.reason : "", reason, text);
  }
});

Deno.test("an out-of-range memory figure keeps the line; it is passed on for the guard", () => {
  // -1, 1.5 and 1e308 are no byte counts, but the line's other figures still count: the
  // final guard (src/model/sanitize_snapshot.ts) turns the figure into null and counts it.
  for (const total of ["-1", "1.5", "1e308"]) {
    const sample = sampleOf(`{"gpu_usage":[169,0.1],"memory":{"ram_total":${total}}}`);
    assert.equal(sample.ramTotalBytes, Number(total));
    assert.equal(sample.gpuFreqMHz, 169);
    assert.equal(sample.gpuUtilizationPercent, 10); // 0.1 × 100
  }
});

Deno.test("a malformed soc object costs only the name", () => {
  const sample = sampleOf('{"gpu_usage":[388,0.1],"soc":{"chip_name":5}}');
  assert.equal(sample.soc, null);
  assert.equal(sample.gpuFreqMHz, 388);
  assert.equal(sampleOf('{"gpu_usage":[388,0.1],"soc":"M1"}').soc, null);
});

Deno.test("parseSocInfo and deviceNameFromSoc", () => {
  assert.equal(parseSocInfo(undefined), null);
  assert.equal(parseSocInfo(null), null);
  assert.equal(deviceNameFromSoc(null), "Apple GPU");
  // macmon's placeholders when system_profiler gave nothing.
  const unknown = parseSocInfo({ "chip_name": "Unknown chip", "mac_model": "Unknown model" });
  assert.deepEqual(unknown, { chipName: null, macModel: null, gpuCores: null, memoryGb: null });
  assert.equal(deviceNameFromSoc(unknown), "Apple GPU");
  assert.equal(deviceNameFromSoc(parseSocInfo({ "chip_name": "  " })), "Apple GPU");
  assert.equal(deviceNameFromSoc(parseSocInfo({ "chip_name": " Apple M3 Pro " })), "Apple M3 Pro");
  // memory_gb is 0 when macmon could not read it (e.g. ≥ 256 GB before 0.7.1).
  assert.equal(parseSocInfo({ "chip_name": "Apple M2 Ultra", "memory_gb": 0 })?.memoryGb, null);
});
