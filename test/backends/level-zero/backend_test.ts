/**
 * The Level Zero backend against the fake loader (test/fakes/level-zero), scenario by
 * scenario. Expected values are the fake's constants, worked through by hand in comments.
 */
import assert from "node:assert/strict";
import { levelZeroBackend, SYSMAN_ENV } from "../../../src/backends/level-zero/backend.ts";
import type { Backend } from "../../../src/backends/backend.ts";
import type { BackendReading, DeviceReading } from "../../../src/model/types.ts";
import {
  buildFakeZe,
  fakeZeCloses,
  fakeZeInits,
  fakeZeLoads,
  type FakeZeScenario,
  fakeZeStaleHandles,
  fakeZeSysmanEnvAtInit,
  fakeZeTest,
  type FakeZeVariant,
  setFakeZeScenario,
} from "../../fakes/level-zero/build_fake_ze.ts";
import { testContext } from "../../support/backend_context.ts";

const GIB = 1073741824;

interface Options {
  scenario?: FakeZeScenario;
  variant?: FakeZeVariant;
  lazyInit?: boolean;
}

async function fakeBackend(options: Options = {}): Promise<{ backend: Backend; path: string }> {
  const path = await buildFakeZe(options.variant);
  setFakeZeScenario(options.scenario ?? "arc-discrete");
  Deno.env.delete(SYSMAN_ENV);
  const backend = levelZeroBackend.create(
    testContext({ env: { GPUTOP_ZE_LIB: path }, lazyInit: options.lazyInit ?? false }),
  );
  return { backend, path };
}

/** Opens (must be ok), reads `samples` times with a pause, closes; returns the last reading. */
async function readFake(options: Options = {}, samples = 2): Promise<BackendReading> {
  const { backend } = await fakeBackend(options);
  try {
    const opened = await backend.open();
    assert.equal(opened.status, "ok", opened.detail ?? "");
    let reading = await backend.read();
    for (let i = 1; i < samples; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      reading = await backend.read();
    }
    return reading;
  } finally {
    backend.close();
  }
}

function onlyDevice(reading: BackendReading): DeviceReading {
  assert.equal(reading.devices.length, 1);
  return reading.devices[0]!;
}

fakeZeTest(
  "level-zero open(): library path and API version, zesInit used when exported",
  async () => {
    const { backend, path } = await fakeBackend();
    try {
      // zeDriverGetApiVersion gives 0x10004: major 1 (>> 16), minor 4 (& 0xffff).
      assert.deepEqual(await backend.open(), {
        status: "ok",
        detail: null,
        library: path,
        version: "API 1.4, loader 1.8.12", // zelLoaderGetVersions: "loader" 1.8.12
      });
      // With zesInit there is no reason to touch the environment.
      assert.equal(Deno.env.get(SYSMAN_ENV), undefined);
    } finally {
      backend.close();
    }
  },
);

fakeZeTest(
  "level-zero discrete card: identity, memory, engines, clocks, temperatures, power",
  async () => {
    const device = onlyDevice(await readFake());
    assert.equal(device.localId, "0000:03:00.0"); // domain 0, bus 3, device 0, function 0
    assert.equal(device.pciBusId, "0000:03:00.0");
    assert.equal(device.vendor, "intel"); // vendorId 0x8086
    assert.equal(device.name, "Intel(R) Arc(TM) B580 Graphics");
    // uuid bytes 0x10, 0x11, … 0x1f, grouped 4-2-2-2-6.
    assert.equal(device.uuid, "10111213-1415-1617-1819-1a1b1c1d1e1f");
    assert.equal(device.driverVersion, "1.6.31294");
    assert.equal(device.memoryShared, false);
    // Two 6 GiB modules; free 5 GiB and 4.5 GiB: total 12 GiB, free 9.5 GiB, used 2.5 GiB.
    assert.equal(device.memoryTotalBytes, 12 * GIB); // 12884901888
    assert.equal(device.memoryFreeBytes, 9.5 * GIB); // 10200547328
    assert.equal(device.memoryUsedBytes, 2.5 * GIB); // 2684354560
    // activeTime = timestamp / 100 × percent, so Δactive / Δtimestamp is the percent exactly;
    // ALL 60 → utilisation; COMPUTE_SINGLE (99) is ignored.
    assert.equal(device.utilizationPercent, 60);
    assert.equal(device.utilizationSource, "device");
    assert.deepEqual(device.engines, { render: 40, compute: 55, copy: 10, video: 20 });
    assert.equal(device.graphicsClockMHz, 2450);
    assert.equal(device.graphicsClockMaxMHz, 2850);
    assert.equal(device.memoryClockMHz, 2375);
    assert.equal(device.memoryClockMaxMHz, null); // max −1: unknown
    assert.equal(device.temperatureCelsius, 61.5); // the GPU sensor over the global one
    assert.deepEqual(device.temperaturesCelsius, { global: 62.5, gpu: 61.5, memory: 54 });
    // energy = timestamp × 85 µJ: Δenergy / Δtimestamp = 85 µJ/µs = 85 W.
    assert.equal(device.powerWatts, 85);
    assert.equal(device.powerLimitWatts, 190); // sustained 190000 mW
    assert.ok((device.energyJoules ?? 0) > 0);
    assert.equal(device.error, null);
  },
);

fakeZeTest("level-zero first sample: rates unknown (null), everything else read", async () => {
  const device = onlyDevice(await readFake({}, 1));
  assert.equal(device.utilizationPercent, null);
  assert.equal(device.engines, null);
  assert.equal(device.powerWatts, null);
  assert.equal(device.memoryTotalBytes, 12 * GIB);
});

fakeZeTest("level-zero processes: pid, device memory and engine set as type", async () => {
  const reading = await readFake();
  assert.deepEqual(reading.processes, [
    // 300 MiB = 300 × 1048576; engines 3D | RENDER → graphics.
    {
      pid: 4242,
      deviceLocalId: "0000:03:00.0",
      gpuMemoryBytes: 314572800,
      type: "graphics",
      perProcess: true,
    },
    // 1 GiB; engines COMPUTE → compute.
    {
      pid: 5151,
      deviceLocalId: "0000:03:00.0",
      gpuMemoryBytes: GIB,
      type: "compute",
      perProcess: true,
    },
  ]);
});

fakeZeTest("level-zero integrated part: no memory module leaves memory to sysfs", async () => {
  const device = onlyDevice(await readFake({ scenario: "integrated" }));
  assert.equal(device.pciBusId, "0000:00:02.0");
  assert.equal(device.memoryShared, true); // ZE_DEVICE_PROPERTY_FLAG_INTEGRATED
  assert.equal(device.memoryTotalBytes, undefined);
  assert.equal(device.memoryUsedBytes, undefined);
  assert.deepEqual(device.engines, { render: 30 });
  assert.equal(device.utilizationPercent, null); // no ALL group
  assert.equal(device.powerWatts, undefined); // no power domain at all
  assert.equal(device.temperatureCelsius, undefined);
  assert.equal(device.graphicsClockMHz, 800);
  assert.equal(device.error, null);
});

fakeZeTest("level-zero loader without zesInit: ZES_ENABLE_SYSMAN=1 before zeInit", async () => {
  const device = onlyDevice(await readFake({ variant: "no-zesinit" }));
  assert.equal(fakeZeSysmanEnvAtInit(), "1");
  assert.equal(device.name, "Intel(R) Arc(TM) B580 Graphics");
  assert.equal(device.powerWatts, 85);
});

fakeZeTest("level-zero driver that fails init: unavailable, the code named", async () => {
  const { backend, path } = await fakeBackend({ scenario: "init-fails" });
  try {
    assert.deepEqual(await backend.open(), {
      status: "unavailable",
      detail: "zesInit failed: ZE_RESULT_ERROR_DEPENDENCY_UNAVAILABLE (0x70020000): " +
        "a library the Level Zero driver needs is missing",
      library: path,
      // The loader answers for itself even when the driver fails.
      version: "loader 1.8.12",
    });
  } finally {
    backend.close();
  }
});

fakeZeTest("level-zero missing library: unavailable, every candidate named", async () => {
  // As on Windows, so the real Linux loader (installed here) is not among the candidates.
  const backend = levelZeroBackend.create(
    testContext({
      env: { GPUTOP_ZE_LIB: "/nonexistent/libze_loader.so.1", SystemRoot: "C:\\Windows" },
      os: "windows",
    }),
  );
  const opened = await backend.open();
  backend.close();
  assert.equal(opened.status, "unavailable");
  assert.match(opened.detail ?? "", /^no Level Zero loader could be loaded: \/nonexistent\//);
  assert.equal(
    opened.library,
    "/nonexistent/libze_loader.so.1, C:\\Windows\\System32\\ze_loader.dll",
  );
});

fakeZeTest("level-zero zero devices: ok with an empty reading", async () => {
  const reading = await readFake({ scenario: "no-devices" });
  assert.deepEqual([reading.devices, reading.processes], [[], []]);
});

fakeZeTest("level-zero huge counts are refused, not allocated", async () => {
  const reading = await readFake({ scenario: "huge-count" });
  const device = onlyDevice(reading);
  // The engine-group count of 2^31 costs the engines, nothing else.
  assert.equal(device.engines, undefined);
  assert.match(device.error ?? "", /zesDeviceEnumEngineGroups: count 2147483648 refused/);
  assert.equal(device.memoryTotalBytes, 12 * GIB);
  assert.deepEqual(reading.processes, []);
  assert.match(reading.detail ?? "", /zesDeviceProcessesGetState: count 2147483648 refused/);
});

fakeZeTest("level-zero non-terminated name: read within its 256 bytes", async () => {
  const device = onlyDevice(await readFake({ scenario: "bad-strings" }));
  assert.equal(device.name, "N".repeat(256));
  assert.equal(device.driverVersion, "1.6.31294"); // the next strings are intact
});

fakeZeTest("level-zero unexpected code: that field null and named, the rest read", async () => {
  const device = onlyDevice(await readFake({ scenario: "unexpected-code" }));
  assert.equal(device.temperatureCelsius, undefined);
  assert.match(
    device.error ?? "",
    /temperature: zesTemperatureGetState: unknown result 0x12345678/,
  );
  assert.equal(device.powerWatts, 85);
});

fakeZeTest(
  "level-zero lazy mode: one load, init and close per sample, handles never reused",
  async () => {
    const before = { loads: fakeZeLoads(), inits: fakeZeInits(), closes: fakeZeCloses() };
    const staleBefore = fakeZeStaleHandles();
    const { backend } = await fakeBackend({ lazyInit: true });
    const counts = () => [
      fakeZeLoads() - before.loads,
      fakeZeInits() - before.inits,
      fakeZeCloses() - before.closes,
    ];
    try {
      assert.equal((await backend.open()).status, "ok");
      // open()'s session is kept for the first sample: loaded and initialised, not closed.
      assert.deepEqual(counts(), [1, 1, 0]);
      await backend.read();
      await new Promise((resolve) => setTimeout(resolve, 5));
      await backend.read();
      await new Promise((resolve) => setTimeout(resolve, 5));
      const third = await backend.read();
      // Three samples, the first sharing open's session: three loads, three zesInit calls,
      // three unloads (Level Zero's only "shutdown"). A handle kept from an earlier load
      // would be refused and counted as stale.
      assert.deepEqual(counts(), [3, 3, 3]);
      assert.equal(fakeZeStaleHandles(), staleBefore);
      // Rates survive the re-open: the cursor is keyed by PCI address, not by handle.
      assert.equal(onlyDevice(third).utilizationPercent, 60);
      assert.equal(onlyDevice(third).powerWatts, 85);
      backend.close();
      await backend.settled?.();
      assert.deepEqual(counts(), [3, 3, 3]);
    } finally {
      backend.close();
    }
  },
);

fakeZeTest("level-zero persistent mode: one load, init and close over every sample", async () => {
  const before = { loads: fakeZeLoads(), inits: fakeZeInits(), closes: fakeZeCloses() };
  const staleBefore = fakeZeStaleHandles();
  const { backend } = await fakeBackend();
  const counts = () => [
    fakeZeLoads() - before.loads,
    fakeZeInits() - before.inits,
    fakeZeCloses() - before.closes,
  ];
  try {
    await backend.open();
    for (let i = 0; i < 4; i++) assert.equal((await backend.read()).devices.length, 1);
    assert.deepEqual(counts(), [1, 1, 0]);
    // The same handles served every sample, all from the one load.
    assert.equal(fakeZeStaleHandles(), staleBefore);
    backend.close();
    await backend.settled?.();
    backend.close();
    assert.deepEqual(counts(), [1, 1, 1]);
  } finally {
    backend.close();
  }
});

fakeZeTest(
  "level-zero lazy re-init that fails: that sample's error, nothing left loaded, next one retries",
  async () => {
    const closesBefore = fakeZeCloses();
    const { backend } = await fakeBackend({ lazyInit: true });
    try {
      assert.equal((await backend.open()).status, "ok");
      setFakeZeScenario("init-fails"); // read by the next load's zesInit
      await backend.read(); // open()'s session: already initialised
      await assert.rejects(
        backend.read(),
        /^Error: Level Zero initialisation failed: zesInit failed: ZE_RESULT_ERROR_DEPENDENCY_UNAVAILABLE/,
      );
      // Two unloads: the first sample's session, and the load whose init failed.
      assert.equal(fakeZeCloses() - closesBefore, 2);
      setFakeZeScenario("arc-discrete");
      assert.equal(onlyDevice(await backend.read()).name, "Intel(R) Arc(TM) B580 Graphics");
      assert.equal(fakeZeCloses() - closesBefore, 3);
    } finally {
      backend.close();
    }
  },
);
