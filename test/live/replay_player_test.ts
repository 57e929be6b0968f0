import assert from "node:assert/strict";
import { ReplayPlayer } from "../../src/live/replay_player.ts";
import { makeSnapshot } from "../render/snapshot_builder.ts";

const READINGS = ["00", "01", "03", "04"].map((s) =>
  makeSnapshot({ timestamp: `2025-06-01T12:00:${s}.000Z` })
);

Deno.test("ReplayPlayer: the recorded pace, one reading a tick, stopping at the last", async () => {
  let now = 0;
  const player = new ReplayPlayer(READINGS, 2, () => now);
  const shown = async () => (await player.sample()).timestamp.slice(17, 19);
  assert.equal(await shown(), "00");
  now = 999;
  assert.equal(await shown(), "00");
  now = 1000;
  assert.equal(await shown(), "01");
  now = 2500; // the next gap is 2 s
  assert.equal(await shown(), "01");
  now = 3000;
  assert.equal(await shown(), "03");
  now = 10_000;
  assert.equal(await shown(), "04");
  assert.deepEqual(player.status(), {
    position: 4,
    total: 4,
    speed: 1,
    playing: false,
    skipped: 2,
  });
});

Deno.test("ReplayPlayer: space pauses, ← → step, + - speed", async () => {
  let now = 0;
  const player = new ReplayPlayer(READINGS, 0, () => now);
  player.togglePlaying();
  now = 5000;
  assert.equal((await player.sample()).timestamp.slice(17, 19), "00", "paused");
  player.step(1);
  player.step(1);
  assert.equal(player.current.timestamp.slice(17, 19), "03");
  player.step(-1);
  assert.deepEqual(player.upToCurrent(5).map((s) => s.timestamp.slice(17, 19)), ["00", "01"]);
  player.changeSpeed(1);
  player.changeSpeed(1);
  assert.equal(player.speed, 4);
  player.togglePlaying(); // play on from 01 at 4×: the 2 s gap takes 500 ms
  now += 499;
  assert.equal((await player.sample()).timestamp.slice(17, 19), "01");
  now += 1;
  assert.equal((await player.sample()).timestamp.slice(17, 19), "03");
  for (let i = 0; i < 20; i++) player.changeSpeed(-1);
  assert.equal(player.speed, 0.25);
});
