/** gputop's `--json` output read back as a Snapshot, checked against the schema it claims. */
import assert from "node:assert/strict";
import { SnapshotSchema } from "../../src/model/schema.ts";
import type { Snapshot } from "../../src/model/types.ts";
import { type CliResult, parseJsonOutput, runCli, type RunCliOptions } from "./run_cli.ts";

/** stdout as a Snapshot; fails with the schema's complaint when it is not one. */
export function snapshotOutput(result: CliResult): Snapshot {
  const parsed = SnapshotSchema.safeParse(parseJsonOutput(result));
  assert.ok(parsed.success, parsed.success ? "" : parsed.error.message);
  return parsed.data;
}

/** `gputop ARGS` (a `--json` reading), which must exit 0 with nothing on stderr. */
export async function cliSnapshot(
  args: readonly string[],
  options: RunCliOptions = {},
): Promise<Snapshot> {
  const result = await runCli(args, options);
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stderr, "");
  return snapshotOutput(result);
}
