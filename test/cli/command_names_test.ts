/** Start-up's list of commands is the registry's, and each name loads the registry's own entry. */
import assert from "node:assert/strict";
import { COMMAND_NAMES, loadAllCommands, loadCommand } from "../../src/cli/command_names.ts";
import { COMMANDS } from "../../src/cli/registry.ts";

Deno.test("command_names: the registry's names in its order, each loading the registry's entry", async () => {
  assert.deepEqual(COMMAND_NAMES, COMMANDS.map((c) => c.name));
  for (const command of COMMANDS) assert.equal(await loadCommand(command.name), command);
  assert.equal(await loadCommand("nope"), undefined);
  assert.equal(await loadCommand("constructor"), undefined);
  assert.deepEqual(await loadAllCommands(), COMMANDS);
});
