/**
 * sysfs value readers under hostile file contents (huge, negative, NaN, binary, long lines,
 * CRLF, missing): they never throw, and what they return is null or a number of the kind
 * the caller relies on.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import fc from "../../support/fast_check.ts";
import { readBigIntOrNull, readIntOrNull, readLineOrNull } from "../../../src/linux/read_file.ts";
import { parseDpmTable } from "../../../src/linux/sysfs/amdgpu.ts";
import { parseHex, parseUevent } from "../../../src/linux/sysfs/drm_cards.ts";
import {
  type Hwmon,
  readEnergyMicrojoules,
  readFanPercent,
  readTemperatures,
  readWatts,
} from "../../../src/linux/sysfs/hwmon.ts";
import {
  hostileKeyValueText,
  hostileText,
  hostileValue,
  PROPERTY_RUNS,
} from "../../support/hostile.ts";
import { withTempDir } from "../../support/temp_dir.ts";

/** A sysfs file's content: a hostile value with or without a (CR)LF after it. */
const fileText = fc.tuple(hostileValue, fc.constantFrom("", "\n", "\r\n")).map(([v, e]) => v + e);

Deno.test("readIntOrNull / readBigIntOrNull / readLineOrNull on hostile files", () => {
  withTempDir((dir) => {
    const path = join(dir, "value");
    fc.assert(
      fc.property(fileText, (text) => {
        Deno.writeTextFileSync(path, text);
        const int = readIntOrNull(path);
        assert.ok(int === null || Number.isSafeInteger(int), `int ${int}`);
        const big = readBigIntOrNull(path);
        assert.ok(big === null || typeof big === "bigint");
        const line = readLineOrNull(path);
        assert.ok(line === null || (line !== "" && !line.includes("\n")));
      }),
      PROPERTY_RUNS,
    );
    assert.equal(readIntOrNull(join(dir, "missing")), null);
  });
});

Deno.test("hwmon readers on hostile sensor files: finite, in their ranges, or null", () => {
  withTempDir((dir) => {
    const files = ["temp1_input", "temp1_label", "power1_average", "pwm1", "fan1_input"]
      .concat(["fan1_max", "energy1_input"]);
    const hwmon: Hwmon = { path: dir, files: new Set(files) };
    fc.assert(
      fc.property(fc.array(fileText, { minLength: files.length, maxLength: files.length }), (v) => {
        files.forEach((file, i) => Deno.writeTextFileSync(join(dir, file), v[i] ?? ""));
        for (const celsius of Object.values(readTemperatures(hwmon) ?? {})) {
          assert.ok(Number.isFinite(celsius), `°C ${celsius}`);
        }
        const watts = readWatts(hwmon, "power1_average");
        assert.ok(watts === null || (Number.isFinite(watts) && watts >= 0), `W ${watts}`);
        const fan = readFanPercent(hwmon);
        assert.ok(fan === null || (fan >= 0 && fan <= 100), `fan ${fan}`);
        const energy = readEnergyMicrojoules(hwmon);
        assert.ok(energy === null || typeof energy === "bigint");
      }),
      { numRuns: 100 }, // seven files written per run
    );
  });
});

Deno.test("parseDpmTable on hostile tables: levels are finite non-negative MHz or none", () => {
  const level = fc.tuple(fc.nat(9), hostileValue, fc.constantFrom("Mhz", "MHz", "Mhz *", ""))
    .map(([n, mhz, tail]) => `${n}: ${mhz}${tail}`);
  const table = fc.tuple(fc.array(fc.oneof(level, hostileText), { maxLength: 12 }), fc.boolean())
    .map(([lines, crlf]) => lines.join(crlf ? "\r\n" : "\n"));
  fc.assert(
    fc.property(table, (text) => {
      const dpm = parseDpmTable(text);
      if (dpm === null) return;
      for (const mhz of [dpm.currentMHz, dpm.maxMHz]) {
        assert.ok(mhz === null || (Number.isFinite(mhz) && mhz >= 0), `MHz ${mhz}`);
      }
    }),
    PROPERTY_RUNS,
  );
});

Deno.test("parseUevent and parseHex on hostile text never throw", () => {
  const uevent = hostileKeyValueText(["DRIVER", "PCI_ID", "PCI_SLOT_NAME", "MAJOR"], "=");
  fc.assert(
    fc.property(fc.oneof(uevent, hostileText), (text) => {
      const fields = parseUevent(text);
      for (const value of Object.values(fields)) {
        assert.ok(value === undefined || typeof value === "string");
        const hex = parseHex(value);
        assert.ok(hex === null || (Number.isSafeInteger(hex) && hex >= 0 && hex <= 0xffffffff));
      }
    }),
    PROPERTY_RUNS,
  );
});
