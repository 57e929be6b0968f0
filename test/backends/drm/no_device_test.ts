/**
 * The registry's early answer for the drm backend must be the backend's own: where it answers,
 * the backend's listing is empty and its open gives the same result; where a device entry is
 * there it stays out of the way.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { drmBackend } from "../../../src/backends/drm/backend.ts";
import { drmOpenWithoutModule, noDrmNodes } from "../../../src/backends/drm/no_device.ts";
import {
  ACCEL_SCENARIOS,
  PLATFORM_SCENARIOS,
  procRootOf,
  SCENARIOS,
  sysRootOf,
} from "../../linux/sysfs/fixture_tree.ts";
import { testContext } from "../../support/backend_context.ts";

Deno.test("noDrmNodes: false on every fixture with a card or an accel node", () => {
  for (const scenario of [...SCENARIOS, ...PLATFORM_SCENARIOS, ...ACCEL_SCENARIOS]) {
    assert.equal(noDrmNodes(sysRootOf(scenario)), false, scenario);
  }
});

Deno.test("no device entry: the early answer is the backend's own open, kernel release included", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-no-drm-" });
  try {
    const proc = join(dir, "proc");
    const sys = join(dir, "sys");
    Deno.mkdirSync(join(proc, "sys", "kernel"), { recursive: true });
    Deno.writeTextFileSync(join(proc, "sys", "kernel", "osrelease"), "6.8.0-45-generic\n");
    // Entries that are not devices: a connector, the version file, an accel dir without nodes.
    Deno.mkdirSync(join(sys, "class", "drm", "card0-DP-1"), { recursive: true });
    Deno.writeTextFileSync(join(sys, "class", "drm", "version"), "drm 1.1.0 20060810\n");
    Deno.mkdirSync(join(sys, "class", "accel"), { recursive: true });
    const ctx = testContext({ procRoot: proc, sysRoot: sys });
    assert.equal(noDrmNodes(sys), true);
    const early = drmOpenWithoutModule(ctx);
    assert.deepEqual(early, {
      status: "unavailable",
      detail: `no DRM GPU found in ${join(sys, "class", "drm")}`,
      library: null,
      version: "6.8.0-45-generic",
    });
    assert.deepEqual(await drmBackend.create(ctx).open(), early);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("no sys tree at all: unavailable with no version, as the backend says", async () => {
  const ctx = testContext();
  assert.deepEqual(drmOpenWithoutModule(ctx), await drmBackend.create(ctx).open());
  assert.equal(drmOpenWithoutModule(ctx)?.version, null);
});

Deno.test("a card entry there: no early answer (the backend's listing decides)", () => {
  const ctx = testContext({
    procRoot: procRootOf("amdgpu-discrete"),
    sysRoot: sysRootOf("amdgpu-discrete"),
  });
  assert.equal(drmOpenWithoutModule(ctx), null);
});
