/**
 * Options of the long-running commands (`top`, `serve`): `--interval` and `--rescan-interval`
 * parsed as `watch` parses them, and the rescan interval carried into the session's context.
 */
import assert from "node:assert/strict";
import { continuousOptions } from "../../src/cli/live_options.ts";
import { UsageError } from "../../src/platform/usage_error.ts";
import { createSession } from "../../src/session/read_snapshot.ts";
import { runCli } from "../support/run_cli.ts";

Deno.test("continuousOptions: --rescan-interval 5s is 5000 ms, 250ms is 250; unset is left to the session", () => {
  assert.deepEqual(continuousOptions({ interval: "1s", "rescan-interval": "5s" }), {
    intervalMs: 1000,
    rescanIntervalMs: 5000,
  });
  assert.deepEqual(continuousOptions({ "rescan-interval": "250ms" }), {
    intervalMs: 1000,
    rescanIntervalMs: 250,
  });
  assert.deepEqual(continuousOptions({}), { intervalMs: 1000, rescanIntervalMs: undefined });
});

Deno.test("continuousOptions: a bad --rescan-interval is a one-line usage error", () => {
  // `h` is a unit (at most 24h), so "2h" is valid and "25h" is not.
  for (const bad of ["soon", "-1s", "25h", "1d"]) {
    assert.throws(
      () => continuousOptions({ "rescan-interval": bad }),
      (error: unknown) =>
        error instanceof UsageError &&
        error.message.startsWith("invalid value for --rescan-interval") &&
        !error.message.includes("\n"),
      bad,
    );
  }
});

Deno.test("the rescan interval reaches the session: 5s given, 2 s (the documented default) unset", () => {
  const given = createSession(
    { backends: ["drm"] },
    continuousOptions({ "rescan-interval": "5s" }),
  );
  assert.equal(given.context.rescanIntervalMs, 5000);
  const unset = createSession({ backends: ["drm"] }, continuousOptions({ interval: "500ms" }));
  assert.equal(unset.context.rescanIntervalMs, 2000);
  assert.equal(unset.context.sampleIntervalMs, 500);
});

Deno.test("top and serve take --rescan-interval from the command line; a bad value is exit 2", async () => {
  for (const command of ["top", "serve"]) {
    const bad = await runCli([command, "--rescan-interval", "soon"]);
    assert.equal(bad.code, 2, bad.stderr);
    assert.match(bad.stderr, /^gputop: invalid value for --rescan-interval: 'soon'/);
    assert.equal(bad.stderr.trim().split("\n").length, 1);
    const help = await runCli([command, "--help"]);
    assert.match(help.stdout, /--rescan-interval D/);
  }
});
