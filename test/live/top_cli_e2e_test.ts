/** `gputop top` without a terminal, as a script or a pipe would run it. */
import assert from "node:assert/strict";
import { runCli } from "../support/run_cli.ts";

Deno.test("gputop top without a terminal exits 2 and points at watch", async () => {
  const result = await runCli(["top", "--backends", "drm"]);
  assert.equal(result.code, 2);
  assert.equal(result.stdout, "", "no escape sequences reach a pipe");
  assert.match(result.stderr, /^gputop: top needs a terminal .*'gputop watch'\n$/);
});

Deno.test("gputop top --interval validates its value", async () => {
  const result = await runCli(["top", "--interval", "5ms"]);
  assert.equal(result.code, 2);
  assert.match(result.stderr, /^gputop: invalid value for --interval: '5ms' \(at least 10ms\)\n$/);
});
