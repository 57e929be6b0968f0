/** The shape every gputop usage error must have, checked end to end. */
import assert from "node:assert/strict";
import { runCli } from "./run_cli.ts";

/**
 * Runs `gputop ARGS` and asserts a usage error: exit 2, nothing on stdout, and one line on
 * stderr that contains `needle` (the flag or value at fault).
 */
export async function assertUsageError(args: readonly string[], needle: string): Promise<void> {
  const result = await runCli(args);
  assert.equal(result.code, 2, `${args.join(" ")}: ${result.stderr}`);
  assert.equal(result.stdout, "");
  assert.equal(result.stderr.trimEnd().split("\n").length, 1, result.stderr);
  assert.ok(result.stderr.includes(needle), result.stderr);
}
