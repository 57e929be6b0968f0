/** `--backends` with an id that names no backend is a usage error for every command. */
import assert from "node:assert/strict";
import { BACKEND_IDS } from "../../src/model/backend_ids.ts";
import { runCli } from "../support/run_cli.ts";

for (const command of ["backends", "snapshot", "ps"]) {
  Deno.test(`gputop ${command} --backends level-zero,nosuch: exit 2 naming nosuch`, async () => {
    const result = await runCli([command, "--backends", "level-zero,nosuch"]);
    assert.equal(result.code, 2);
    assert.equal(result.stdout, "");
    const lines = result.stderr.trimEnd().split("\n");
    assert.equal(lines.length, 1, result.stderr);
    assert.equal(
      lines[0],
      `gputop: invalid value for --backends: 'nosuch' (known: ${BACKEND_IDS.join(", ")})`,
    );
  });
}
