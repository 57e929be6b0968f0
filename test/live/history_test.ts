import assert from "node:assert/strict";
import { History, historyCapacityFor, MAX_HISTORY_SAMPLES } from "../../src/live/history.ts";
import { makeDevice, makeSnapshot } from "../render/snapshot_builder.ts";

function sample(second: number, deviceIds: readonly string[]) {
  return makeSnapshot({
    devices: deviceIds.map((id, index) =>
      makeDevice({
        index,
        id,
        utilizationPercent: second % 100,
        memoryUsedBytes: second,
        powerWatts: null,
        temperatureCelsius: 40,
      })
    ),
  });
}

Deno.test("History: 24 h of samples at 1 s keep every ring at its fixed capacity", () => {
  const history = new History(historyCapacityFor(120));
  const ids = ["gpu-a", "gpu-b"];
  const snapshots = [0, 1, 2].map((s) => sample(s, ids));
  for (let second = 0; second < 24 * 3600; second++) {
    // Re-use three readings (building 86 400 would test the builder, not the history).
    history.push(snapshots[second % 3]!);
  }
  assert.deepEqual(history.deviceIds, ids);
  for (const id of ids) {
    const rings = history.ringsOf(id)!;
    for (const ring of Object.values(rings)) {
      assert.equal(ring.capacity, 120);
      assert.equal(ring.length, 120);
    }
    assert.equal(history.seriesOf(id).utilization.length, 120);
    assert.deepEqual(history.seriesOf(id).power.slice(0, 2), [null, null]);
  }
});

Deno.test("History: a device gone from the reading takes its rings with it", () => {
  const history = new History(16);
  history.push(sample(1, ["a", "b"]));
  history.push(sample(2, ["a"]));
  assert.deepEqual(history.deviceIds, ["a"]);
  assert.deepEqual(history.seriesOf("b").utilization, []);
});

Deno.test("History: the capacity follows the terminal width, within bounds", () => {
  assert.equal(historyCapacityFor(120), 120);
  assert.equal(historyCapacityFor(3), 16);
  assert.equal(historyCapacityFor(100_000), MAX_HISTORY_SAMPLES);
  const history = new History(4);
  for (const s of [1, 2, 3, 4]) history.push(sample(s, ["a"]));
  history.resize(2);
  assert.deepEqual(history.seriesOf("a").memory, [3, 4]);
});
