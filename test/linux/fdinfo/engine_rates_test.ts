import assert from "node:assert/strict";
import { type EngineCounters, engineRates } from "../../../src/linux/fdinfo/engine_rates.ts";

function counters(fields: Partial<EngineCounters>): EngineCounters {
  return {
    engineBusyNs: {},
    engineCapacity: {},
    engineCycles: {},
    engineTotalCycles: {},
    ...fields,
  };
}

Deno.test("engineRates: ns counters over the wall clock, divided by capacity", () => {
  const previous = counters({ engineBusyNs: { render: 1_000, video: 0, copy: 5 } });
  const current = counters({
    // render: +250 000 000 ns in 500 ms = 5e8 ns → 50 %
    // video: +500 000 000 ns over 500 ms with capacity 2 → 5e8 / (5e8 × 2) = 50 %
    // copy: +0 → 0 %
    engineBusyNs: { render: 250_001_000, video: 500_000_000, copy: 5 },
    engineCapacity: { video: 2 },
  });
  assert.deepEqual(engineRates(previous, current, 500), { render: 50, video: 50, copy: 0 });
});

Deno.test("engineRates: cycles use Δcycles / Δtotal-cycles, divided by capacity", () => {
  const previous = counters({
    engineCycles: { rcs: 100, ccs: 0 },
    engineTotalCycles: { rcs: 1_000, ccs: 1_000 },
  });
  const current = counters({
    // rcs: +300 busy of +1000 total → 30 %; ccs: +2000 of +1000 with 4 engines → 50 %.
    engineCycles: { rcs: 400, ccs: 2_000 },
    engineTotalCycles: { rcs: 2_000, ccs: 2_000 },
    engineCapacity: { ccs: 4 },
  });
  // The wall clock does not enter: a zero elapsed time still gives the rate.
  assert.deepEqual(engineRates(previous, current, 0), { rcs: 30, ccs: 50 });
});

Deno.test("engineRates: backwards counters give no value for that class", () => {
  const previous = counters({
    engineBusyNs: { render: 900, copy: 0 },
    engineCycles: { rcs: 500 },
    engineTotalCycles: { rcs: 1_000 },
  });
  const current = counters({
    engineBusyNs: { render: 100, copy: 1_000_000 }, // render went back
    engineCycles: { rcs: 400 }, // went back
    engineTotalCycles: { rcs: 2_000 },
  });
  // copy: 1e6 ns in 10 ms = 1e7 ns → 10 %
  assert.deepEqual(engineRates(previous, current, 10), { copy: 10 });
});

Deno.test("engineRates: a total-cycles counter that did not move gives nothing", () => {
  const same = counters({ engineCycles: { rcs: 5 }, engineTotalCycles: { rcs: 10 } });
  assert.deepEqual(engineRates(same, same, 1000), {});
});

Deno.test("engineRates: no elapsed time gives no ns-based value", () => {
  const previous = counters({ engineBusyNs: { render: 0 } });
  const current = counters({ engineBusyNs: { render: 10 } });
  assert.deepEqual(engineRates(previous, current, 0), {});
  assert.deepEqual(engineRates(previous, current, -5), {});
});

Deno.test("engineRates: results are clamped to 0–100", () => {
  // amdgpu sums compute time over rings: 3 s busy in 1 s → clamped to 100.
  const previous = counters({ engineBusyNs: { compute: 0 } });
  const current = counters({ engineBusyNs: { compute: 3_000_000_000 } });
  assert.deepEqual(engineRates(previous, current, 1000), { compute: 100 });
});

Deno.test("engineRates: an ns class missing last time counted from 0 (amdgpu omits zeros)", () => {
  // amdgpu prints drm-engine-<ip> only once non-zero: dec appears with 2e8 ns in 1 s → 20 %.
  const previous = counters({ engineBusyNs: { gfx: 0 } });
  const current = counters({ engineBusyNs: { gfx: 0, dec: 200_000_000 } });
  assert.deepEqual(engineRates(previous, current, 1000), { gfx: 0, dec: 20 });
});

Deno.test("engineRates: a cycles class needs both readings", () => {
  const previous = counters({});
  const current = counters({ engineCycles: { rcs: 5 }, engineTotalCycles: { rcs: 10 } });
  assert.deepEqual(engineRates(previous, current, 1000), {});
});

Deno.test("engineRates: cycles without total-cycles fall back to ns (panfrost, msm)", () => {
  const previous = counters({ engineBusyNs: { fragment: 0 }, engineCycles: { fragment: 0 } });
  const current = counters({
    engineBusyNs: { fragment: 400_000_000 }, // 4e8 ns in 1 s → 40 %
    engineCycles: { fragment: 320_000_000 },
  });
  assert.deepEqual(engineRates(previous, current, 1000), { fragment: 40 });
});
