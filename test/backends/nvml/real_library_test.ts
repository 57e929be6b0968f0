/**
 * The backend against the real libnvidia-ml (Debian libnvidia-ml1), found by its soname as
 * in production. Without an NVIDIA kernel driver NVML answers DRIVER_NOT_LOADED; on a
 * machine with one, the backend must open and read.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { nvmlBackend } from "../../../src/backends/nvml/backend.ts";
import { testContext } from "../../support/backend_context.ts";

const REAL_LIBRARY = "/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1";
const realLibrary = existsSync(REAL_LIBRARY);
const driverLoaded = existsSync("/proc/driver/nvidia/version");
const skip = realLibrary ? null : `${REAL_LIBRARY} not installed (Debian: libnvidia-ml1)`;

function realTest(name: string, fn: () => Promise<void>): void {
  Deno.test({
    name: skip === null ? name : `${name} (skipped: ${skip})`,
    ignore: skip !== null,
    fn,
  });
}

realTest(
  driverLoaded
    ? "nvml opens the real libnvidia-ml.so.1 and reads its GPUs"
    : "nvml reports the real libnvidia-ml.so.1 without a driver as 'NVIDIA driver not loaded'",
  async () => {
    const backend = nvmlBackend.create(testContext());
    try {
      const opened = await backend.open();
      assert.equal(opened.library, "libnvidia-ml.so.1");
      if (driverLoaded) {
        assert.equal(opened.status, "ok", opened.detail ?? "");
        const reading = await backend.read();
        for (const device of reading.devices) assert.equal(device.vendor, "nvidia");
        return;
      }
      assert.equal(opened.status, "unavailable");
      assert.equal(opened.detail, "NVIDIA driver not loaded");
      assert.match(opened.version ?? "", /^NVML \d+\.\d+/);
    } finally {
      backend.close();
      backend.close();
    }
  },
);

realTest("nvml falls back to the default names when GPUTOP_NVML_LIB does not load", async () => {
  const backend = nvmlBackend.create(
    testContext({ env: { GPUTOP_NVML_LIB: "/nonexistent/libnvidia-ml.so.1" } }),
  );
  try {
    const opened = await backend.open();
    assert.equal(opened.library, "libnvidia-ml.so.1");
    const note = "not loaded: /nonexistent/libnvidia-ml.so.1: cannot open shared object file";
    assert.ok(opened.detail?.includes(note), opened.detail ?? "");
  } finally {
    backend.close();
  }
});
