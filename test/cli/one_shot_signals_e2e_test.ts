/**
 * SIGINT / SIGTERM during the one-shot commands, end to end: the fake NVML counts every init
 * and shutdown in FAKE_NVML_COUNTS_FILE (written after each call, so a killed process leaves
 * what it did). A process the signal killed outright reports `signal` and never shut NVML
 * down; gputop's own handling exits by itself (`signal` null) with 130 / 143 after closing
 * the session.
 */
import assert from "node:assert/strict";
import { buildFakeNvml, fakeNvmlUnavailableReason } from "../fakes/nvml/build_fake_nvml.ts";
import { fakeNvmlTest } from "../backends/nvml/_support.ts";
import { pidLoggingFake } from "../fakes/macmon/fake.ts";
import { runCli } from "../support/run_cli.ts";
import { spawnCli } from "../support/watch_cli.ts";

const CONSISTENT_1_1 = "init 1 shutdown 1 refcount 0";

async function nvmlSetup(extra: Record<string, string> = {}) {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-oneshot-" });
  const countsFile = `${dir}/counts`;
  const library = await buildFakeNvml();
  return {
    dir,
    library,
    env: {
      GPUTOP_NVML_LIB: library,
      FAKE_NVML_SCENARIO: "two-gpus",
      FAKE_NVML_COUNTS_FILE: countsFile,
      ...extra,
    },
    /** The counts line, or null when no init or shutdown ever completed. */
    counts: (): string | null => {
      try {
        return Deno.readTextFileSync(countsFile).trim();
      } catch {
        return null;
      }
    },
    dispose: () => Deno.removeSync(dir, { recursive: true }),
  };
}

/** Polls every 20 ms until `ready()` holds; fails after `limitMs`. */
async function waitFor(what: string, ready: () => boolean, limitMs = 20_000): Promise<void> {
  const endMs = performance.now() + limitMs;
  while (!ready()) {
    if (performance.now() > endMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Whether the process has the library mapped: it is loaded, so the CLI is past listening. */
function hasMapped(pid: number, library: string): boolean {
  try {
    return Deno.readTextFileSync(`/proc/${pid}/maps`).includes(library);
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const [signal, code] of [["SIGTERM", 143], ["SIGINT", 130], ["SIGHUP", 129]] as const) {
  fakeNvmlTest(
    `--json --sample-window 5s, ${signal} mid-window: exit ${code}, NVML init 1 / shutdown 1`,
    async () => {
      const nvml = await nvmlSetup();
      try {
        const run = spawnCli(["--json", "--sample-window", "5s", "--backends", "nvml"], nvml.env);
        // The first sample is taken once the (persistent) init has completed.
        await waitFor("NVML init", () => nvml.counts() === "init 1 shutdown 0 refcount 1");
        await sleep(500);
        const sentMs = performance.now();
        run.child.kill(signal);
        const stdout = await run.rest();
        const status = await run.child.status;
        const stderr = await run.stderr();
        const tookMs = performance.now() - sentMs;
        assert.equal(status.signal, null, "gputop exited by itself, not killed by the signal");
        assert.equal(status.code, code, stderr);
        assert.equal(stdout, "", "no half reading on stdout");
        assert.ok(stderr.split("\n").filter((l) => l !== "").length <= 1, stderr);
        // The rest of the 5 s window was not waited out.
        assert.ok(tookMs < 3_000, `exited ${tookMs} ms after the signal`);
        assert.equal(nvml.counts(), CONSISTENT_1_1);
      } finally {
        nvml.dispose();
      }
    },
  );
}

/** `args` with a 2 s NVML init, SIGTERM while that init is pending. */
async function signalDuringSlowInit(args: string[]): Promise<void> {
  const nvml = await nvmlSetup({ FAKE_NVML_INIT_SLEEP_MS: "2000" });
  try {
    const run = spawnCli([...args, "--backends", "nvml"], nvml.env);
    await waitFor("the fake NVML loaded", () => hasMapped(run.child.pid, nvml.library));
    await sleep(300);
    assert.equal(nvml.counts(), null, "the 2 s init is still pending");
    run.child.kill("SIGTERM");
    const stdout = await run.rest();
    const status = await run.child.status;
    const stderr = await run.stderr();
    assert.equal(status.signal, null, "gputop exited by itself, not killed by the signal");
    assert.equal(status.code, 143, stderr);
    assert.equal(stdout, "");
    assert.ok(stderr.split("\n").filter((l) => l !== "").length <= 1, stderr);
    // Either the pending init was waited for and shut down, or it never started.
    const counts = nvml.counts();
    assert.ok(counts === null || counts === CONSISTENT_1_1, `counts: ${counts}`);
  } finally {
    nvml.dispose();
  }
}

fakeNvmlTest("ps, SIGTERM during a slow NVML init: 143, shutdowns == inits", async () => {
  await signalDuringSlowInit(["ps"]);
});

fakeNvmlTest("check --min-gpus 1, SIGTERM during a slow NVML init: 143, consistent", async () => {
  await signalDuringSlowInit(["check", "--min-gpus", "1"]);
});

fakeNvmlTest("backends, SIGTERM during a slow NVML init: 143, consistent", async () => {
  await signalDuringSlowInit(["backends"]);
});

fakeNvmlTest("fit 1GiB, SIGTERM during a slow NVML init: 143, consistent", async () => {
  await signalDuringSlowInit(["fit", "1GiB"]);
});

fakeNvmlTest("normal exit of each one-shot command: NVML init 1 / shutdown 1", async () => {
  for (
    const [args, code] of [
      [["--json"], 0],
      [["ps", "--json"], 0],
      [["backends", "--json"], 0],
      [["check", "--min-gpus", "1"], 0],
      [["check", "--min-gpus", "3"], 1], // two-gpus: 2 < 3 fails
      [["fit", "1GiB"], 0],
    ] as const
  ) {
    const nvml = await nvmlSetup();
    try {
      const result = await runCli([...args, "--backends", "nvml"], { env: nvml.env });
      assert.equal(result.code, code, `${args.join(" ")}: ${result.stderr}`);
      assert.equal(nvml.counts(), CONSISTENT_1_1, args.join(" "));
    } finally {
      nvml.dispose();
    }
  }
});

fakeNvmlTest(
  "--json | head -c 10: stdout closed before the write, exit 0 quietly, 1/1",
  async () => {
    const nvml = await nvmlSetup();
    try {
      const run = spawnCli(["--json", "--sample-window", "300ms", "--backends", "nvml"], nvml.env);
      await waitFor("NVML init", () => nvml.counts() === "init 1 shutdown 0 refcount 1");
      // The reader goes away during the window, so the one write finds the pipe closed.
      await run.closeStdout();
      const status = await run.child.status;
      assert.equal(await run.stderr(), "");
      assert.equal(status.code, 0);
      assert.equal(nvml.counts(), CONSISTENT_1_1);
    } finally {
      nvml.dispose();
    }
  },
);

fakeNvmlTest("--json piped through head -c 10 by a shell: exit 0 quietly, 1/1", async () => {
  const nvml = await nvmlSetup();
  try {
    const deno = Deno.execPath();
    const main = new URL("../../src/main.ts", import.meta.url).pathname;
    const script = `"${deno}" run -A --frozen --cached-only "${main}" --json --backends nvml` +
      ` 2>"$ERR_FILE" | head -c 10 >/dev/null; echo "\${PIPESTATUS[0]}"`;
    const errFile = `${nvml.dir}/err`;
    const output = await new Deno.Command("bash", {
      args: ["-c", script],
      env: { ...nvml.env, ERR_FILE: errFile },
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(new TextDecoder().decode(output.stdout).trim(), "0");
    assert.equal(Deno.readTextFileSync(errFile), "");
    assert.equal(nvml.counts(), CONSISTENT_1_1);
  } finally {
    nvml.dispose();
  }
});

fakeNvmlTest("a second signal while closing waits for nothing: exits at once", async () => {
  const nvml = await nvmlSetup({ FAKE_NVML_INIT_SLEEP_MS: "4000" });
  try {
    const run = spawnCli(["--json", "--backends", "nvml"], nvml.env);
    await waitFor("the fake NVML loaded", () => hasMapped(run.child.pid, nvml.library));
    await sleep(300);
    const firstMs = performance.now();
    // The first asks to stop: closing waits for the pending 4 s init to shut it down ...
    run.child.kill("SIGTERM");
    await sleep(300);
    // ... the second says something is stuck: exit now, with the second signal's code.
    run.child.kill("SIGINT");
    const status = await run.child.status;
    const tookMs = performance.now() - firstMs;
    assert.equal(status.signal, null);
    assert.equal(status.code, 130, await run.stderr());
    assert.ok(tookMs < 2_500, `exited ${tookMs} ms after the first signal`);
    assert.equal(await run.rest(), "");
  } finally {
    nvml.dispose();
  }
});

/** Live processes whose process group is `pgid` (Linux /proc). */
function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const stat = Deno.readTextFileSync(`/proc/${entry.name}/stat`);
      // After "(comm)": state, ppid, pgrp.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid && fields[0] !== "Z") members.push(Number(entry.name));
    } catch {
      // exited meanwhile
    }
  }
  return members;
}

Deno.test({
  name: "--backends macmon, SIGTERM while macmon hangs: 143, its whole process group ended",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    const { macmon, pidLog } = pidLoggingFake("v0.8.2-readme.jsonl", { FAKE_MACMON_SLEEP: "30" });
    try {
      const run = spawnCli(["--json", "--backends", "macmon"], { GPUTOP_MACMON: macmon.path });
      await waitFor("macmon pipe started", () => Deno.readTextFileSync(pidLog).trim() !== "");
      const pid = Number(Deno.readTextFileSync(pidLog).trim().split("\n")[0]);
      const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
      const pgid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      await waitFor("macmon's sleep", () => groupMembers(pgid).length >= 2);
      run.child.kill("SIGTERM");
      const status = await run.child.status;
      assert.equal(status.signal, null);
      assert.equal(status.code, 143, await run.stderr());
      assert.equal(await run.rest(), "");
      // SIGKILLed members may take a moment to leave /proc; the 30 s sleep would not.
      await waitFor("macmon's group to end", () => groupMembers(pgid).length === 0, 3_000);
    } finally {
      macmon.dispose();
    }
  },
});

// The child-program runner ends its groups on a signal and raises the signal again: that
// repeat must not count as the user's second signal, or NVML would not be shut down.
Deno.test({
  name: "--backends nvml,macmon, SIGTERM while macmon hangs: NVML still shut down once",
  ignore: Deno.build.os !== "linux" || fakeNvmlUnavailableReason() !== null,
  fn: async () => {
    const nvml = await nvmlSetup();
    const { macmon, pidLog } = pidLoggingFake("v0.8.2-readme.jsonl", { FAKE_MACMON_SLEEP: "30" });
    try {
      const run = spawnCli(["--json", "--backends", "nvml,macmon"], {
        ...nvml.env,
        GPUTOP_MACMON: macmon.path,
      });
      await waitFor("macmon pipe started", () => Deno.readTextFileSync(pidLog).trim() !== "");
      await waitFor("NVML init", () => nvml.counts() === "init 1 shutdown 0 refcount 1");
      run.child.kill("SIGTERM");
      const status = await run.child.status;
      assert.equal(status.signal, null);
      assert.equal(status.code, 143, await run.stderr());
      assert.equal(await run.rest(), "");
      assert.equal(nvml.counts(), CONSISTENT_1_1);
    } finally {
      macmon.dispose();
      nvml.dispose();
    }
  },
});
