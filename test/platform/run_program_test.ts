import assert from "node:assert/strict";
import { runProgram } from "../../src/platform/run_program.ts";
import { anyRunning, assertNoneRunning, sleepMarker } from "../support/leftover_processes.ts";

/** A test of process groups and signals, which Windows does not have. */
function posixTest(name: string, fn: () => Promise<void>): void {
  Deno.test({ name, ignore: Deno.build.os === "windows", fn });
}

Deno.test("runProgram: output and exit code of a program that ends on its own", async () => {
  const ok = await runProgram("sh", ["-c", "echo out; echo err >&2"], { timeoutMs: 5000 });
  assert.deepEqual(ok, { kind: "ok", stdout: "out\n", stderr: "err\n" });
  const exit = await runProgram("sh", ["-c", "echo why >&2; exit 3"], { timeoutMs: 5000 });
  assert.deepEqual(exit, { kind: "exit", code: 3, stdout: "", stderr: "why\n" });
});

Deno.test("runProgram: a program that does not exist is not-found", async () => {
  const result = await runProgram("/nonexistent/gputop-test-program", [], { timeoutMs: 1000 });
  assert.equal(result.kind, "not-found");
});

posixTest(
  "runProgram: a timeout kills the whole group and returns within timeout + 1 s",
  async () => {
    const m = sleepMarker();
    const started = performance.now();
    // A wrapper script: its background sleep holds stdout open, its foreground sleep hangs.
    const result = await runProgram("sh", ["-c", `sleep ${m} & sleep ${m}; echo never`], {
      timeoutMs: 300,
    });
    const elapsedMs = performance.now() - started;
    assert.equal(result.kind, "timeout");
    assert.ok(elapsedMs < 1300, `took ${elapsedMs} ms`);
    await assertNoneRunning(`sleep ${m}`, "no sleep left behind", 100);
  },
);

posixTest(
  "runProgram: its owner's abort kills the whole group at once; after it nothing starts",
  async () => {
    const m = sleepMarker();
    const owner = new AbortController();
    const started = performance.now();
    const running = runProgram("sh", ["-c", `sleep ${m} & sleep ${m}; echo never`], {
      timeoutMs: 60_000,
      signal: owner.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(await anyRunning(`sleep ${m}`), true);
    owner.abort();
    assert.deepEqual(await running, { kind: "failed", message: "sh: stopped" });
    const elapsedMs = performance.now() - started;
    assert.ok(elapsedMs < 1500, `took ${elapsedMs} ms`);
    await assertNoneRunning(`sleep ${m}`, "no sleep left behind", 100);
    const after = await runProgram("sh", ["-c", `sleep ${m}`], {
      timeoutMs: 60_000,
      signal: owner.signal,
    });
    assert.deepEqual(after, { kind: "failed", message: "sh: not started" });
    assert.equal(await anyRunning(`sleep ${m}`), false, "started after the abort");
  },
);

posixTest(
  "runProgram: what a finished program left running is killed, its output kept",
  async () => {
    const m = sleepMarker();
    const started = performance.now();
    const result = await runProgram("sh", ["-c", `sleep ${m} & echo answer`], {
      timeoutMs: 5000,
    });
    const elapsedMs = performance.now() - started;
    assert.deepEqual(result, { kind: "ok", stdout: "answer\n", stderr: "" });
    // Far less than the 5 s timeout: the orphan holding stdout was not waited for.
    assert.ok(elapsedMs < 2000, `took ${elapsedMs} ms`);
    await assertNoneRunning(`sleep ${m}`, "no sleep left behind", 100);
  },
);

posixTest("runProgram: output past the limit stops the program with a clear error", async () => {
  const m = `gputop-overflow-${sleepMarker()}`;
  const result = await runProgram("sh", ["-c", `yes ${m}; echo never`], {
    timeoutMs: 10_000,
    maxOutputBytes: 1024 * 1024,
  });
  assert.equal(result.kind, "failed");
  assert.equal(
    result.kind === "failed" && result.message,
    "sh: output larger than 1 MiB; stopped it",
  );
  await assertNoneRunning(`yes ${m}`, "no yes left behind", 100);
});

posixTest("runProgram: stdout and stderr share the output limit", async () => {
  // 600 KiB on each stream: each under 1 MiB, together over it.
  const script = "head -c 614400 /dev/zero; head -c 614400 /dev/zero >&2";
  const result = await runProgram("sh", ["-c", script], {
    timeoutMs: 10_000,
    maxOutputBytes: 1024 * 1024,
  });
  assert.equal(result.kind, "failed");
});

posixTest(
  "runProgram: a process that left the group and holds stdout is not waited for",
  async () => {
    const m = sleepMarker();
    const dir = Deno.makeTempDirSync();
    const pidFile = `${dir}/pid`;
    try {
      const started = performance.now();
      // setsid: the sleep is in a session of its own, out of reach of the group kill.
      const script = `setsid sh -c 'echo $$ > ${pidFile}; exec sleep ${m}' & echo answer`;
      const result = await runProgram("sh", ["-c", script], { timeoutMs: 10_000 });
      const elapsedMs = performance.now() - started;
      assert.deepEqual(result, { kind: "ok", stdout: "answer\n", stderr: "" });
      assert.ok(elapsedMs < 2000, `took ${elapsedMs} ms`);
    } finally {
      // Not ours to leave behind either: the test ends the escaped sleep itself.
      for (let i = 0; i < 20; i++) {
        try {
          Deno.kill(Number(Deno.readTextFileSync(pidFile).trim()), "SIGKILL");
          break;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      Deno.removeSync(dir, { recursive: true });
    }
  },
);

Deno.test("runProgram: a timeout past 2^31 ms does not fire at once", async () => {
  // Timers overflow at 2^31 − 1 ms and would fire immediately, before the program answered.
  const result = await runProgram("sh", ["-c", "sleep 0.2; echo late"], {
    timeoutMs: 2 ** 40,
  });
  assert.deepEqual(result, { kind: "ok", stdout: "late\n", stderr: "" });
});
