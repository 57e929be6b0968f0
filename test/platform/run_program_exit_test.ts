/**
 * Groups still running when gputop ends are killed: at a normal Deno.exit, and on SIGINT /
 * SIGTERM (a child in its own session does not get the terminal's Ctrl-C). Each case runs a
 * small deno program that starts a long runProgram and then ends, and checks that the
 * program's `sleep` went with it.
 */
import assert from "node:assert/strict";
import { runDeno } from "../support/run_cli.ts";
import { assertNoneRunning, sleepMarker } from "../support/leftover_processes.ts";

const RUN_PROGRAM = new URL("../../src/platform/run_program.ts", import.meta.url).href;

/** A deno program that runs `sleep MARKER` via runProgram, then does `ending`. */
function program(m: string, ending: string): string {
  return `import { runProgram } from ${JSON.stringify(RUN_PROGRAM)};
runProgram("sh", ["-c", "sleep ${m}; echo never"], { timeoutMs: 600000 });
await new Promise((resolve) => setTimeout(resolve, 300));
${ending}`;
}

Deno.test({
  name: "runProgram: a program still running at Deno.exit is killed with its group",
  ignore: Deno.build.os === "windows",
  async fn() {
    const m = sleepMarker();
    const result = await runDeno(["eval", program(m, "Deno.exit(0);")]);
    assert.equal(result.code, 0, result.stderr);
    await assertNoneRunning(`sleep ${m}`, "no sleep left after exit", 200);
  },
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.test({
    name: `runProgram: ${signal} to gputop kills the running program's group`,
    ignore: Deno.build.os === "windows",
    async fn() {
      const m = sleepMarker();
      const code = program(m, `Deno.kill(Deno.pid, "${signal}");\nawait new Promise(() => {});`);
      const result = await runDeno(["eval", code]);
      assert.equal(result.code, signal === "SIGINT" ? 130 : 143, result.stderr);
      await assertNoneRunning(`sleep ${m}`, `no sleep left after ${signal}`, 200);
    },
  });
}

Deno.test({
  name: "runProgram: gputop's own SIGINT listener still decides, and the group still dies",
  ignore: Deno.build.os === "windows",
  async fn() {
    const m = sleepMarker();
    const code = `Deno.addSignalListener("SIGINT", () => { console.log("cleanup"); Deno.exit(7); });
${program(m, `Deno.kill(Deno.pid, "SIGINT");\nawait new Promise(() => {});`)}`;
    const result = await runDeno(["eval", code]);
    assert.equal(result.code, 7, result.stderr);
    assert.equal(result.stdout, "cleanup\n");
    await assertNoneRunning(`sleep ${m}`, "no sleep left", 200);
  },
});
