/**
 * LibraryWorkerBackend in this process: the real library worker over the fake NVML (one
 * init, reads, one shutdown, all on the worker's thread), a worker whose read never returns
 * (given up at close within its grace, never asked twice), and a worker module that cannot be
 * loaded (the backend runs on the main thread instead).
 */
import assert from "node:assert/strict";
import type { Backend, BackendOpenResult } from "../../src/backends/backend.ts";
import { LibraryWorkerBackend } from "../../src/backends/library_worker_host.ts";
import { nvmlBackend } from "../../src/backends/nvml/backend.ts";
import type { BackendReading } from "../../src/model/types.ts";
import { buildFakeNvml, fakeNvmlTest } from "../fakes/nvml/build_fake_nvml.ts";
import { countsFile } from "../support/watch_cli.ts";
import { testContext } from "../support/backend_context.ts";

const STUCK_WORKER = new URL("../fakes/library_worker/stuck_worker.ts", import.meta.url);

/** A main-thread backend that says which it is, counting its calls. */
function inThread(): { backend: Backend; calls: string[] } {
  const calls: string[] = [];
  const opened: BackendOpenResult = { status: "ok", detail: "main", library: null, version: null };
  const reading: BackendReading = { timestampMs: 1, devices: [], processes: [] };
  const backend: Backend = {
    id: "nvml",
    open: () => (calls.push("open"), Promise.resolve(opened)),
    read: () => (calls.push("read"), Promise.resolve(reading)),
    close: () => void calls.push("close"),
  };
  return { backend, calls };
}

fakeNvmlTest(
  "the library worker runs NVML off the main thread: one init, one shutdown",
  async () => {
    const counts = countsFile();
    Deno.env.set("FAKE_NVML_SCENARIO", "two-gpus");
    Deno.env.set("FAKE_NVML_COUNTS_FILE", counts.path);
    try {
      // A continuous context: the registry entry makes the worker-hosted backend.
      const ctx = testContext({
        env: { GPUTOP_NVML_LIB: await buildFakeNvml() },
        rescanIntervalMs: 2000,
      });
      const backend = nvmlBackend.create(ctx);
      assert.ok(backend instanceof LibraryWorkerBackend);
      assert.equal((await backend.open()).status, "ok");
      for (let i = 0; i < 3; i++) {
        const reading: BackendReading = await backend.read();
        assert.deepEqual(reading.devices.map((d) => d.pciBusId), ["0000:07:00.0", "0000:81:00.0"]);
      }
      backend.close();
      await backend.settled();
      assert.equal(counts.read(), "init 1 shutdown 1 refcount 0");
    } finally {
      Deno.env.delete("FAKE_NVML_COUNTS_FILE");
      counts.dispose();
    }
  },
);

Deno.test("one-shot contexts keep a vendor library backend on the main thread", () => {
  const backend = nvmlBackend.create(testContext({ rescanIntervalMs: null }));
  assert.ok(!(backend instanceof LibraryWorkerBackend));
  backend.close();
});

Deno.test("a read that never returns is not asked again, and close gives it up at once", async () => {
  const fallback = inThread();
  const backend = new LibraryWorkerBackend("nvml", testContext(), () => fallback.backend, {
    workerUrl: STUCK_WORKER,
    closeGraceMs: 100,
  });
  assert.equal((await backend.open()).library, "libstuck.so");
  const stuck = backend.read();
  const outcome = stuck.then(() => "answered", (error: Error) => error.message);
  await assert.rejects(backend.read(), /the previous read has not returned/);
  const closedAt = performance.now();
  backend.close();
  await backend.settled();
  assert.ok(performance.now() - closedAt < 2000, "close did not wait for the stuck read");
  assert.equal(await outcome, "closed while a library call was still running");
  assert.deepEqual(fallback.calls, []);
});

Deno.test("a worker module that is not there: the backend runs on the main thread", async () => {
  const fallback = inThread();
  const backend = new LibraryWorkerBackend("nvml", testContext(), () => fallback.backend, {
    workerUrl: new URL("./no_such_worker.ts", import.meta.url),
  });
  assert.equal((await backend.open()).detail, "main");
  assert.equal((await backend.read()).timestampMs, 1);
  backend.close();
  await backend.settled();
  assert.deepEqual(fallback.calls, ["open", "read", "close"]);
});

Deno.test("a worker that fails as it loads: the backend runs on the main thread", async () => {
  // Deno prints the worker's own "Uncaught (in worker)" line on stderr here: expected.
  const fallback = inThread();
  const backend = new LibraryWorkerBackend("nvml", testContext(), () => fallback.backend, {
    workerUrl: new URL("../fakes/library_worker/broken_worker.ts", import.meta.url),
  });
  assert.equal((await backend.open()).detail, "main");
  backend.close();
  await backend.settled();
  assert.deepEqual(fallback.calls, ["open", "close"]);
});

Deno.test("a backend the worker cannot load by id runs on the main thread", async () => {
  const fallback = inThread();
  const backend = new LibraryWorkerBackend("drm", testContext(), () => fallback.backend);
  assert.equal((await backend.open()).detail, "main");
  backend.close();
  assert.deepEqual(fallback.calls, ["open", "close"]);
});
