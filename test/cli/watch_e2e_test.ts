/**
 * `gputop watch` as a user runs it: CSV output and a reader that stops early, over the fake
 * NVML (counting init/shutdown in a file named by FAKE_NVML_COUNTS_FILE, so even a killed
 * process leaves them) and the amdgpu-discrete fixture tree for the DRM backend; the fake
 * streaming macmon; bad values. What every vendor library backend does under `watch` (one
 * library session, --lazy-init, SIGTERM, a blocking init) is
 * test/backends/vendor_library_watch_e2e_test.ts.
 */
import assert from "node:assert/strict";
import { fakeNvmlEnv, fakeNvmlTest } from "../fakes/nvml/build_fake_nvml.ts";
import { pidLoggingFake } from "../fakes/macmon/fake.ts";
import { fixtureRootArgs } from "../linux/sysfs/fixture_tree.ts";
import { runCli } from "../support/run_cli.ts";
import { countsFile, jsonLines, spawnCli, watchUntilSigterm } from "../support/watch_cli.ts";

const FIXTURE_ARGS = fixtureRootArgs("amdgpu-discrete");

/** The fake NVML's environment, and the file its counts land in. */
async function nvmlSetup() {
  const counts = countsFile();
  return {
    env: await fakeNvmlEnv("two-gpus", { FAKE_NVML_COUNTS_FILE: counts.path }),
    counts: counts.read,
    dispose: counts.dispose,
  };
}

fakeNvmlTest("watch --csv: the header once, then one row per device per reading", async () => {
  const nvml = await nvmlSetup();
  try {
    const result = await runCli(
      [
        "watch",
        "--csv",
        "--count",
        "3",
        "--interval",
        "50ms",
        "--backends",
        "nvml,drm",
        ...FIXTURE_ARGS,
      ],
      { env: nvml.env },
    );
    assert.equal(result.code, 0, result.stderr);
    const rows = result.stdout.trimEnd().split("\n");
    assert.match(rows[0]!, /^timestamp,index,id,vendor,deviceClass,name,/);
    assert.equal(rows.filter((r) => r.startsWith("timestamp,")).length, 1);
    // 3 readings × 3 devices = 9 rows after the header.
    assert.equal(rows.length, 1 + 9);
    const stamps = new Set(rows.slice(1).map((r) => r.split(",")[0]));
    assert.equal(stamps.size, 3);
  } finally {
    nvml.dispose();
  }
});

fakeNvmlTest("watch, SIGHUP (the ssh session went away): exit 129, NVML shut down", async () => {
  const nvml = await nvmlSetup();
  try {
    await watchUntilSigterm("nvml", nvml.env, "SIGHUP");
    assert.equal(nvml.counts(), "init 1 shutdown 1 refcount 0");
  } finally {
    nvml.dispose();
  }
});

fakeNvmlTest("watch | head -3: ends quietly with exit 0, NVML shut down", async () => {
  const nvml = await nvmlSetup();
  try {
    const run = spawnCli(["watch", "--interval", "50ms", "--backends", "nvml"], nvml.env);
    const lines = await run.lines(3);
    assert.equal(lines.length, 3);
    await run.closeStdout();
    const status = await run.child.status;
    assert.equal(status.code, 0);
    assert.equal(await run.stderr(), "");
    assert.equal(nvml.counts(), "init 1 shutdown 1 refcount 0");
  } finally {
    nvml.dispose();
  }
});

Deno.test({
  name: "watch --backends macmon: one streaming macmon child for the whole run, gone after",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    const { macmon, pidLog } = pidLoggingFake("v0.8.2-readme.jsonl");
    try {
      const result = await runCli(
        ["watch", "--count", "3", "--interval", "100ms", "--backends", "macmon"],
        { env: { GPUTOP_MACMON: macmon.path } },
      );
      assert.equal(result.code, 0, result.stderr);
      const lines = jsonLines(result.stdout);
      assert.equal(lines.length, 3);
      for (const line of lines) {
        assert.equal(line.backends.find((b) => b.id === "macmon")?.status, "ok");
        assert.equal(line.devices[0]?.vendor, "apple");
      }
      const pipes = macmon.calls().filter((call) => call.includes("pipe"));
      assert.deepEqual(pipes, ["-i 100 pipe --soc-info"]); // one stream, no `-s`
      const pids = Deno.readTextFileSync(pidLog).trim().split("\n");
      assert.equal(pids.length, 1);
      assert.throws(() => Deno.statSync(`/proc/${pids[0]}`), Deno.errors.NotFound);
    } finally {
      macmon.dispose();
    }
  },
});

Deno.test("watch rejects a bad --count or --interval with exit 2 and one line", async () => {
  for (
    const [args, message] of [
      [["--count", "0"], /--count: '0'/],
      [["--interval", "5ms"], /--interval: '5ms'/],
      [["--rescan-interval", "soon"], /--rescan-interval: 'soon'/],
    ] as const
  ) {
    const result = await runCli([
      "watch",
      ...args,
      "--backends",
      "drm",
      "--proc-root",
      Deno.cwd(),
    ]);
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, message);
    assert.equal(result.stderr.trim().split("\n").length, 1);
  }
});
