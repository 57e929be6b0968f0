import assert from "node:assert/strict";
import type { Backend } from "../../../src/backends/backend.ts";
import { macmonBackend } from "../../../src/backends/macmon/backend.ts";
import {
  DEFAULT_MACMON_TIMEOUT_MS,
  parseTimeout,
  parseVersion,
} from "../../../src/backends/macmon/macmon_program.ts";
import type { DeviceReading } from "../../../src/model/types.ts";
import { type FakeProgram, fakeProgram, fixture } from "../../fakes/macmon/fake.ts";
import { testContext } from "../../support/backend_context.ts";
import { programPath } from "../../support/require_program.ts";
import { assertDefaultOn } from "../../support/default_on.ts";

const PIPE_WITH_SOC = "-i 200 pipe -s 1 --soc-info";
const PIPE = "-i 200 pipe -s 1";

/** A macOS context (where macmon runs) whose environment holds only `env`. */
function macContext(env: Record<string, string>) {
  return testContext({ env, os: "darwin" });
}

/** Runs `body` with a fake macmon (its settings `fakeEnv`) and a backend pointed at it. */
async function withFake(
  fakeEnv: Record<string, string>,
  body: (session: { fake: FakeProgram; backend: Backend }) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const fake = fakeProgram(fakeEnv);
  const backend = macmonBackend.create(macContext({ GPUTOP_MACMON: fake.path, ...env }));
  try {
    await body({ fake, backend });
  } finally {
    backend.close();
    fake.dispose();
  }
}

Deno.test("descriptor: id, on by default on macOS only, create() spawns nothing", () => {
  assert.equal(macmonBackend.id, "macmon");
  assertDefaultOn(macmonBackend, { linux: false, darwin: true, windows: false });
  const fake = fakeProgram({ FAKE_MACMON_OUTPUT: fixture("v0.6.1-readme.jsonl") });
  try {
    macmonBackend.create(macContext({ GPUTOP_MACMON: fake.path })).close();
    assert.deepEqual(fake.calls(), []);
  } finally {
    fake.dispose();
  }
});

Deno.test("open() samples once and the first read() returns that sample", async () => {
  await withFake(
    { FAKE_MACMON_OUTPUT: fixture("v0.6.1-readme-with-soc.jsonl") },
    async ({ fake, backend }) => {
      const before = Date.now();
      const opened = await backend.open();
      assert.deepEqual(opened, {
        status: "ok",
        detail: null,
        library: fake.path,
        version: "0.8.2", // the fake's `macmon 0.8.2`
      });
      assert.deepEqual(fake.calls().sort(), ["--version", PIPE_WITH_SOC].sort());
      const reading = await backend.read();
      assert.equal(fake.calls().length, 2, "the first read must not run macmon again");
      assert.ok(reading.timestampMs >= before && reading.timestampMs <= Date.now());
      assert.deepEqual(reading.processes, []);
      const expected: DeviceReading = {
        localId: "apple-gpu-0",
        vendor: "apple",
        deviceClass: "gpu",
        name: "Apple M2", // soc.chip_name
        driver: null,
        memoryShared: true,
        memoryTotalBytes: 25769803776, // memory.ram_total
        memoryUsedBytes: 20985479168, // memory.ram_usage
        memoryFreeBytes: 4784324608, // 25769803776 − 20985479168
        utilizationPercent: 0.021497859 * 100, // gpu_usage [461, 0.021497859] → ≈ 2.15 %
        graphicsClockMHz: 461, // gpu_usage[0]
        powerWatts: 0.017451683, // gpu_power
        temperatureCelsius: 36.95167, // temp.gpu_temp_avg
      };
      assert.deepEqual(reading.devices, [expected]);
    },
  );
});

Deno.test("later reads run macmon again, without --soc-info, and keep the chip name", async () => {
  await withFake({
    FAKE_MACMON_OUTPUT: fixture("v0.8.0-m1max.jsonl"), // no soc object
    FAKE_MACMON_SOC_INFO: fixture("v0.6.1-readme-with-soc.jsonl"), // with soc
  }, async ({ fake, backend }) => {
    assert.equal((await backend.open()).status, "ok");
    const first = await backend.read();
    assert.equal(first.devices[0]?.graphicsClockMHz, 461); // the --soc-info line's gpu_usage[0]
    assert.equal(first.devices[0]?.powerWatts, 0.017451683); // the --soc-info line's gpu_power
    const second = await backend.read();
    assert.equal(second.devices[0]?.name, "Apple M2"); // soc.chip_name, kept from open()
    assert.equal(second.devices[0]?.powerWatts, 1.1298161745071411); // v0.8.0 gpu_power
    // gpu_usage_ratio × 100 ≈ 20.72 %
    assert.equal(second.devices[0]?.utilizationPercent, 0.2072213888168335 * 100);
    assert.equal(fake.calls().filter((call) => call === PIPE).length, 1);
  });
});

Deno.test("a macmon older than 0.6.1 (no --soc-info) still works, named Apple GPU", async () => {
  await withFake({
    FAKE_MACMON_OUTPUT: fixture("pre-v0.6-no-timestamp.jsonl"),
    FAKE_MACMON_NO_SOC_INFO: "1",
    FAKE_MACMON_VERSION: "0.5.1",
  }, async ({ fake, backend }) => {
    const opened = await backend.open();
    assert.equal(opened.status, "ok");
    assert.equal(opened.version, "0.5.1");
    assert.match(opened.detail ?? "", /--soc-info/);
    assert.deepEqual(fake.calls().filter((call) => call !== "--version"), [PIPE_WITH_SOC, PIPE]);
    const device = (await backend.read()).devices[0];
    assert.equal(device?.name, "Apple GPU");
    assert.equal(device?.graphicsClockMHz, 169); // line 1 gpu_usage[0]
    assert.equal(device?.memoryUsedBytes, 14942404608); // line 1 memory.ram_usage
  });
});

Deno.test("an explicit GPUTOP_MACMON that does not exist is unavailable", async () => {
  const backend = macmonBackend.create(
    macContext({ GPUTOP_MACMON: "/nonexistent/gputop-test/macmon" }),
  );
  const opened = await backend.open();
  assert.deepEqual(opened, {
    status: "unavailable",
    detail: "macmon not found at /nonexistent/gputop-test/macmon (GPUTOP_MACMON)",
    library: "/nonexistent/gputop-test/macmon",
    version: null,
  });
  backend.close();
});

Deno.test({
  name: "no macmon on PATH is unavailable, with how to install it",
  ignore: programPath("macmon") !== null, // a Mac with macmon installed
  fn: async () => {
    const backend = macmonBackend.create(macContext({}));
    const opened = await backend.open();
    assert.equal(opened.status, "unavailable");
    assert.equal(opened.detail, "macmon not found (install it: brew install macmon)");
    assert.equal(opened.library, "macmon");
    backend.close();
  },
});

Deno.test("a program that cannot be run is an error with the reason", async () => {
  const fake = fakeProgram({});
  const notExecutable = fake.writeFile("macmon-no-x", "#!/bin/sh\n");
  Deno.chmodSync(notExecutable, 0o644);
  const backend = macmonBackend.create(macContext({ GPUTOP_MACMON: notExecutable }));
  try {
    const opened = await backend.open();
    assert.equal(opened.status, "error");
    assert.match(opened.detail ?? "", /macmon-no-x/);
  } finally {
    backend.close();
    fake.dispose();
  }
});

Deno.test("a non-zero exit is an error naming the code and the first stderr line", async () => {
  await withFake({
    FAKE_MACMON_EXIT: "1",
    FAKE_MACMON_STDERR: '\nError: "Failed to create subscription"\nsecond line',
  }, async ({ backend }) => {
    const opened = await backend.open();
    assert.equal(opened.status, "error");
    assert.equal(
      opened.detail,
      'macmon exited with code 1: Error: "Failed to create subscription"',
    );
    assert.equal(opened.version, "0.8.2");
  });
});

Deno.test("a macmon that hangs is an error after GPUTOP_MACMON_TIMEOUT_MS", async () => {
  await withFake({
    FAKE_MACMON_OUTPUT: fixture("v0.6.1-readme.jsonl"),
    FAKE_MACMON_SLEEP: "5",
  }, async ({ backend }) => {
    const opened = await backend.open();
    assert.equal(opened.status, "error");
    assert.equal(opened.detail, "macmon gave no sample within 300 ms");
  }, { GPUTOP_MACMON_TIMEOUT_MS: "300" });
});

Deno.test("output that is not a sample is an error with the parser's reason", async () => {
  const fake = fakeProgram({});
  try {
    const cases: [string, string][] = [
      ["hello from macmon\n", 'macmon output: not JSON: "hello from macmon"'],
      ["", "macmon output: no output"],
      [
        '{"cpu_power":1.0}\n',
        "macmon output: not a macmon sample: no GPU reading (gpu_usage, gpu_scaled_ratio, gpu_power, gpu_temp_avg or memory)",
      ],
    ];
    for (const [text, detail] of cases) {
      fake.setEnv({ FAKE_MACMON_OUTPUT: fake.writeFile("out.jsonl", text) });
      const backend = macmonBackend.create(macContext({ GPUTOP_MACMON: fake.path }));
      const opened = await backend.open();
      backend.close();
      assert.equal(opened.status, "error", text);
      assert.ok(opened.detail?.startsWith(detail), `${opened.detail} / ${detail}`);
    }
  } finally {
    fake.dispose();
  }
});

Deno.test("a read() that fails after a good open() throws the reason", async () => {
  await withFake(
    { FAKE_MACMON_OUTPUT: fixture("v0.8.2-readme.jsonl") },
    async ({ fake, backend }) => {
      assert.equal((await backend.open()).status, "ok");
      const first = await backend.read();
      assert.equal(first.devices[0]?.graphicsClockMHz, 461); // gpu_freq_mhz
      // gpu_scaled_ratio × 100 ≈ 2.15 %
      assert.equal(first.devices[0]?.utilizationPercent, 0.021497859 * 100);
      assert.equal(first.devices[0]?.memoryFreeBytes, 4784324608); // 25769803776 − 20985479168
      assert.equal(first.devices[0]?.name, "Apple GPU"); // the readme example has no soc
      fake.setEnv({ FAKE_MACMON_EXIT: "1", FAKE_MACMON_STDERR: "Error: boom" });
      await assert.rejects(backend.read(), { message: "macmon exited with code 1: Error: boom" });
    },
  );
});

Deno.test("close() is safe twice and without open(); read() after close() throws", async () => {
  const fake = fakeProgram({ FAKE_MACMON_OUTPUT: fixture("v0.6.1-readme.jsonl") });
  try {
    const unopened = macmonBackend.create(macContext({ GPUTOP_MACMON: fake.path }));
    unopened.close();
    unopened.close();
    const backend = macmonBackend.create(macContext({ GPUTOP_MACMON: fake.path }));
    assert.equal((await backend.open()).status, "ok");
    backend.close();
    backend.close();
    await assert.rejects(backend.read(), /closed/);
  } finally {
    fake.dispose();
  }
});

for (const mode of ["one-shot", "stream"] as const) {
  Deno.test({
    name: `${mode}: close() during open() kills the stuck macmon; the open ends, starting nothing`,
    ignore: Deno.build.os === "windows",
    async fn() {
      const dir = Deno.makeTempDirSync({ prefix: "gputop-macmon-stuck-" });
      const m = `${4000 + Math.floor(Math.random() * 5000)}.${Date.now() % 1_000_000}`;
      const path = `${dir}/macmon`;
      Deno.writeTextFileSync(
        path,
        `#!/bin/sh\nprintf '%s\\n' "$*" >>'${dir}/runs'\nsleep ${m} & sleep ${m}\n`,
      );
      Deno.chmodSync(path, 0o755);
      Deno.writeTextFileSync(`${dir}/runs`, "");
      const runs = () => Deno.readTextFileSync(`${dir}/runs`).split("\n").filter(Boolean);
      const sleeping = async () =>
        (await new Deno.Command("pgrep", { args: ["-f", `sleep ${m}`] }).output()).code === 0;
      try {
        const backend = macmonBackend.create(testContext({
          env: { GPUTOP_MACMON: path, GPUTOP_MACMON_TIMEOUT_MS: "60000" },
          os: "darwin",
          ...(mode === "stream" ? { sampleIntervalMs: 100 } : {}),
        }));
        const opening = backend.open();
        // One-shot: `--version` and the sample run together; a stream waits for `--version`.
        const started = mode === "one-shot" ? 2 : 1;
        for (let i = 0; i < 100 && (runs().length < started || !await sleeping()); i++) {
          await delay(20);
        }
        const before = runs();
        const closedMs = performance.now();
        backend.close();
        const opened = await opening;
        assert.ok(performance.now() - closedMs < 1_500, "the open ended soon after close()");
        assert.equal(opened.status, "error");
        await backend.settled?.();
        assert.deepEqual(runs(), before, "a macmon started after close()");
        for (let i = 0; i < 25 && await sleeping(); i++) await delay(40);
        assert.equal(await sleeping(), false, "a macmon process outlived close()");
      } finally {
        Deno.removeSync(dir, { recursive: true });
      }
    },
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

Deno.test("parseTimeout accepts a positive integer, else the default", () => {
  assert.equal(parseTimeout("250"), 250);
  // As strict as a flag (the CLI refuses these); a library caller gets the default.
  for (const text of [undefined, "", "0", "-5", "1.5", "2s", "abc", " 1500 ", "86400001"]) {
    assert.equal(parseTimeout(text), DEFAULT_MACMON_TIMEOUT_MS, String(text));
  }
});

Deno.test("parseVersion reads clap's `macmon X.Y.Z`", () => {
  assert.equal(parseVersion("macmon 0.8.2\n"), "0.8.2");
  assert.equal(parseVersion("\nmacmon 0.5.1"), "0.5.1");
  assert.equal(parseVersion("0.8.2\n"), "0.8.2");
  assert.equal(parseVersion("macmon v0.6.1-rc1\n"), "v0.6.1-rc1");
  assert.equal(parseVersion(""), null);
});

Deno.test("parseVersion: anything that is not a version is null", () => {
  assert.equal(parseVersion("something else\n"), null);
  assert.equal(parseVersion("macmon 0.8.2 extra words"), null);
  assert.equal(parseVersion('{"garbage": true}'), null);
  assert.equal(parseVersion("\u0000\u001b[31mbinary\u00ff"), null);
  assert.equal(parseVersion("1".repeat(500)), null);
});
