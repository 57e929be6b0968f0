import assert from "node:assert/strict";
import { join } from "node:path";
import {
  CLOCK_TICKS_PER_SECOND,
  cpuPercentBetween,
  parseBootTimeSeconds,
  readBootTimeMs,
  startTimeIso,
} from "../../src/linux/process_times.ts";
import { withTempDir } from "../support/temp_dir.ts";

Deno.test("parseBootTimeSeconds: the btime line of /proc/stat, at a line start only", () => {
  assert.equal(parseBootTimeSeconds("cpu  1 2\nbtime 1704164645\nprocesses 9\n"), 1704164645);
  assert.equal(parseBootTimeSeconds("btime 17\r\n"), 17);
  assert.equal(parseBootTimeSeconds("xbtime 17\n"), null);
  assert.equal(parseBootTimeSeconds("btime -1\n"), null);
  assert.equal(parseBootTimeSeconds("btime 1e9\n"), null);
  assert.equal(parseBootTimeSeconds(null), null);
});

Deno.test("readBootTimeMs reads the proc root's stat; null without one", () =>
  withTempDir((dir) => {
    assert.equal(readBootTimeMs(dir), null);
    Deno.writeTextFileSync(join(dir, "stat"), "btime 100\n");
    assert.equal(readBootTimeMs(dir), 100_000);
  }));

Deno.test("startTimeIso: boot time plus ticks of 1/100 s", () => {
  assert.equal(CLOCK_TICKS_PER_SECOND, 100);
  assert.equal(startTimeIso(1704164645_000, 1234), "2024-01-02T03:04:17.340Z");
  assert.equal(startTimeIso(null, 1), null);
  assert.equal(startTimeIso(0, null), null);
  assert.equal(startTimeIso(0, Number.MAX_SAFE_INTEGER), null, "past Date's range");
});

Deno.test("cpuPercentBetween: ticks over wall time, per core, one decimal", () => {
  assert.equal(cpuPercentBetween(100, 150, 1000), 50);
  assert.equal(cpuPercentBetween(0, 400, 1000), 400, "four cores");
  assert.equal(cpuPercentBetween(0, 1, 3000), 0.3);
  assert.equal(cpuPercentBetween(5, 5, 1000), 0);
  assert.equal(cpuPercentBetween(10, 5, 1000), null, "ticks went back");
  assert.equal(cpuPercentBetween(0, 5, 0), null, "no time passed");
  assert.equal(cpuPercentBetween(0, 5, -1), null);
});
