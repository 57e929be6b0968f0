import assert from "node:assert/strict";
import { LoopingReplay } from "../../src/session/looping_replay.ts";
import { makeDevice, makeSnapshot } from "../render/snapshot_builder.ts";

/** Readings at these offsets (ms) from 12:00:00, each with its offset as the temperature. */
function recordingAt(offsetsMs: number[]) {
  return offsetsMs.map((ms) =>
    makeSnapshot({
      timestamp: new Date(Date.UTC(2025, 5, 1, 12) + ms).toISOString(),
      devices: [makeDevice({ temperatureCelsius: ms })],
    })
  );
}

Deno.test("LoopingReplay: each reading in turn at the recorded pace, then from the first again", async () => {
  let now = 5000;
  const replay = new LoopingReplay(recordingAt([0, 1000, 3000]), () => now);
  const seen: (number | null)[] = [];
  // The usual gap is the median of 1000 and 2000 ms: 2000; one period is 3000 + 2000 ms.
  for (const at of [0, 999, 1000, 2999, 3000, 4999, 5000, 6000, 8000]) {
    now = 5000 + at;
    seen.push((await replay.sample()).devices[0]!.temperatureCelsius);
  }
  assert.deepEqual(seen, [0, 0, 1000, 1000, 3000, 3000, 0, 1000, 3000]);
  assert.equal(replay.tickMs, 500, "half the shortest gap: no reading is missed");
});

Deno.test("LoopingReplay: one reading, or a clock step back, still loops sanely", async () => {
  let now = 0;
  const one = new LoopingReplay(recordingAt([0]), () => now);
  now = 123_456;
  assert.equal((await one.sample()).devices[0]!.temperatureCelsius, 0);
  const stepped = new LoopingReplay(recordingAt([0, 2000, 1000]), () => now);
  assert.equal(stepped.position, 0);
  now += 2000;
  // The third reading is stamped before the second: due with it, the later line wins.
  assert.equal(stepped.position, 2);
  assert.throws(() => new LoopingReplay([]), /at least one reading/);
});
