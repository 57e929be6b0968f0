import assert from "node:assert/strict";
import { commandCutOf } from "../../src/cli/command_cut.ts";
import { FakeTerminalIo } from "../live/fake_io.ts";

Deno.test("commandCutOf: whole with --wide; the terminal's width on one; the cap always", () => {
  const terminal = new FakeTerminalIo();
  terminal.size = { columns: 120, rows: 40 };
  assert.deepEqual(commandCutOf(true, terminal, 4096), {});
  assert.deepEqual(commandCutOf(undefined, terminal, 4096), { maxWidth: 4096, lineWidth: 120 });
  const pipe = new FakeTerminalIo();
  pipe.stdoutIsTerminal = false;
  assert.deepEqual(commandCutOf(undefined, pipe, 60), { maxWidth: 60 });
  // A terminal whose size cannot be read (0 columns) is cut at the cap only.
  terminal.size = { columns: 0, rows: 0 };
  assert.deepEqual(commandCutOf(false, terminal, 60), { maxWidth: 60 });
});
