/**
 * The nvidia-smi backend against the fake program (test/fakes/nvidia-smi), reached through
 * GPUTOP_NVIDIA_SMI in the backend context, as a user's environment would point at it.
 */
import assert from "node:assert/strict";
import {
  createNvidiaSmiBackend,
  failureMessage,
  NVIDIA_SMI_TIMEOUT_MS,
  nvidiaSmiBackend,
  nvidiaSmiCandidates,
} from "../../../src/backends/nvidia-smi/backend.ts";
import {
  APP_FIELDS,
  GPU_FIELDS,
  GPU_FIELDS_CONSERVATIVE,
} from "../../../src/backends/nvidia-smi/fields.ts";
import { type FakeProgram, fakeProgram, fixture } from "../../fakes/nvidia-smi/fake.ts";
import { testContext } from "../../support/backend_context.ts";
import { assertDefaultOn } from "../../support/default_on.ts";

const DRIVER_NOT_LOADED = "NVIDIA-SMI has failed because it couldn't communicate with the " +
  "NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.";

const H100_LOAD = {
  FAKE_NVIDIA_SMI_GPU_FILE: fixture("h100-80gb-hbm3-590.48.01-load-gpu.csv"),
  FAKE_NVIDIA_SMI_APPS_FILE: fixture("h100-80gb-hbm3-590.48.01-load-apps.csv"),
};

const GPU_QUERY = `--query-gpu=${GPU_FIELDS.join(",")} --format=csv,noheader,nounits`;
const CONSERVATIVE_QUERY = `--query-gpu=${GPU_FIELDS_CONSERVATIVE.join(",")} ` +
  "--format=csv,noheader,nounits";
const APP_QUERY = `--query-compute-apps=${APP_FIELDS.join(",")} --format=csv,noheader,nounits`;

/** Runs `body` with a fake nvidia-smi and a backend pointed at it, then cleans up. */
async function withFake(
  env: Record<string, string>,
  body: (fake: FakeProgram, backend: ReturnType<typeof createNvidiaSmiBackend>) => Promise<void>,
  timeoutMs?: number,
): Promise<void> {
  const fake = fakeProgram(env);
  const backend = createNvidiaSmiBackend(
    testContext({ env: { GPUTOP_NVIDIA_SMI: fake.path } }),
    timeoutMs === undefined ? {} : { timeoutMs },
  );
  try {
    await body(fake, backend);
  } finally {
    backend.close();
    fake.dispose();
  }
}

Deno.test("the descriptor: id, default on Linux and Windows, a fallback for nvml", () => {
  assert.equal(nvidiaSmiBackend.id, "nvidia-smi");
  assertDefaultOn(nvidiaSmiBackend, { linux: true, darwin: false, windows: true });
  assert.deepEqual(nvidiaSmiBackend.fallbackFor, ["nvml"]);
});

Deno.test("create() runs nothing", () => {
  const fake = fakeProgram(H100_LOAD);
  try {
    const backend = nvidiaSmiBackend.create(testContext({ env: { GPUTOP_NVIDIA_SMI: fake.path } }));
    backend.close();
    backend.close();
    assert.deepEqual(fake.calls(), []);
  } finally {
    fake.dispose();
  }
});

Deno.test("ok: devices and processes from the two queries", async () => {
  await withFake(H100_LOAD, async (fake, backend) => {
    assert.deepEqual(await backend.open(), {
      status: "ok",
      detail: null,
      library: fake.path,
      version: "590.48.01",
    });
    const reading = await backend.read();
    assert.equal(reading.detail, null);
    assert.equal(reading.devices.length, 1);
    const device = reading.devices[0]!;
    assert.equal(device.localId, "0000:00:09.0");
    assert.equal(device.name, "NVIDIA H100 80GB HBM3");
    assert.equal(device.memoryTotalBytes, 81559 * 1048576);
    assert.equal(device.utilizationPercent, 100);
    assert.deepEqual(
      reading.processes.map((p) => [p.pid, p.deviceLocalId, p.name, p.gpuMemoryBytes]),
      [
        [11327, "0000:00:09.0", "/root/tools/memhog", 2566 * 1048576],
        [11328, "0000:00:09.0", "/root/tools/memhog", 1542 * 1048576],
        [11345, "0000:00:09.0", "./gpu_burn", 15690 * 1048576],
      ],
    );
    assert.ok(reading.processes.every((p) => p.perProcess && p.type === "compute"));
    // open()'s GPU query serves the first read; later reads ask again.
    assert.deepEqual(fake.calls(), [GPU_QUERY, APP_QUERY]);
    await backend.read();
    assert.deepEqual(fake.calls().slice(2).sort(), [APP_QUERY, GPU_QUERY].sort());
  });
});

Deno.test("exit 9 (no driver) is unavailable with nvidia-smi's message", async () => {
  await withFake({ FAKE_NVIDIA_SMI_EXIT: "9" }, async (fake, backend) => {
    assert.deepEqual(await backend.open(), {
      status: "unavailable",
      detail: DRIVER_NOT_LOADED,
      library: fake.path,
      version: null,
    });
  });
});

Deno.test("a program that is not there is unavailable: nvidia-smi not found", async () => {
  const missing = "/nonexistent/gputop-test/nvidia-smi";
  const backend = createNvidiaSmiBackend(testContext({ env: { GPUTOP_NVIDIA_SMI: missing } }));
  const result = await backend.open();
  assert.equal(result.status, "unavailable");
  assert.equal(result.detail, `nvidia-smi not found at ${missing} (GPUTOP_NVIDIA_SMI)`);
  assert.equal(result.library, null);
  backend.close();
});

Deno.test("a hung nvidia-smi is unavailable after the timeout", async () => {
  await withFake({ FAKE_NVIDIA_SMI_SLEEP: "30" }, async (fake, backend) => {
    const result = await backend.open();
    assert.equal(result.status, "unavailable");
    assert.equal(result.detail, `${fake.path}: no answer within 200 ms`);
  }, 200);
});

Deno.test("close() kills a query in flight, in open() or read(), and none starts after", async () => {
  // The fake's hang is `exec sleep 41.5`: that sleep is the query's process.
  const hung = async () =>
    (await new Deno.Command("pgrep", { args: ["-f", "^sleep 41.5$"] }).output()).code === 0;
  for (const stage of ["open", "read"] as const) {
    await withFake(
      stage === "open" ? { FAKE_NVIDIA_SMI_SLEEP: "41.5" } : H100_LOAD,
      async (fake, backend) => {
        let call: Promise<unknown>;
        if (stage === "open") {
          call = backend.open();
        } else {
          assert.equal((await backend.open()).status, "ok");
          await backend.read(); // the open's rows
          fake.setEnv({ FAKE_NVIDIA_SMI_SLEEP: "41.5" });
          call = backend.read();
        }
        call.catch(() => undefined);
        const runs = stage === "open" ? 1 : 4; // open: GPU; reads: apps, then GPU and apps
        for (let i = 0; i < 100 && (fake.calls().length < runs || !await hung()); i++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const closedMs = performance.now();
        backend.close();
        await call.catch(() => undefined);
        assert.ok(performance.now() - closedMs < 1_500, `${stage} ended soon after close()`);
        const calls = fake.calls().length;
        assert.equal(calls >= runs, true);
        await assert.rejects(backend.read());
        assert.equal(fake.calls().length, calls, "nothing started after close()");
        for (let i = 0; i < 25 && await hung(); i++) {
          await new Promise((resolve) => setTimeout(resolve, 40));
        }
        assert.equal(await hung(), false, `${stage}: the query outlived close()`);
      },
      60_000,
    );
  }
});

Deno.test("the default timeout is 5 s", () => {
  assert.equal(NVIDIA_SMI_TIMEOUT_MS, 5000);
});

Deno.test("an unknown field: one retry with the conservative fields, which then stay", async () => {
  const env = {
    FAKE_NVIDIA_SMI_REJECT_FIELDS: "compute_cap",
    FAKE_NVIDIA_SMI_GPU_FILE: fixture("h100-80gb-hbm3-590.48.01-load-gpu-conservative.csv"),
    FAKE_NVIDIA_SMI_APPS_FILE: H100_LOAD.FAKE_NVIDIA_SMI_APPS_FILE,
  };
  await withFake(env, async (fake, backend) => {
    const note = 'nvidia-smi does not know the field "compute_cap"; ' +
      "using the field set for older drivers";
    const opened = await backend.open();
    assert.equal(opened.status, "ok");
    assert.equal(opened.detail, note);
    assert.equal(opened.version, "590.48.01");
    const reading = await backend.read();
    assert.equal(reading.detail, note);
    const device = reading.devices[0]!;
    assert.equal(device.powerLimitWatts, 700); // power.limit 700.00 W
    assert.equal(device.graphicsClockMHz, 1980);
    assert.equal(device.computeCapability, undefined); // not asked for
    assert.equal(reading.processes.length, 3);
    assert.deepEqual(fake.calls(), [GPU_QUERY, CONSERVATIVE_QUERY, APP_QUERY]);
    await backend.read();
    assert.deepEqual(fake.calls().slice(3).sort(), [APP_QUERY, CONSERVATIVE_QUERY].sort());
  });
});

Deno.test("a field the conservative list needs too: unavailable with the message", async () => {
  await withFake(
    { ...H100_LOAD, FAKE_NVIDIA_SMI_REJECT_FIELDS: "pstate" },
    async (fake, backend) => {
      const result = await backend.open();
      assert.equal(result.status, "unavailable");
      assert.equal(result.detail, 'Field "pstate" is not a valid field to query.');
      assert.deepEqual(fake.calls(), [GPU_QUERY, CONSERVATIVE_QUERY]);
    },
  );
});

Deno.test("rows not understood are counted in the reading's detail", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const gpu = `${dir}/gpu.csv`;
    const apps = `${dir}/apps.csv`;
    Deno.writeTextFileSync(
      gpu,
      Deno.readTextFileSync(H100_LOAD.FAKE_NVIDIA_SMI_GPU_FILE) + "not a row\n",
    );
    Deno.writeTextFileSync(apps, Deno.readTextFileSync(H100_LOAD.FAKE_NVIDIA_SMI_APPS_FILE));
    await withFake(
      { FAKE_NVIDIA_SMI_GPU_FILE: gpu, FAKE_NVIDIA_SMI_APPS_FILE: apps },
      async (_fake, backend) => {
        await backend.open();
        let reading = await backend.read();
        assert.equal(reading.detail, "1 row not understood");
        assert.equal(reading.devices.length, 1);
        Deno.writeTextFileSync(apps, "garbage\n", { append: true });
        reading = await backend.read();
        assert.equal(reading.detail, "2 rows not understood");
        assert.equal(reading.processes.length, 3);
      },
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("a failing process query keeps the devices and says so", async () => {
  await withFake({ ...H100_LOAD, FAKE_NVIDIA_SMI_APPS_EXIT: "15" }, async (_fake, backend) => {
    await backend.open();
    const reading = await backend.read();
    assert.equal(reading.devices.length, 1);
    assert.deepEqual(reading.processes, []);
    assert.equal(reading.detail, `processes not read: ${DRIVER_NOT_LOADED}`);
  });
});

Deno.test("a GPU query failing after open makes read() throw its message", async () => {
  await withFake(H100_LOAD, async (fake, backend) => {
    assert.equal((await backend.open()).status, "ok");
    await backend.read();
    fake.setEnv({ FAKE_NVIDIA_SMI_EXIT: "9" });
    await assert.rejects(() => backend.read(), new Error(DRIVER_NOT_LOADED));
  });
});

Deno.test("an answer of which no row is understood is an error quoting it", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const gpu = `${dir}/gpu.csv`;
    Deno.writeTextFileSync(gpu, `${",".repeat(17)}\nwrapper: some other text\n`);
    await withFake({ FAKE_NVIDIA_SMI_GPU_FILE: gpu }, async (fake, backend) => {
      const result = await backend.open();
      assert.equal(result.status, "error");
      assert.equal(
        result.detail,
        `no row of nvidia-smi's output understood (2 rows, first: "${",".repeat(17)}")`,
      );
      // After a good open, a later answer of garbage makes read() throw the same way.
      fake.setEnv(H100_LOAD);
      const reopened = createNvidiaSmiBackend(
        testContext({ env: { GPUTOP_NVIDIA_SMI: fake.path } }),
      );
      assert.equal((await reopened.open()).status, "ok");
      await reopened.read();
      fake.setEnv({ FAKE_NVIDIA_SMI_GPU_FILE: gpu });
      await assert.rejects(() => reopened.read(), /no row of nvidia-smi's output understood/);
      reopened.close();
    });
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("an empty answer with exit 0 is an error: no output", async () => {
  // Real nvidia-smi says "No devices were found" and exits non-zero when there is no GPU;
  // exit 0 with nothing printed is a stand-in (/bin/true) or a broken wrapper.
  await withFake({}, async (_fake, backend) => {
    const result = await backend.open();
    assert.equal(result.status, "error");
    assert.match(result.detail ?? "", /^no output\b/);
  });
  // After a good open, an empty answer makes read() throw the same words.
  await withFake(H100_LOAD, async (fake, backend) => {
    assert.equal((await backend.open()).status, "ok");
    await backend.read();
    fake.setEnv({});
    await assert.rejects(() => backend.read(), /^Error: no output\b/);
  });
});

Deno.test("candidates: the explicit program alone, else the usual names", () => {
  assert.deepEqual(nvidiaSmiCandidates(testContext({ env: { GPUTOP_NVIDIA_SMI: "/opt/smi" } })), [
    "/opt/smi",
  ]);
  assert.deepEqual(nvidiaSmiCandidates(testContext()), ["nvidia-smi"]);
  assert.deepEqual(
    nvidiaSmiCandidates(testContext({ env: { ProgramFiles: "C:\\Program Files" }, os: "windows" })),
    ["nvidia-smi.exe", "C:\\Program Files\\NVIDIA Corporation\\NVSMI\\nvidia-smi.exe"],
  );
});

Deno.test("failureMessage quotes at most 200 characters of the program's first line", () => {
  const long = "x".repeat(1_000_000);
  const message = failureMessage({ kind: "exit", code: 1, stdout: "", stderr: `${long}\n` });
  assert.equal(message, `${"x".repeat(200)}…`);
  assert.equal(
    failureMessage({ kind: "exit", code: 9, stdout: "", stderr: "short\n" }),
    "short",
  );
});
