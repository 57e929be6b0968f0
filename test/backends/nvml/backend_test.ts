import assert from "node:assert/strict";
import type { Backend } from "../../../src/backends/backend.ts";
import { nvmlBackend } from "../../../src/backends/nvml/backend.ts";
import type { BackendReading } from "../../../src/model/types.ts";
import {
  buildFakeNvml,
  type FAKE_NVML_HOOKS,
  type FakeNvmlScenario,
  type FakeNvmlVariant,
  openFakeNvmlHooks,
  setFakeNvmlScenario,
} from "../../fakes/nvml/build_fake_nvml.ts";
import { testContext } from "../../support/backend_context.ts";
import { fakeNvmlTest } from "./_support.ts";
import {
  GPU0,
  GPU0_ID,
  GPU0_MEMORY_V1,
  GPU0_NEWEST_SAMPLE_US,
  GPU1,
  GPU1_ID,
  GPU1_MEMORY_V1,
  IDLE,
  nvmlNullMetrics,
  PROCESSES,
} from "./expected.ts";

interface SessionOptions {
  variant?: FakeNvmlVariant;
  scenario?: FakeNvmlScenario;
  lazyInit?: boolean;
}

async function fakeBackend(options: SessionOptions = {}) {
  const path = await buildFakeNvml(options.variant);
  setFakeNvmlScenario(options.scenario ?? "two-gpus");
  const backend = nvmlBackend.create(
    testContext({ env: { GPUTOP_NVML_LIB: path }, lazyInit: options.lazyInit ?? false }),
  );
  return { path, backend };
}

interface FakeSession {
  backend: Backend;
  hooks: Deno.DynamicLibrary<typeof FAKE_NVML_HOOKS>;
  /** The fake library's path. */
  path: string;
}

/** Runs `body` with a backend on the fake and the fake's test hooks; closes both after. */
async function withHooks(
  options: SessionOptions,
  body: (session: FakeSession) => Promise<void>,
): Promise<void> {
  const { path, backend } = await fakeBackend(options);
  const hooks = openFakeNvmlHooks(path);
  try {
    await body({ backend, hooks, path });
  } finally {
    backend.close();
    hooks.close();
  }
}

/** open() must be ok; returns one reading. */
async function readOnce(options: SessionOptions = {}): Promise<BackendReading> {
  const { backend } = await fakeBackend(options);
  try {
    const opened = await backend.open();
    assert.equal(opened.status, "ok", opened.detail ?? "");
    return await backend.read();
  } finally {
    backend.close();
  }
}

fakeNvmlTest("nvml open() reports the library path and driver + NVML versions", async () => {
  const { path, backend } = await fakeBackend();
  try {
    assert.deepEqual(await backend.open(), {
      status: "ok",
      detail: null,
      library: path,
      version: "535.261.03 (NVML 12.535.261.03)",
    });
  } finally {
    backend.close();
  }
});

fakeNvmlTest("nvml read() reports every field of two GPUs", async () => {
  const before = Date.now();
  const reading = await readOnce();
  assert.deepEqual(reading.devices, [GPU0, GPU1]);
  assert.ok(reading.timestampMs >= before && reading.timestampMs <= Date.now());
  assert.equal(reading.detail, undefined);
});

fakeNvmlTest("nvml read() merges compute and graphics processes per pid", async () => {
  const reading = await readOnce();
  assert.deepEqual(reading.processes, PROCESSES);
});

fakeNvmlTest("nvml read() passes the newest sample time as lastSeenTimeStamp", async () => {
  await withHooks({}, async ({ backend, hooks }) => {
    assert.equal((await backend.open()).status, "ok");
    const first = await backend.read();
    assert.equal(hooks.symbols.fakeNvmlLastSeenTimeStamp(0), 0n);
    assert.deepEqual(first.processes.map((p) => p.engines), PROCESSES.map((p) => p.engines));
    const second = await backend.read();
    assert.equal(hooks.symbols.fakeNvmlLastSeenTimeStamp(0), GPU0_NEWEST_SAMPLE_US);
    // No sample is newer than the first reading's: nothing on GPU 0 was busy since.
    assert.deepEqual(second.processes.map((p) => p.engines), [IDLE, IDLE, IDLE, null]);
  });
});

/** Variants that read memory through the v1 entry point (used without the reserved split). */
const V1_MEMORY_VARIANTS: [FakeNvmlVariant, string][] = [
  ["no-memory-v2", "nvml falls back to nvmlDeviceGetMemoryInfo when _v2 is not exported"],
  [
    "memory-v2-mismatch",
    "nvml falls back to nvmlDeviceGetMemoryInfo when _v2 answers ARGUMENT_VERSION_MISMATCH",
  ],
  [
    "memory-v2-not-supported",
    "nvml falls back to nvmlDeviceGetMemoryInfo when _v2 answers NOT_SUPPORTED",
  ],
  // PCI bus id from busIdLegacy, memory from v1, processes from 16-byte entries.
  ["v1-only", "nvml works with a library exporting only v1 entry points"],
];

for (const [variant, name] of V1_MEMORY_VARIANTS) {
  fakeNvmlTest(name, async () => {
    const reading = await readOnce({ variant });
    assert.deepEqual(reading.devices, [
      { ...GPU0, ...GPU0_MEMORY_V1 },
      { ...GPU1, ...GPU1_MEMORY_V1 },
    ]);
    assert.deepEqual(reading.processes, PROCESSES);
  });
}

/** Variants whose process lists have another entry layout; the result is the same. */
const PROCESS_LIST_VARIANTS: [FakeNvmlVariant, string][] = [
  ["no-v3", "nvml reads _v2 process lists when _v3 is not exported"],
  ["v3-wide", "nvml reads 32-byte _v3 entries from an early-R535-style library"],
];

for (const [variant, name] of PROCESS_LIST_VARIANTS) {
  fakeNvmlTest(name, async () => {
    assert.deepEqual((await readOnce({ variant })).processes, PROCESSES);
  });
}

fakeNvmlTest("nvml retries a process list that grew after the size query", async () => {
  await withHooks({ scenario: "process-list-grows" }, async ({ backend, hooks }) => {
    assert.equal((await backend.open()).status, "ok");
    const reading = await backend.read();
    // Size query said 2, the first fetch said 4, the second fetch got all 4.
    assert.equal(hooks.symbols.fakeNvmlListCalls(0, 0), 3);
    assert.deepEqual(
      reading.processes.filter((p) => p.deviceLocalId === GPU0_ID).map((p) => [p.pid, p.type]),
      [[4242, "compute"], [5151, "compute+graphics"], [6000, "graphics"], [8080, "compute"], [
        8181,
        "compute",
      ]],
    );
    const grown = reading.processes.filter((p) => p.pid === 8080 || p.pid === 8181);
    assert.deepEqual(grown.map((p) => p.gpuMemoryBytes), [268435456, 134217728]);
    assert.equal(reading.detail, undefined);
  });
});

fakeNvmlTest("nvml reports a process list that keeps growing instead of cutting it", async () => {
  const reading = await readOnce({ scenario: "process-list-keeps-growing" });
  assert.match(
    reading.detail ?? "",
    /^GPU 0 compute processes: list kept growing \(\d+ entries after 5 attempts\)$/,
  );
  // The graphics list of GPU 0 and everything on GPU 1 are still there.
  assert.deepEqual(
    reading.processes.map((p) => [p.pid, p.type]),
    [[5151, "graphics"], [6000, "graphics"], [7007, "compute"]],
  );
  assert.deepEqual(reading.devices, [GPU0, GPU1]);
});

fakeNvmlTest("nvml turns NOT_SUPPORTED fields into null without an error", async () => {
  const reading = await readOnce({ scenario: "not-supported" });
  assert.deepEqual(reading.devices, [
    {
      ...GPU0,
      serial: null,
      engines: null,
      temperatureCelsius: null,
      powerWatts: null,
      powerLimitWatts: null,
      energyJoules: null,
      graphicsClockMaxMHz: null,
      memoryClockMaxMHz: null,
      fanPercent: null,
      performanceState: null,
      pcieGeneration: null,
      pcieWidth: null,
      architecture: null,
      computeCapability: null,
      migMode: null,
    },
    GPU1,
  ]);
  // GPU 0's per-process utilisation is not supported either: engines unknown, not idle.
  assert.deepEqual(
    reading.processes.map((p) => p.engines),
    [null, null, null, null],
  );
  assert.equal(reading.detail, undefined);
});

fakeNvmlTest("nvml reports a lost GPU with an error and still reads the other", async () => {
  const reading = await readOnce({ scenario: "gpu-lost" });
  assert.deepEqual(reading.devices, [
    GPU0,
    {
      // A lost GPU keeps what NVML said before it was lost; every metric NVML reports is null.
      ...nvmlNullMetrics(),
      localId: GPU1_ID,
      vendor: "nvidia",
      deviceClass: "gpu",
      name: "NVIDIA L40S",
      uuid: "GPU-9e8d7c6b-5a49-3827-1605-f4e3d2c1b0a9",
      pciBusId: GPU1_ID,
      driver: "nvidia",
      driverVersion: "535.261.03",
      cudaDriverVersion: "12.2",
      error: "GPU is lost",
    },
  ]);
  assert.deepEqual(reading.processes, PROCESSES.filter((p) => p.deviceLocalId === GPU0_ID));
});

fakeNvmlTest("nvml reports a GPU whose handle is lost by its index", async () => {
  const reading = await readOnce({ scenario: "handle-lost" });
  assert.deepEqual(reading.devices, [
    GPU0,
    { deviceClass: "gpu", localId: "nvml-1", vendor: "nvidia", error: "GPU is lost" },
  ]);
  assert.deepEqual(reading.processes, PROCESSES.filter((p) => p.deviceLocalId === GPU0_ID));
});

fakeNvmlTest("nvml with no GPUs is ok and reads nothing", async () => {
  const reading = await readOnce({ scenario: "no-gpus" });
  assert.deepEqual([reading.devices, reading.processes], [[], []]);
});

fakeNvmlTest("nvml open() maps DRIVER_NOT_LOADED to unavailable", async () => {
  await withHooks({ scenario: "driver-not-loaded" }, async ({ backend, hooks, path }) => {
    const shutdowns = hooks.symbols.fakeNvmlShutdownCalls();
    assert.deepEqual(await backend.open(), {
      status: "unavailable",
      detail: "NVIDIA driver not loaded",
      library: path,
      version: "NVML 12.535.261.03",
    });
    backend.close();
    backend.close();
    // Init failed, so there is nothing to shut down.
    assert.equal(hooks.symbols.fakeNvmlShutdownCalls(), shutdowns);
  });
});

fakeNvmlTest("nvml open() reports any other init failure as an error", async () => {
  const { path, backend } = await fakeBackend({ scenario: "init-no-permission" });
  try {
    assert.deepEqual(await backend.open(), {
      status: "error",
      detail: "NVML initialisation failed: Insufficient Permissions",
      library: path,
      version: "NVML 12.535.261.03",
    });
  } finally {
    backend.close();
  }
});

fakeNvmlTest("nvml shuts down once per successful init, and close() is safe twice", async () => {
  await withHooks({}, async ({ backend, hooks }) => {
    const inits = hooks.symbols.fakeNvmlInitCalls();
    const shutdowns = hooks.symbols.fakeNvmlShutdownCalls();
    assert.equal((await backend.open()).status, "ok");
    await backend.read();
    await backend.read();
    assert.equal(hooks.symbols.fakeNvmlRefCount(), 1);
    backend.close();
    backend.close();
    assert.equal(hooks.symbols.fakeNvmlInitCalls() - inits, 1);
    assert.equal(hooks.symbols.fakeNvmlShutdownCalls() - shutdowns, 1);
    assert.equal(hooks.symbols.fakeNvmlRefCount(), 0);
  });
});

fakeNvmlTest("nvml with lazyInit initialises for each read and shuts down after it", async () => {
  await withHooks({ lazyInit: true }, async ({ backend, hooks }) => {
    const inits = hooks.symbols.fakeNvmlInitCalls();
    assert.equal((await backend.open()).status, "ok");
    // open()'s library session is the first read's: still initialised until that read ends.
    assert.equal(hooks.symbols.fakeNvmlRefCount(), 1);
    const reading = await backend.read();
    assert.equal(hooks.symbols.fakeNvmlRefCount(), 0);
    assert.deepEqual(reading.devices, [GPU0, GPU1]);
    assert.deepEqual(reading.processes, PROCESSES);
    await backend.read();
    // open + read 1 share one init; read 2 has its own: 2.
    assert.equal(hooks.symbols.fakeNvmlInitCalls() - inits, 2);
    assert.equal(hooks.symbols.fakeNvmlRefCount(), 0);
  });
});

fakeNvmlTest("nvml read() after a failed lazy re-init rejects with the reason", async () => {
  const { backend } = await fakeBackend({ lazyInit: true });
  try {
    assert.equal((await backend.open()).status, "ok");
    await backend.read(); // ends the library session open() started
    setFakeNvmlScenario("driver-not-loaded");
    await assert.rejects(
      backend.read(),
      /^NvmlError: NVML initialisation failed: Driver Not Loaded$/,
    );
  } finally {
    backend.close();
  }
});

Deno.test("nvml open() lists every name tried when no library loads", async () => {
  const backend = nvmlBackend.create(testContext({
    os: "windows",
    env: {
      GPUTOP_NVML_LIB: "/nonexistent/libnvidia-ml.so.1",
      SystemRoot: "D:\\Win",
      ProgramFiles: "D:\\Apps",
    },
  }));
  try {
    const opened = await backend.open();
    const names = [
      "/nonexistent/libnvidia-ml.so.1",
      "D:\\Win\\System32\\nvml.dll",
      "D:\\Apps\\NVIDIA Corporation\\NVSMI\\nvml.dll",
    ];
    assert.equal(opened.status, "unavailable");
    assert.equal(opened.library, names.join(", "));
    assert.equal(opened.version, null);
    assert.ok(opened.detail?.startsWith("no NVML library could be loaded: "), opened.detail ?? "");
    // Names that failed alike share one entry: "a, b, c: reason".
    for (const name of names) assert.ok(opened.detail?.includes(name), opened.detail ?? "");
  } finally {
    backend.close();
    backend.close();
  }
});

Deno.test("nvml read() before a successful open() rejects", async () => {
  const backend = nvmlBackend.create(testContext());
  await assert.rejects(backend.read(), /NVML is not open/);
  backend.close();
});

Deno.test("nvmlBackend is on by default on Linux and Windows only", () => {
  assert.equal(nvmlBackend.id, "nvml");
  assert.deepEqual(
    (["linux", "windows", "darwin", "freebsd"] as const).map((os) => nvmlBackend.defaultOn(os)),
    [true, true, false, false],
  );
});
