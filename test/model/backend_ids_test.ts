import assert from "node:assert/strict";
import { BACKEND_IDS } from "../../src/model/backend_ids.ts";
import { type BackendDescriptor, BACKENDS } from "../../src/backends/mod.ts";

Deno.test("BACKEND_IDS lists exactly the registry's ids, in registry order", () => {
  assert.deepEqual([...BACKEND_IDS], BACKENDS.map((descriptor) => descriptor.id));
});

Deno.test("each registry entry carries its backend module's own descriptor fields", async () => {
  const modules: Record<string, BackendDescriptor> = {
    nvml: (await import("../../src/backends/nvml/backend.ts")).nvmlBackend,
    "nvidia-smi": (await import("../../src/backends/nvidia-smi/backend.ts")).nvidiaSmiBackend,
    "level-zero": (await import("../../src/backends/level-zero/backend.ts")).levelZeroBackend,
    amdsmi: (await import("../../src/backends/amdsmi/backend.ts")).amdsmiBackend,
    drm: (await import("../../src/backends/drm/backend.ts")).drmBackend,
    macmon: (await import("../../src/backends/macmon/backend.ts")).macmonBackend,
  };
  const oses = ["linux", "windows", "darwin", "freebsd"] as const;
  for (const entry of BACKENDS) {
    const own = modules[entry.id];
    assert.ok(own, entry.id);
    assert.equal(entry.summary, own.summary, entry.id);
    assert.deepEqual(entry.fallbackFor, own.fallbackFor, entry.id);
    assert.equal(entry.libraryLifetime, own.libraryLifetime, entry.id);
    for (const os of oses) {
      assert.equal(entry.defaultOn(os), own.defaultOn(os), `${entry.id} ${os}`);
    }
    // The registry's entry loads the module when opened; the module's own does not need to.
    assert.equal(typeof entry.preload, "function", entry.id);
  }
});
