/**
 * gputop as a user runs it, with GPUTOP_MACMON / GPUTOP_NVIDIA_SMI pointing at wrapper
 * scripts that start a long `sleep` in the background and then hang: gputop gives up within
 * the program's timeout plus 1 s (over a baseline run with a program that answers at once)
 * and leaves none of the script's processes behind.
 */
import assert from "node:assert/strict";
import { parseJsonOutput, runCli } from "../support/run_cli.ts";
import type { Snapshot } from "../../src/model/types.ts";
import { NVIDIA_SMI_TIMEOUT_MS } from "../../src/backends/nvidia-smi/backend.ts";
import { assertNoneRunning, sleepMarker } from "../support/leftover_processes.ts";

const MACMON_TIMEOUT_MS = 500;

/** A script in a temp dir; `sleep MARKER` identifies its processes. */
function script(dir: string, name: string, body: string): string {
  const path = `${dir}/${name}`;
  Deno.writeTextFileSync(path, `#!/bin/sh\n${body}\n`);
  Deno.chmodSync(path, 0o755);
  return path;
}

interface Timed {
  elapsedMs: number;
  snapshot: Snapshot;
}

async function timedRun(backend: string, env: Record<string, string>): Promise<Timed> {
  const started = performance.now();
  const result = await runCli(["--json", "--backends", backend], { env });
  const elapsedMs = performance.now() - started;
  assert.equal(result.code, 0, result.stderr);
  return { elapsedMs, snapshot: parseJsonOutput(result) as Snapshot };
}

function statusOf(snapshot: Snapshot, id: string) {
  const status = snapshot.backends.find((b) => b.id === id);
  assert.ok(status, `${id} listed`);
  return status;
}

const CASES = [
  {
    backend: "macmon",
    variable: "GPUTOP_MACMON",
    timeoutMs: MACMON_TIMEOUT_MS,
    extraEnv: { GPUTOP_MACMON_TIMEOUT_MS: String(MACMON_TIMEOUT_MS) },
    expectedStatus: "error",
  },
  {
    backend: "nvidia-smi",
    variable: "GPUTOP_NVIDIA_SMI",
    timeoutMs: NVIDIA_SMI_TIMEOUT_MS,
    extraEnv: {},
    expectedStatus: "unavailable",
  },
] as const;

for (const c of CASES) {
  Deno.test({
    name: `${c.backend}: a hanging wrapper script is given up on in time, leaving no process`,
    ignore: Deno.build.os === "windows",
    async fn() {
      const dir = Deno.makeTempDirSync({ prefix: "gputop-hang-" });
      const marker = sleepMarker();
      try {
        const quick = script(dir, "quick", "exit 9");
        const hanging = script(dir, "hanging", `sleep ${marker} &\nsleep ${marker}\necho never`);
        const baseline = await timedRun(c.backend, { ...c.extraEnv, [c.variable]: quick });
        const hung = await timedRun(c.backend, { ...c.extraEnv, [c.variable]: hanging });
        assert.equal(statusOf(hung.snapshot, c.backend).status, c.expectedStatus);
        const extraMs = hung.elapsedMs - baseline.elapsedMs;
        assert.ok(extraMs < c.timeoutMs + 1000, `gave up after ${extraMs} ms over baseline`);
        await assertNoneRunning(`sleep ${marker}`, "no sleep left behind", 200);
      } finally {
        Deno.removeSync(dir, { recursive: true });
      }
    },
  });
}

for (const c of CASES) {
  Deno.test({
    name: `${c.backend}: a program that floods its output is stopped past 16 MiB, with a reason`,
    ignore: Deno.build.os === "windows",
    async fn() {
      const dir = Deno.makeTempDirSync({ prefix: "gputop-flood-" });
      const marker = `gputop-flood-${Date.now() % 1_000_000}`;
      try {
        const flood = script(dir, "flood", `yes ${marker}\necho never`);
        const run = await timedRun(c.backend, { ...c.extraEnv, [c.variable]: flood });
        const status = statusOf(run.snapshot, c.backend);
        assert.equal(status.status, c.expectedStatus);
        assert.match(status.detail ?? "", /output larger than 16 MiB; stopped it/);
        assert.deepEqual(run.snapshot.devices, []);
        await assertNoneRunning(`yes ${marker}`, "no yes left behind", 200);
      } finally {
        Deno.removeSync(dir, { recursive: true });
      }
    },
  });
}
