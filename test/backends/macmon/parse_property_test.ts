/**
 * macmon's line parser and version reader under hostile output: never a throw; a sample's
 * numbers are finite and within what the parser documents; garbage never becomes a version.
 */
import assert from "node:assert/strict";
import fc from "../../support/fast_check.ts";
import { parseVersion } from "../../../src/backends/macmon/macmon_program.ts";
import { parseMacmonLine, parseMacmonOutput } from "../../../src/backends/macmon/parse_sample.ts";
import { hostileText, PROPERTY_RUNS } from "../../support/hostile.ts";

/** A JSON number slot: good values, nulls, huge, negative, and wrong types. */
const jsonNumber = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(null, 1e308, -1e308, -1, 0, 2 ** 53, 1e26, "12", true, [], {}),
);

/** Objects shaped like macmon lines of every generation, with hostile values in the slots. */
const macmonObject = fc.record(
  {
    timestamp: fc.oneof(fc.string(), jsonNumber),
    temp: fc.record({ cpu_temp_avg: jsonNumber, gpu_temp_avg: jsonNumber }, {
      requiredKeys: [],
    }),
    memory: fc.record({ ram_total: jsonNumber, ram_usage: jsonNumber }, { requiredKeys: [] }),
    gpu_usage: fc.oneof(fc.tuple(jsonNumber, jsonNumber), jsonNumber),
    gpu_freq_mhz: jsonNumber,
    gpu_usage_ratio: jsonNumber,
    gpu_scaled_ratio: jsonNumber,
    gpu_active_ratio: jsonNumber,
    gpu_power: jsonNumber,
    soc: fc.oneof(fc.record({ chip_name: fc.oneof(fc.string(), jsonNumber) }), jsonNumber),
  },
  { requiredKeys: [] },
);

/** A line: such an object as JSON (with CRLF, duplicate keys by text), or any text. */
const line = fc.oneof(
  { weight: 4, arbitrary: macmonObject.map((o) => JSON.stringify(o)) },
  {
    weight: 1,
    arbitrary: macmonObject.map((o) => {
      // Duplicate keys: JSON.parse keeps the last; the text carries both.
      const text = JSON.stringify(o);
      return text.length > 2 ? `{"gpu_power":-5,${text.slice(1)}` : text;
    }),
  },
  { weight: 1, arbitrary: hostileText },
);
const output = fc.tuple(fc.array(line, { maxLength: 4 }), fc.constantFrom("\n", "\r\n"))
  .map(([lines, end]) => lines.join(end) + end);

function inRange(value: number | null, min: number, max: number): boolean {
  return value === null || (Number.isFinite(value) && value >= min && value <= max);
}

Deno.test("parseMacmonOutput on hostile output: a sample's numbers are in range", () => {
  fc.assert(
    fc.property(output, (text) => {
      const result = parseMacmonOutput(text);
      if (!result.ok) {
        assert.equal(typeof result.reason, "string");
        return;
      }
      const s = result.sample;
      assert.ok(inRange(s.gpuUtilizationPercent, 0, 100), `util ${s.gpuUtilizationPercent}`);
      assert.ok(inRange(s.gpuActivePercent, 0, 100), `active ${s.gpuActivePercent}`);
      assert.ok(inRange(s.gpuTempCelsius, 0, 150), `temp ${s.gpuTempCelsius}`);
      assert.ok(inRange(s.gpuPowerWatts, 0, Number.MAX_VALUE), `power ${s.gpuPowerWatts}`);
      assert.ok(inRange(s.gpuFreqMHz, 0, Number.MAX_VALUE), `freq ${s.gpuFreqMHz}`);
      // Memory is passed on as written (the final guard drops and counts a bad figure):
      // any finite number, never text or NaN.
      for (const bytes of [s.ramTotalBytes, s.ramUsedBytes]) {
        assert.ok(bytes === null || Number.isFinite(bytes), `ram ${bytes}`);
      }
    }),
    PROPERTY_RUNS,
  );
});

Deno.test("parseMacmonLine never throws on any text", () => {
  fc.assert(
    fc.property(hostileText, (text) => {
      assert.equal(typeof parseMacmonLine(text).ok, "boolean");
    }),
    PROPERTY_RUNS,
  );
});

Deno.test("parseVersion: garbage is never a version; a version is one short token", () => {
  fc.assert(
    fc.property(fc.oneof(hostileText, output), (text) => {
      const version = parseVersion(text);
      assert.ok(version === null || /^v?\d[\w.+-]{0,60}$/.test(version), `version ${version}`);
    }),
    PROPERTY_RUNS,
  );
});
