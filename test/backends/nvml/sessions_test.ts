/**
 * NVML under the library-session guard, against the fake: it counts init/shutdown and hands
 * out new handle values after every re-init, refusing old ones (as a real driver may).
 */
import assert from "node:assert/strict";
import { nvmlBackend } from "../../../src/backends/nvml/backend.ts";
import {
  buildFakeNvml,
  FAKE_NVML_HOOKS,
  setFakeNvmlScenario,
} from "../../fakes/nvml/build_fake_nvml.ts";
import { testContext } from "../../support/backend_context.ts";
import { fakeNvmlTest } from "./_support.ts";

const RAW = {
  ...FAKE_NVML_HOOKS,
  nvmlInit_v2: { parameters: [], result: "i32" },
  nvmlShutdown: { parameters: [], result: "i32" },
  nvmlDeviceGetHandleByIndex_v2: { parameters: ["u32", "buffer"], result: "i32" },
  nvmlDeviceGetName: { parameters: ["pointer", "buffer", "u32"], result: "i32" },
} as const satisfies Deno.ForeignLibraryInterface;

const NVML_SUCCESS = 0;
const NVML_ERROR_INVALID_ARGUMENT = 2;

fakeNvmlTest("the fake refuses a handle from before a re-init", async () => {
  const lib = Deno.dlopen(await buildFakeNvml(), RAW);
  try {
    setFakeNvmlScenario("two-gpus");
    const s = lib.symbols;
    const handle = new BigUint64Array(1);
    const name = new Uint8Array(96);
    assert.equal(s.nvmlInit_v2(), NVML_SUCCESS);
    assert.equal(s.nvmlDeviceGetHandleByIndex_v2(0, handle), NVML_SUCCESS);
    const old = Deno.UnsafePointer.create(handle[0]!);
    assert.equal(s.nvmlDeviceGetName(old, name, 96), NVML_SUCCESS);
    assert.equal(s.nvmlShutdown(), NVML_SUCCESS);
    assert.equal(s.nvmlInit_v2(), NVML_SUCCESS);
    assert.equal(s.nvmlDeviceGetName(old, name, 96), NVML_ERROR_INVALID_ARGUMENT);
    assert.equal(s.nvmlDeviceGetHandleByIndex_v2(0, handle), NVML_SUCCESS);
    assert.notEqual(Deno.UnsafePointer.create(handle[0]!), old);
    assert.equal(s.nvmlShutdown(), NVML_SUCCESS);
  } finally {
    lib.close();
  }
});

async function backendWithHooks(lazyInit: boolean) {
  const path = await buildFakeNvml();
  setFakeNvmlScenario("two-gpus");
  const hooks = Deno.dlopen(path, FAKE_NVML_HOOKS);
  const backend = nvmlBackend.create(testContext({ env: { GPUTOP_NVML_LIB: path }, lazyInit }));
  return { hooks: hooks.symbols, backend, close: () => hooks.close() };
}

fakeNvmlTest("persistent: 1 init and 1 shutdown over 5 reads, the same handles", async () => {
  const { hooks, backend, close } = await backendWithHooks(false);
  try {
    const inits = hooks.fakeNvmlInitCalls();
    const shutdowns = hooks.fakeNvmlShutdownCalls();
    assert.equal((await backend.open()).status, "ok");
    const handle = hooks.fakeNvmlHandle(0);
    for (let i = 0; i < 5; i++) assert.equal((await backend.read()).devices.length, 2);
    assert.equal(hooks.fakeNvmlHandle(0), handle);
    assert.equal(hooks.fakeNvmlInitCalls() - inits, 1);
    assert.equal(hooks.fakeNvmlShutdownCalls() - shutdowns, 0);
    backend.close();
    await backend.settled?.();
    assert.equal(hooks.fakeNvmlShutdownCalls() - shutdowns, 1);
    backend.close(); // twice: still one shutdown
    assert.equal(hooks.fakeNvmlShutdownCalls() - shutdowns, 1);
    assert.equal(hooks.fakeNvmlRefCount(), 0);
  } finally {
    close();
  }
});

fakeNvmlTest("lazy: N inits and N shutdowns over N reads, new handles, same devices", async () => {
  const { hooks, backend, close } = await backendWithHooks(true);
  try {
    const inits = hooks.fakeNvmlInitCalls();
    const shutdowns = hooks.fakeNvmlShutdownCalls();
    assert.equal((await backend.open()).status, "ok");
    const seen = new Set<bigint>();
    const orders: string[][] = [];
    for (let i = 0; i < 4; i++) {
      const reading = await backend.read();
      orders.push(reading.devices.map((d) => `${d.uuid}@${d.pciBusId}`));
      assert.equal(reading.processes.length > 0, true);
      // Between reads the library is shut down: the handle of the read just made is stale.
      assert.equal(hooks.fakeNvmlRefCount(), 0);
      seen.add(hooks.fakeNvmlHandle(0));
    }
    // open() shares the first read's session: 4 reads = 4 sessions.
    assert.equal(hooks.fakeNvmlInitCalls() - inits, 4);
    assert.equal(hooks.fakeNvmlShutdownCalls() - shutdowns, 4);
    assert.equal(seen.size, 4, "a new handle value in every session");
    // Identity and order stable although every handle changed (and the fake refuses old
    // ones: a stale handle would have turned the devices into errors).
    for (const order of orders) assert.deepEqual(order, orders[0]);
    assert.deepEqual(orders[0], [
      "GPU-0f6a1a2b-3c4d-5e6f-7081-92a3b4c5d6e7@0000:07:00.0",
      "GPU-9e8d7c6b-5a49-3827-1605-f4e3d2c1b0a9@0000:81:00.0",
    ]);
    backend.close();
    await backend.settled?.();
    assert.equal(hooks.fakeNvmlShutdownCalls() - shutdowns, 4);
  } finally {
    close();
  }
});
