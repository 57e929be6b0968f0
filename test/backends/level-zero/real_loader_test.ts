/**
 * The backend against the real Debian loader (libze1 1.8.x), found by its soname as in
 * production. Without an Intel GPU driver its zeInit answers 0x78000001
 * (ZE_RESULT_ERROR_UNINITIALIZED); with one, the backend must open and read. In CI
 * (CI=true, where .ci/run installs libze1) a missing loader fails instead of skipping.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { levelZeroBackend } from "../../../src/backends/level-zero/backend.ts";
import { openZeLibrary } from "../../../src/backends/level-zero/library.ts";
import { ZeResult } from "../../../src/backends/level-zero/return_codes.ts";
import { procRootOf, sysRootOf } from "../../linux/sysfs/fixture_tree.ts";
import { parseJsonOutput, runCli } from "../../support/run_cli.ts";
import { testContext } from "../../support/backend_context.ts";

const REAL_LOADER = "libze_loader.so.1";
const loadable = openZeLibrary([REAL_LOADER]);
if (loadable.ok) loadable.library.close();
const skip = loadable.ok ? null : `${REAL_LOADER} does not load here (Debian: libze1)`;
if (skip !== null && Deno.env.get("CI") === "true") {
  throw new Error(`CI=true but the real Level Zero loader is missing: ${skip}`);
}
/** A machine with an Intel GPU driver answers zeInit with success instead. */
const driverPresent = existsSync("/dev/dri") && hasRenderNode();

function hasRenderNode(): boolean {
  try {
    return [...Deno.readDirSync("/sys/class/drm")].some((entry) => /^renderD\d+$/.test(entry.name));
  } catch {
    return false;
  }
}

function realTest(name: string, fn: () => Promise<void> | void): void {
  Deno.test({
    name: skip === null ? name : `${name} (skipped: ${skip})`,
    ignore: skip !== null,
    fn,
  });
}

realTest(
  "level-zero on the real loader without a driver: unavailable naming 0x78000001",
  async () => {
    const backend = levelZeroBackend.create(testContext());
    try {
      const opened = await backend.open();
      assert.equal(opened.library, REAL_LOADER);
      if (opened.status === "ok") {
        assert.ok(driverPresent, "ok only where a GPU driver exists");
        return;
      }
      assert.equal(opened.status, "unavailable");
      assert.match(
        opened.detail ?? "",
        /^zeInit failed: ZE_RESULT_ERROR_UNINITIALIZED \(0x78000001\): no Level Zero GPU driver/,
      );
      // Debian's 1.8.x lists no loader component without a driver; another loader may.
      assert.match(opened.version ?? "none", /^(none|loader \d+\.\d+\.\d+)$/);
    } finally {
      backend.close();
      backend.close();
    }
  },
);

realTest("the real loader survives close and re-open, init answering the same each time", () => {
  const codes: number[] = [];
  for (let cycle = 0; cycle < 3; cycle++) {
    const opened = openZeLibrary([REAL_LOADER]);
    assert.ok(opened.ok);
    const init = opened.library.init();
    // Debian's 1.8.x has no zesInit: the core zeInit is what runs.
    assert.equal(init.symbol, opened.library.hasZesInit ? "zesInit" : "zeInit");
    codes.push(init.code);
    if (init.code === ZeResult.SUCCESS) opened.library.drivers(); // handles from this load only
    opened.library.close();
  }
  assert.equal(new Set(codes).size, 1, `same answer after every re-open: ${codes.join(", ")}`);
});

realTest(
  "gputop with the real loader: level-zero unavailable, DRM reading unaffected, exit 0",
  async () => {
    const result = await runCli([
      "snapshot",
      "--json",
      "--lazy-init",
      "--backends",
      "level-zero,drm",
      "--proc-root",
      procRootOf("xe-discrete"),
      "--sys-root",
      sysRootOf("xe-discrete"),
    ]);
    assert.equal(result.code, 0, result.stderr);
    const snapshot = parseJsonOutput(result) as {
      backends: { id: string; status: string; detail: string | null }[];
      devices: { pciBusId: string; name: string; sources: Record<string, string> }[];
    };
    const status = snapshot.backends.find((b) => b.id === "level-zero");
    if (!driverPresent) {
      assert.equal(status?.status, "unavailable");
      assert.match(status?.detail ?? "", /0x78000001/);
    }
    assert.equal(snapshot.backends.find((b) => b.id === "drm")?.status, "ok");
    // The xe-discrete fixture's card, named and sourced by sysfs as without Level Zero.
    assert.deepEqual(snapshot.devices.map((d) => [d.pciBusId, d.name, d.sources.name]), [
      ["0000:03:00.0", "Intel Battlemage G21 [Arc B580]", "drm"],
    ]);
  },
);
