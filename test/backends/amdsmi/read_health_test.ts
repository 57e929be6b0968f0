/**
 * AMD SMI health through the fake, once per layout generation: the healthy and the sick
 * MI300X, the desktop board without RAS, garbage values, the slow values read at most every
 * 10 s, and the link conversion alone. Expected values are worked by hand from the fake's
 * scenarios (expected.ts restates them).
 */
import assert from "node:assert/strict";
import { amdsmiBackend } from "../../../src/backends/amdsmi/backend.ts";
import { pcieFields } from "../../../src/backends/amdsmi/read_health.ts";
import { SLOW_HEALTH_REFRESH_MS } from "../../../src/backends/slow_health_cache.ts";
import {
  buildFakeAmdsmi,
  type FakeAmdsmiScenario,
  type FakeAmdsmiVariant,
  GENERATION_VARIANTS,
  openFakeAmdsmiHooks,
  setFakeAmdsmiScenario,
} from "../../fakes/amdsmi/build_fake.ts";
import { testContext } from "../../support/backend_context.ts";
import { fakeAmdsmiTest } from "./_support.ts";
import { MI300_GPU0_ID, MI300_GPU1_ID, MI300_HEALTHY, MI300_SICK } from "./expected.ts";
import type { DeviceReading } from "../../../src/model/types.ts";

const HEALTH_KEYS = Object.keys(MI300_HEALTHY) as (keyof DeviceReading)[];

function healthOf(device: DeviceReading | undefined): Partial<DeviceReading> {
  return Object.fromEntries(HEALTH_KEYS.map((key) => [key, device?.[key]]));
}

async function readOnce(variant: FakeAmdsmiVariant, scenario: FakeAmdsmiScenario) {
  const path = await buildFakeAmdsmi(variant);
  setFakeAmdsmiScenario(scenario);
  const backend = amdsmiBackend.create(testContext({ env: { GPUTOP_AMDSMI_LIB: path } }));
  try {
    assert.equal((await backend.open()).status, "ok");
    return await backend.read();
  } finally {
    backend.close();
  }
}

for (const variant of GENERATION_VARIANTS) {
  fakeAmdsmiTest(`${variant}: a healthy and a sick MI300X`, async () => {
    const reading = await readOnce(variant, "mi300-sick");
    const [gpu0, gpu1] = reading.devices;
    assert.equal(gpu0?.localId, MI300_GPU0_ID);
    assert.deepEqual(healthOf(gpu0), MI300_HEALTHY);
    assert.equal(gpu1?.localId, MI300_GPU1_ID);
    assert.deepEqual(healthOf(gpu1), MI300_SICK);
    assert.equal(gpu1?.error, null);
  });
}

fakeAmdsmiTest(
  "garbage health values are null, and a bad page count past any board is named",
  async () => {
    const [device] = (await readOnce("a70", "garbage")).devices;
    for (const key of HEALTH_KEYS) assert.equal(device?.[key], null, key);
    assert.match(
      device?.error ?? "",
      /bad pages: library reported 4294967295 pages \(more than 65536\); not trusted/,
    );
  },
);

fakeAmdsmiTest(
  "ECC mode and bad pages are read at most every 10 s; the link every sample",
  async () => {
    const path = await buildFakeAmdsmi("a63");
    setFakeAmdsmiScenario("mi300");
    let now = 1_000;
    const ctx = testContext({ env: { GPUTOP_AMDSMI_LIB: path }, nowMs: () => now });
    const backend = amdsmiBackend.create(ctx);
    const hooks = openFakeAmdsmiHooks(path);
    const calls = () => ({
      ecc: hooks.symbols.fake_amdsmi_ecc_enabled_calls(),
      pages: hooks.symbols.fake_amdsmi_bad_page_calls(),
      pcie: hooks.symbols.fake_amdsmi_pcie_info_calls(),
    });
    try {
      await backend.open();
      const start = calls();
      const delta = () => {
        const c = calls();
        return { ecc: c.ecc - start.ecc, pages: c.pages - start.pages, pcie: c.pcie - start.pcie };
      };
      await backend.read();
      // Two GPUs, each: one ECC-mode call, one bad-page call (the count; the healthy board has
      // no page, so no second call for records), one link call.
      assert.deepEqual(delta(), { ecc: 2, pages: 2, pcie: 2 });
      now += SLOW_HEALTH_REFRESH_MS - 1;
      const second = await backend.read();
      assert.deepEqual(delta(), { ecc: 2, pages: 2, pcie: 4 });
      assert.equal(second.devices[0]?.eccEnabled, true); // from the cache
      now += 1;
      await backend.read();
      assert.deepEqual(delta(), { ecc: 4, pages: 4, pcie: 6 });
    } finally {
      backend.close();
      hooks.close();
    }
  },
);

Deno.test("the link: MT/s to generation, lanes, and the unknown values", () => {
  assert.deepEqual(
    pcieFields({ maxWidth: 16, maxSpeedMts: 64000, width: 4, speedMts: 8000, replayCount: 3n }),
    {
      pcieGeneration: 3,
      pcieWidth: 4,
      pcieGenerationMax: 6,
      pcieWidthMax: 16,
      pcieReplayCount: 3,
    },
  );
  // 0 lanes, 0xFFFF lanes, a speed no generation has, all-ones speed and count.
  assert.deepEqual(
    pcieFields({
      maxWidth: 0xffff,
      maxSpeedMts: 0xffffffff,
      width: 0,
      speedMts: 16,
      replayCount: 0xffffffffffffffffn,
    }),
    {
      pcieGeneration: null,
      pcieWidth: null,
      pcieGenerationMax: null,
      pcieWidthMax: null,
      pcieReplayCount: null,
    },
  );
});
