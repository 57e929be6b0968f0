/**
 * The AMD SMI backend in-process against the fake libamd_smi, once per layout generation:
 * every field of both scenarios, the grown process list, init/shutdown pairing (persistent
 * and lazy), engine rates over two readings, and the failure cases (driver not loaded, a
 * missing entry point, garbage counts, a file that is not AMD SMI).
 */
import assert from "node:assert/strict";
import { amdsmiBackend } from "../../../src/backends/amdsmi/backend.ts";
import type { Backend } from "../../../src/backends/backend.ts";
import {
  buildFakeAmdsmi,
  buildNotAmdsmi,
  FAKE_AMDSMI_HOOKS,
  type FakeAmdsmiScenario,
  type FakeAmdsmiVariant,
  GENERATION_VARIANTS,
  openFakeAmdsmiHooks,
  setFakeAmdsmiScenario,
} from "../../fakes/amdsmi/build_fake.ts";
import { testContext } from "../../support/backend_context.ts";
import { fakeAmdsmiTest } from "./_support.ts";
import {
  MI300_GPU0,
  MI300_GPU0_ID,
  MI300_GPU1,
  MI300_PROCESSES,
  RADEON,
  RADEON_PROCESSES,
} from "./expected.ts";

interface Session {
  backend: Backend;
  hooks: Deno.DynamicLibrary<typeof FAKE_AMDSMI_HOOKS>;
  path: string;
}

async function withFake(
  options: {
    variant: FakeAmdsmiVariant;
    scenario?: FakeAmdsmiScenario;
    lazyInit?: boolean;
    nowMs?: () => number;
  },
  body: (session: Session) => Promise<void>,
): Promise<void> {
  const path = await buildFakeAmdsmi(options.variant);
  setFakeAmdsmiScenario(options.scenario ?? "mi300");
  const backend = amdsmiBackend.create(
    testContext({
      env: { GPUTOP_AMDSMI_LIB: path },
      lazyInit: options.lazyInit ?? false,
      ...(options.nowMs ? { nowMs: options.nowMs } : {}),
    }),
  );
  const hooks = openFakeAmdsmiHooks(path);
  try {
    await body({ backend, hooks, path });
  } finally {
    backend.close();
    hooks.close();
  }
}

const VERSIONS: Record<(typeof GENERATION_VARIANTS)[number], string> = {
  "a61-pid-only": "AMD SMI 24.5.0.0",
  "a61-rocm612": "AMD SMI 24.5.2.0",
  "a63": "AMD SMI 24.7.1.60300",
  "a64": "AMD SMI 25.0.0",
  "a70": "AMD SMI 26.1.0",
};

for (const variant of GENERATION_VARIANTS) {
  fakeAmdsmiTest(`${variant}: MI300-like scenario, every field and the grown list`, async () => {
    await withFake({ variant }, async ({ backend, hooks, path }) => {
      assert.deepEqual(await backend.open(), {
        status: "ok",
        detail: null,
        library: path,
        version: VERSIONS[variant],
      });
      const reading = await backend.read();
      assert.deepEqual(reading.devices, [MI300_GPU0, MI300_GPU1]);
      assert.deepEqual(reading.processes, MI300_PROCESSES);
      assert.equal(reading.detail, undefined);
      // GPU 0: capacity 4 → OUT_OF_RESOURCES with 6 → capacity 6 → SUCCESS; GPU 1: one call.
      assert.equal(hooks.symbols.fake_amdsmi_process_list_calls(), 3);
    });
  });

  fakeAmdsmiTest(`${variant}: Radeon-like scenario, every field`, async () => {
    await withFake({ variant, scenario: "radeon" }, async ({ backend }) => {
      assert.equal((await backend.open()).status, "ok");
      const reading = await backend.read();
      assert.deepEqual(reading.devices, [RADEON]);
      assert.deepEqual(reading.processes, RADEON_PROCESSES);
    });
  });
}

fakeAmdsmiTest("persistent: one init at open, one shutdown at close, over readings", async () => {
  await withFake({ variant: "a63" }, async ({ backend, hooks }) => {
    await backend.open();
    // The fake refuses handles from an earlier init: the same handles serve every reading.
    for (let i = 0; i < 4; i++) {
      assert.deepEqual((await backend.read()).devices, [MI300_GPU0, MI300_GPU1]);
    }
    assert.equal(hooks.symbols.fake_amdsmi_init_calls(), 1);
    assert.equal(hooks.symbols.fake_amdsmi_shutdown_calls(), 0);
    backend.close();
    backend.close();
    assert.equal(hooks.symbols.fake_amdsmi_shutdown_calls(), 1);
    assert.equal(hooks.symbols.fake_amdsmi_initialised(), 0);
  });
});

fakeAmdsmiTest(
  "lazy: one init and shutdown per reading, open's shared by the first, handles re-resolved",
  async () => {
    await withFake({ variant: "a70", lazyInit: true }, async ({ backend, hooks }) => {
      await backend.open();
      // open()'s library session is kept for the first reading, not shut down and re-inited.
      assert.equal(hooks.symbols.fake_amdsmi_initialised(), 1);
      // The fake refuses handles from an earlier init; later readings only work when the
      // handles were resolved again after each re-init.
      const first = await backend.read();
      assert.equal(hooks.symbols.fake_amdsmi_initialised(), 0);
      const second = await backend.read();
      const third = await backend.read();
      assert.deepEqual(second.devices, first.devices);
      assert.deepEqual(third.devices, [MI300_GPU0, MI300_GPU1]);
      // Three readings (the first sharing open's session): three inits, three shutdowns,
      // never two inits in a row.
      assert.equal(hooks.symbols.fake_amdsmi_init_calls(), 3);
      assert.equal(hooks.symbols.fake_amdsmi_shutdown_calls(), 3);
      backend.close();
      await backend.settled?.();
      assert.equal(hooks.symbols.fake_amdsmi_shutdown_calls(), 3);
    });
  },
);

fakeAmdsmiTest("engine busy percent from two readings of the cumulative ns", async () => {
  let now = 1000;
  await withFake({ variant: "a64", nowMs: () => now }, async ({ backend }) => {
    await backend.open();
    await backend.read();
    now += 500;
    const reading = await backend.read();
    // The fake's counters do not move, so each busy percent is 0 over the 500 ms; known,
    // not null, once there is a previous reading.
    const glxgears = reading.processes.find((p) =>
      p.pid === 2001 && p.deviceLocalId === MI300_GPU0_ID
    );
    assert.deepEqual(glxgears?.engines, { gfx: 0, enc: 0 });
  });
});

fakeAmdsmiTest("unversioned name: the library version picks the 6.2 layouts", async () => {
  await withFake({ variant: "a62-unversioned" }, async ({ backend }) => {
    const opened = await backend.open();
    assert.equal(opened.status, "ok");
    assert.equal(opened.version, "AMD SMI 24.6.3.60204");
    assert.deepEqual((await backend.read()).devices, [MI300_GPU0, MI300_GPU1]);
  });
});

fakeAmdsmiTest(
  "a version newer than any known: newest layouts, and the detail says so",
  async () => {
    await withFake({ variant: "future-unversioned" }, async ({ backend }) => {
      const opened = await backend.open();
      assert.equal(opened.status, "ok");
      assert.equal(
        opened.detail,
        "AMD SMI 27.0.0 is newer than any known release; reading it with the ROCm 7.x layouts",
      );
      assert.deepEqual((await backend.read()).devices, [MI300_GPU0, MI300_GPU1]);
    });
  },
);

fakeAmdsmiTest(
  "DRIVER_NOT_LOADED and INIT_ERROR at init: unavailable, with the reason",
  async () => {
    await withFake({ variant: "a63", scenario: "driver-not-loaded" }, async ({ backend, path }) => {
      assert.deepEqual(await backend.open(), {
        status: "unavailable",
        detail: "amdgpu driver not loaded (AMDSMI_STATUS_DRIVER_NOT_LOADED: Driver not loaded)",
        library: path,
        version: null,
      });
    });
    await withFake({ variant: "a70", scenario: "init-error" }, async ({ backend, hooks }) => {
      const opened = await backend.open();
      assert.equal(opened.status, "unavailable");
      assert.equal(
        opened.detail,
        "AMD SMI initialisation failed: AMDSMI_STATUS_INIT_ERROR: Initialization error",
      );
      // A failed init is not followed by a shutdown.
      assert.equal(hooks.symbols.fake_amdsmi_shutdown_calls(), 0);
    });
  },
);

fakeAmdsmiTest("no GPU: ok with no devices", async () => {
  await withFake({ variant: "a64", scenario: "no-gpus" }, async ({ backend }) => {
    assert.equal((await backend.open()).status, "ok");
    const reading = await backend.read();
    assert.deepEqual([reading.devices, reading.processes], [[], []]);
  });
});

fakeAmdsmiTest("missing entry points: those fields are null, the rest is read", async () => {
  await withFake({ variant: "a70-omit-some" }, async ({ backend }) => {
    assert.equal((await backend.open()).status, "ok");
    const reading = await backend.read();
    assert.deepEqual(reading.devices, [
      { ...MI300_GPU0, energyJoules: null },
      { ...MI300_GPU1, energyJoules: null },
    ]);
    // No process list entry point: no processes, and nothing to complain about.
    assert.deepEqual(reading.processes, []);
    assert.equal(reading.detail, undefined);
  });
});

fakeAmdsmiTest("garbage values and counts: null fields and a detail, never a crash", async () => {
  await withFake({ variant: "a63", scenario: "garbage" }, async ({ backend }) => {
    await backend.open();
    const reading = await backend.read();
    const [device] = reading.devices;
    assert.equal(device?.pciBusId, "0000:03:00.0");
    assert.equal(device?.uuid, null); // 0xFF bytes, no NUL
    for (
      const field of [
        "memoryTotalBytes",
        "memoryUsedBytes",
        "utilizationPercent",
        "memoryUtilizationPercent",
        "engines",
        "temperatureCelsius",
        "temperaturesCelsius",
        "powerWatts",
        "powerLimitWatts",
        "energyJoules",
        "graphicsClockMHz",
        "memoryClockMHz",
      ] as const
    ) {
      assert.equal(device?.[field], null, field);
    }
    assert.deepEqual(reading.processes, []);
    assert.equal(
      reading.detail,
      "GPU 0 processes: library reported 4294967295 entries (more than 65536); not trusted",
    );
  });
  await withFake({ variant: "a70", scenario: "garbage-sockets" }, async ({ backend }) => {
    assert.equal((await backend.open()).status, "ok");
    await assert.rejects(
      backend.read(),
      /cannot list AMD GPUs: library reported 4294967295 entries \(more than 256\); not trusted/,
    );
  });
});

fakeAmdsmiTest(
  "a file without the AMD SMI symbols is refused, and the next name tried",
  async () => {
    const other = await buildNotAmdsmi();
    const backend = amdsmiBackend.create(testContext({ env: { GPUTOP_AMDSMI_LIB: other } }));
    try {
      const opened = await backend.open();
      assert.equal(opened.status, "unavailable");
      // The loader names the first required symbol the file lacks, in symbol-table order.
      assert.match(opened.detail ?? "", /required symbol amdsmi_\w+ not found/);
      // Every candidate is named: the override, then the sonames and /opt/rocm/lib.
      assert.equal(
        opened.library,
        [
          other,
          "libamd_smi.so.26",
          "libamd_smi.so.25",
          "libamd_smi.so.24",
          "libamd_smi.so",
          "/opt/rocm/lib/libamd_smi.so.26",
          "/opt/rocm/lib/libamd_smi.so.25",
          "/opt/rocm/lib/libamd_smi.so.24",
          "/opt/rocm/lib/libamd_smi.so",
        ].join(", "),
      );
    } finally {
      backend.close();
    }
  },
);

Deno.test("not Linux: unavailable without loading anything", async () => {
  const backend = amdsmiBackend.create(testContext({ os: "darwin" }));
  assert.deepEqual(await backend.open(), {
    status: "unavailable",
    detail: "AMD SMI is a Linux library",
    library: null,
    version: null,
  });
  assert.equal(amdsmiBackend.defaultOn("linux"), true);
  assert.equal(amdsmiBackend.defaultOn("windows"), false);
});

fakeAmdsmiTest(
  "lazy re-init that fails: that reading's error, no shutdown for it, the next one retries",
  async () => {
    await withFake({ variant: "a64", lazyInit: true }, async ({ backend, hooks }) => {
      assert.equal((await backend.open()).status, "ok");
      setFakeAmdsmiScenario("driver-not-loaded"); // read by the next amdsmi_init
      await backend.read(); // open()'s session: already initialised
      await assert.rejects(
        backend.read(),
        /AMD SMI initialisation failed: AMDSMI_STATUS_DRIVER_NOT_LOADED: Driver not loaded/,
      );
      // Two inits (open's, the failed one), one shutdown: a failed init holds nothing.
      assert.equal(hooks.symbols.fake_amdsmi_init_calls(), 2);
      assert.equal(hooks.symbols.fake_amdsmi_shutdown_calls(), 1);
      setFakeAmdsmiScenario("mi300");
      assert.deepEqual((await backend.read()).devices, [MI300_GPU0, MI300_GPU1]);
      assert.equal(hooks.symbols.fake_amdsmi_init_calls(), 3);
      assert.equal(hooks.symbols.fake_amdsmi_shutdown_calls(), 2);
    });
  },
);
