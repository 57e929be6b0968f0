/**
 * Slowly changing health values are read at most every 10 s per device: the cache alone, and
 * the backend over the fake's healthy board with a clock the test moves.
 */
import assert from "node:assert/strict";
import { nvmlBackend } from "../../src/backends/nvml/backend.ts";
import { SLOW_HEALTH_REFRESH_MS, SlowHealthCache } from "../../src/backends/slow_health_cache.ts";
import {
  buildFakeNvml,
  openFakeNvmlHooks,
  setFakeNvmlScenario,
} from "../fakes/nvml/build_fake_nvml.ts";
import { testContext } from "../support/backend_context.ts";
import { fakeNvmlTest } from "./nvml/_support.ts";

Deno.test("SlowHealthCache: reuses a read for 10 s per key, then reads again", () => {
  let now = 0;
  let reads = 0;
  const cache = new SlowHealthCache<number>(() => now);
  const get = (key: string) => cache.get(key, () => ++reads, () => true);
  assert.equal(get("a"), 1);
  now = SLOW_HEALTH_REFRESH_MS - 1;
  assert.equal(get("a"), 1);
  assert.equal(get("b"), 2); // each device on its own
  now = SLOW_HEALTH_REFRESH_MS;
  assert.equal(get("a"), 3);
});

Deno.test("SlowHealthCache: a read that was not whole is not kept", () => {
  let reads = 0;
  const cache = new SlowHealthCache<number>(() => 0);
  assert.equal(cache.get("a", () => ++reads, () => false), 1);
  assert.equal(cache.get("a", () => ++reads, () => true), 2);
  assert.equal(cache.get("a", () => ++reads, () => true), 2);
});

fakeNvmlTest(
  "nvml reads ECC mode and aggregate ECC at most every 10 s, volatile ECC every sample",
  async () => {
    const path = await buildFakeNvml();
    setFakeNvmlScenario("healthy");
    let now = 0;
    const backend = nvmlBackend.create(
      testContext({ env: { GPUTOP_NVML_LIB: path }, nowMs: () => now }),
    );
    const hooks = openFakeNvmlHooks(path);
    const calls = () => [0, 1, 2].map((which) => hooks.symbols.fakeNvmlHealthCalls(which));
    try {
      assert.equal((await backend.open()).status, "ok");
      const before = calls();
      const delta = () => calls().map((count, which) => count - before[which]!);
      const first = await backend.read();
      // Two GPUs: ECC mode once each, two volatile and two aggregate counters each.
      assert.deepEqual(delta(), [2, 4, 4]);
      now = SLOW_HEALTH_REFRESH_MS - 1;
      const second = await backend.read();
      assert.deepEqual(delta(), [2, 8, 4]);
      assert.deepEqual(second.devices[0]!.eccErrors, first.devices[0]!.eccErrors);
      assert.equal(second.devices[0]!.pcieWidthMax, 16);
      assert.equal(second.devices[1]!.retiredPages, 1);
      now = SLOW_HEALTH_REFRESH_MS;
      await backend.read();
      assert.deepEqual(delta(), [4, 12, 8]);
    } finally {
      backend.close();
      hooks.close();
    }
  },
);
