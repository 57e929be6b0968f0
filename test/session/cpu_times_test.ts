import assert from "node:assert/strict";
import { CpuTimes } from "../../src/session/cpu_times.ts";
import type { StatFields } from "../../src/linux/process_info.ts";

function stat(startTime: string, cpuTicks: number | null): StatFields {
  return { startTime, rssPages: null, startTicks: Number(startTime), state: "S", cpuTicks };
}

Deno.test("CpuTimes: null on first sight, then the rate since the previous sample", () => {
  const cpu = new CpuTimes();
  assert.equal(cpu.percentFor(1, stat("10", 100), 0), null);
  cpu.endSample();
  assert.equal(cpu.percentFor(1, stat("10", 150), 1000), 50);
  cpu.endSample();
  assert.equal(cpu.percentFor(1, stat("10", 350), 2000), 200);
});

Deno.test("CpuTimes: another process on the same pid, or one absent a sample, starts over", () => {
  const cpu = new CpuTimes();
  cpu.percentFor(1, stat("10", 100), 0);
  cpu.percentFor(2, stat("20", 100), 0);
  cpu.endSample();
  assert.equal(cpu.percentFor(1, stat("11", 150), 1000), null, "new start time");
  cpu.endSample();
  cpu.endSample(); // pid 2 not read in this sample
  assert.equal(cpu.percentFor(2, stat("20", 300), 3000), null, "forgotten");
});

Deno.test("CpuTimes: unknown ticks or no stat give null", () => {
  const cpu = new CpuTimes();
  assert.equal(cpu.percentFor(1, null, 0), null);
  assert.equal(cpu.percentFor(1, stat("10", null), 0), null);
  cpu.endSample();
  assert.equal(cpu.percentFor(1, stat("10", 5), 1000), null);
});
