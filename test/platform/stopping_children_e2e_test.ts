/**
 * Stopping starts no child program and ends every one gputop started, end to end: `watch`
 * and `serve` with a macmon or nvidia-smi that is stuck (a wrapper script that logs each run's
 * arguments, then waits on a `sleep MARKER` it started in the background), stopped by SIGINT /
 * SIGTERM after the open deadline, or by `--count`. The open, still waiting on the stuck
 * `--version` (macmon) or query (nvidia-smi), must neither go on to start a stream nor hold
 * the exit until the program's own timeout.
 */
import assert from "node:assert/strict";
import { startServe } from "../serve/serve_process.ts";
import { spawnCli } from "../support/watch_cli.ts";
import { fakeNvmlTest } from "../backends/nvml/_support.ts";
import { buildFakeNvml } from "../fakes/nvml/build_fake_nvml.ts";
import { fakeProgram as fakeNvidiaSmi } from "../fakes/nvidia-smi/fake.ts";
import { fakeProgram as fakeMacmon, fixture } from "../fakes/macmon/fake.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls every 20 ms until `ready()` holds; fails after `limitMs`. */
async function waitFor(what: string, ready: () => boolean, limitMs = 20_000): Promise<void> {
  const endMs = performance.now() + limitMs;
  while (!ready()) {
    if (performance.now() > endMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** A number no other test's `sleep` uses. */
function uniqueMarker(): string {
  return `${5000 + Math.floor(Math.random() * 4000)}.${Date.now() % 1_000_000}`;
}

async function sleeping(marker: string): Promise<boolean> {
  return (await new Deno.Command("pgrep", { args: ["-f", `sleep ${marker}`] }).output()).code === 0;
}

/** A program that never answers: each run appends its arguments to a log, then hangs. */
function stuckProgram() {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-stuck-" });
  const marker = uniqueMarker();
  const path = `${dir}/stuck`;
  const log = `${dir}/runs`;
  Deno.writeTextFileSync(log, "");
  Deno.writeTextFileSync(
    path,
    `#!/bin/sh\nprintf '%s\\n' "$*" >>'${log}'\nsleep ${marker} &\nsleep ${marker}\necho never\n`,
  );
  Deno.chmodSync(path, 0o755);
  return {
    path,
    /** The arguments of every run so far. */
    runs: () => Deno.readTextFileSync(log).split("\n").filter(Boolean),
    /** Whether any process of a run is still there. */
    alive: () => sleeping(marker),
    dispose: () => Deno.removeSync(dir, { recursive: true }),
  };
}
type Stuck = ReturnType<typeof stuckProgram>;

/** The fake macmon whose `--version` answers and whose stream hangs (FAKE_MACMON_SLEEP). */
function stuckStream(): Stuck {
  const marker = uniqueMarker();
  const fake = fakeMacmon({
    FAKE_MACMON_OUTPUT: fixture("v0.8.2-readme.jsonl"),
    FAKE_MACMON_SLEEP: marker,
  });
  return {
    path: fake.path,
    runs: fake.calls,
    alive: () => sleeping(marker),
    dispose: fake.dispose,
  };
}

const STUCK = {
  "macmon is stuck": { make: stuckProgram, before: ["--version"] },
  "macmon's stream is stuck": {
    make: stuckStream,
    before: ["--version", "-i 1000 pipe --soc-info"],
  },
} as const;

/** None of the stuck program's processes is left (SIGKILLed ones may take a moment). */
async function assertNoneLeft(stuck: Stuck): Promise<void> {
  for (let i = 0; i < 25 && await stuck.alive(); i++) await sleep(40);
  assert.equal(await stuck.alive(), false, "a process of the stuck program was left running");
}

const EXIT_CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;

/** Starts `command` with the stuck macmon, past the 1 s open deadline; returns its stop. */
async function startPastOpenDeadline(
  command: "watch" | "serve",
  stuck: Stuck,
): Promise<(signal: Deno.Signal) => Promise<{ code: number; stderr: string }>> {
  const env = { GPUTOP_MACMON: stuck.path };
  if (command === "serve") {
    const server = await startServe(["--backends", "macmon"], env);
    await waitFor("macmon --version", () => stuck.runs().length > 0);
    await sleep(1_500);
    return (signal) => server.stop(signal);
  }
  const run = spawnCli(["watch", "--backends", "macmon"], env);
  await run.lines(1); // the first line comes once the open deadline has passed
  return async (signal) => {
    run.child.kill(signal);
    await run.rest();
    return { code: (await run.child.status).code, stderr: await run.stderr() };
  };
}

for (const [what, { make, before: expected }] of Object.entries(STUCK)) {
  for (const command of ["watch", "serve"] as const) {
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      Deno.test({
        name: `${command} --backends macmon, ${signal} while ${what}: nothing started, ` +
          "nothing left",
        ignore: Deno.build.os !== "linux",
        async fn() {
          const stuck = make();
          try {
            const stop = await startPastOpenDeadline(command, stuck);
            const before = stuck.runs();
            assert.deepEqual(before, expected, "what ran before the signal");
            const sentMs = performance.now();
            const { code, stderr } = await stop(signal);
            const tookMs = performance.now() - sentMs;
            assert.equal(code, EXIT_CODES[signal], stderr);
            assert.deepEqual(stuck.runs(), before, "no macmon was started after the signal");
            // Closing waits at most 5 s for a call still running; the killed one returns at once.
            assert.ok(tookMs < 3_000, `exited ${Math.round(tookMs)} ms after the signal`);
            await assertNoneLeft(stuck);
          } finally {
            stuck.dispose();
          }
        },
      });
    }
  }
}

/** `watch --count 2` with a stuck `backend`: ms from the second line to the exit. */
async function exitAfterCount(
  backend: string,
  env: Record<string, string>,
): Promise<{ afterLastMs: number; code: number; stderr: string }> {
  const run = spawnCli(
    ["watch", "--interval", "250ms", "--count", "2", "--backends", backend],
    env,
  );
  const lines = await run.lines(2);
  const lastLineMs = performance.now();
  assert.equal(lines.length, 2);
  const status = await run.child.status;
  const afterLastMs = performance.now() - lastLineMs;
  await run.rest();
  return { afterLastMs, code: status.code, stderr: await run.stderr() };
}

Deno.test({
  name: "watch --count 2 --backends macmon, macmon stuck: exits at once after the last line",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const stuck = stuckProgram();
    try {
      // The stuck --version would run 30 s, and closing waits up to 5 s for it unless killed.
      const env = { GPUTOP_MACMON: stuck.path, GPUTOP_MACMON_TIMEOUT_MS: "30000" };
      const { afterLastMs, code, stderr } = await exitAfterCount("macmon", env);
      assert.equal(code, 0, stderr);
      assert.ok(afterLastMs < 2_500, `exited ${Math.round(afterLastMs)} ms after the last line`);
      assert.deepEqual(stuck.runs(), ["--version"], "no stream was started at exit");
      await assertNoneLeft(stuck);
    } finally {
      stuck.dispose();
    }
  },
});

Deno.test({
  name:
    "watch --count 2 --backends nvidia-smi, nvidia-smi stuck: exits at once after the last line",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const stuck = stuckProgram();
    try {
      // Its query would run into the 5 s nvidia-smi timeout: about 3.5 s after the last line.
      const { afterLastMs, code, stderr } = await exitAfterCount("nvidia-smi", {
        GPUTOP_NVIDIA_SMI: stuck.path,
      });
      assert.equal(code, 0, stderr);
      assert.ok(afterLastMs < 2_000, `exited ${Math.round(afterLastMs)} ms after the last line`);
      assert.equal(stuck.runs().length, 1, "one query, killed at exit; none started after");
      await assertNoneLeft(stuck);
    } finally {
      stuck.dispose();
    }
  },
});

/** Whether the process has the library mapped: it is loaded, so the open has begun. */
function hasMapped(pid: number, library: string): boolean {
  try {
    return Deno.readTextFileSync(`/proc/${pid}/maps`).includes(library);
  } catch {
    return false;
  }
}

fakeNvmlTest(
  "watch --backends nvml,nvidia-smi, SIGINT during a slow NVML init: the fallback never starts",
  async () => {
    const dir = Deno.makeTempDirSync({ prefix: "gputop-fallback-" });
    const smi = fakeNvidiaSmi({});
    try {
      const library = await buildFakeNvml();
      // NVML's init outlives the 1 s open deadline, which would open the fallback.
      const run = spawnCli(["watch", "--backends", "nvml,nvidia-smi"], {
        GPUTOP_NVML_LIB: library,
        FAKE_NVML_SCENARIO: "two-gpus",
        FAKE_NVML_COUNTS_FILE: `${dir}/counts`,
        FAKE_NVML_INIT_SLEEP_MS: "2000",
        GPUTOP_NVIDIA_SMI: smi.path,
      });
      await waitFor("the fake NVML loaded", () => hasMapped(run.child.pid, library));
      await sleep(200);
      run.child.kill("SIGINT");
      await run.rest();
      const status = await run.child.status;
      assert.equal(status.code, 130, await run.stderr());
      assert.deepEqual(smi.calls(), [], "nvidia-smi was started during the shutdown");
    } finally {
      smi.dispose();
      Deno.removeSync(dir, { recursive: true });
    }
  },
);
