import assert from "node:assert/strict";
import { MacmonPipeStream, MAX_LINE_BYTES } from "../../../src/backends/macmon/pipe_stream.ts";
import { fixtureLines } from "../../fakes/macmon/fake.ts";

const LINE = fixtureLines("v0.8.2-readme.jsonl")[0]!;

/** A shell script as the "macmon" program; returns its path. */
function script(dir: string, body: string): string {
  const path = `${dir}/macmon`;
  Deno.writeTextFileSync(path, `#!/bin/sh\n${body}\n`);
  Deno.chmodSync(path, 0o755);
  return path;
}

Deno.test({
  name: "MacmonPipeStream restarts a child that dies and keeps the newest sample",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    const dir = Deno.makeTempDirSync();
    try {
      Deno.writeTextFileSync(`${dir}/line`, LINE + "\n");
      // Prints one sample and exits 1: every run is one sample, then a restart.
      const stream = new MacmonPipeStream(script(dir, `cat '${dir}/line'; exit 1`), []);
      stream.start();
      await stream.waitForSample(0, 5_000);
      assert.equal(stream.latest?.sequence, 1);
      // The exit wakes waiters too, and is the stream's problem until the next sample.
      for (let i = 0; i < 50 && stream.problem === null; i++) await stream.waitForSample(1, 100);
      assert.deepEqual(stream.problem, { kind: "exit", code: 1, stderr: "" });
      // After RESTART_DELAY_MS, the second child.
      for (let i = 0; i < 50 && (stream.latest?.sequence ?? 0) < 2; i++) {
        await stream.waitForSample(1, 100);
      }
      assert.equal(stream.starts, 2);
      assert.equal(stream.latest?.sequence, 2);
      assert.equal(stream.latest?.sample.gpuUtilizationPercent !== null, true);
      await stream.close();
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "MacmonPipeStream drops an over-long line and kills the whole group at close",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    const dir = Deno.makeTempDirSync();
    try {
      Deno.writeTextFileSync(`${dir}/line`, LINE + "\n");
      Deno.writeTextFileSync(`${dir}/long`, "x".repeat(MAX_LINE_BYTES * 3) + "\n");
      // A grandchild (sleep) in the same group records its pid; close must end it too.
      const body = `cat '${dir}/long' '${dir}/line'\n` +
        `sleep 60 & echo $! > '${dir}/sleep.pid'\nwait`;
      const stream = new MacmonPipeStream(script(dir, body), []);
      stream.start();
      await stream.waitForSample(0, 5_000);
      assert.equal(stream.latest?.sequence, 1); // the long line was not a sample
      assert.equal(stream.problem, null);
      for (let i = 0; i < 50 && !existsFile(`${dir}/sleep.pid`); i++) await delay(20);
      const sleepPid = Deno.readTextFileSync(`${dir}/sleep.pid`).trim();
      await stream.close();
      for (let i = 0; i < 50 && alive(sleepPid); i++) await delay(20);
      assert.equal(alive(sleepPid), false, `sleep ${sleepPid} outlived the close`);
      assert.equal(stream.starts, 1);
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
});

Deno.test("MacmonPipeStream reports a program that does not exist", async () => {
  const stream = new MacmonPipeStream("/nonexistent/macmon", ["pipe"]);
  stream.start();
  assert.deepEqual(stream.problem, { kind: "not-found" });
  assert.equal(stream.latest, null);
  // Nothing will come: the wait for a first sample ends at once, not after its bound.
  const waitedFromMs = performance.now();
  await stream.waitForSample(0, 5_000);
  assert.ok(performance.now() - waitedFromMs < 1_000, "waited for a sample that cannot come");
  await stream.close();
});

function existsFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile && Deno.readTextFileSync(path).trim() !== "";
  } catch {
    return false;
  }
}

/** Alive and not a zombie. */
function alive(pid: string): boolean {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    return !/\) Z /.test(stat);
  } catch {
    return false;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
