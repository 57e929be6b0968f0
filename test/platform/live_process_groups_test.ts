/**
 * The process-wide set of child groups: a stream's group is killed at a normal Deno.exit,
 * and once gputop is stopping every group is killed and no program starts. The state is
 * process-wide, so each case runs in a small deno program of its own.
 */
import assert from "node:assert/strict";
import { runDeno } from "../support/run_cli.ts";

const MODULE = (name: string) => new URL(`../../src/platform/${name}`, import.meta.url).href;

async function alive(pattern: string): Promise<boolean> {
  const ps = await new Deno.Command("pgrep", { args: ["-f", pattern] }).output();
  return ps.code === 0;
}

function marker(): string {
  return `${3000 + Math.floor(Math.random() * 6000)}.${Date.now() % 1_000_000}`;
}

/** A deno program that imports the platform modules and runs `body`. */
function program(body: string): string {
  return `import { runProgram } from ${JSON.stringify(MODULE("run_program.ts"))};
import { spawnGroup } from ${JSON.stringify(MODULE("spawn_group.ts"))};
import { stopStartingChildren, trackStreamGroup } from ${
    JSON.stringify(MODULE("live_process_groups.ts"))
  };
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
${body}`;
}

async function assertGone(...markers: string[]): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (const m of markers) assert.equal(await alive(`sleep ${m}`), false, `sleep ${m} left`);
}

Deno.test({
  name: "a stream's group, never closed, is killed at Deno.exit",
  ignore: Deno.build.os === "windows",
  async fn() {
    const m = marker();
    const result = await runDeno([
      "eval",
      program(`
const child = spawnGroup("sh", ["-c", "sleep ${m} & sleep ${m}; echo never"]);
trackStreamGroup(child.pid);
await pause(300);
Deno.exit(0);`),
    ]);
    assert.equal(result.code, 0, result.stderr);
    await assertGone(m);
  },
});

Deno.test({
  name: "stopStartingChildren kills runs and streams, and no program starts after it",
  ignore: Deno.build.os === "windows",
  async fn() {
    const [streamMarker, runMarker, laterMarker] = [marker(), marker(), marker()];
    const result = await runDeno([
      "eval",
      program(`
const stream = spawnGroup("sh", ["-c", "sleep ${streamMarker} & sleep ${streamMarker}"]);
trackStreamGroup(stream.pid);
const run = runProgram("sh", ["-c", "sleep ${runMarker} & sleep ${runMarker}"], { timeoutMs: 600000 });
await pause(300);
stopStartingChildren();
const ran = await run;
const streamEnd = await stream.status;
const later = await runProgram("sh", ["-c", "sleep ${laterMarker}"], { timeoutMs: 600000 });
const spawned = spawnGroup("sh", ["-c", "sleep ${laterMarker}"]);
Deno.stdout.writeSync(new TextEncoder().encode(JSON.stringify({
  ran: ran.kind, stream: streamEnd.signal, later, spawned: spawned.kind ?? "started",
})));
// The listeners are gone: this process ends by itself, with nothing left to wait for.`),
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), {
      ran: "exit",
      stream: "SIGKILL",
      later: { kind: "failed", message: "sh: not started: gputop is stopping" },
      spawned: "stopping",
    });
    await assertGone(streamMarker, runMarker, laterMarker);
  },
});
