/**
 * How `ps` and `snapshot` cut command lines in their tables (README, "Long command lines"):
 * whole with `--wide`; otherwise at the command's cap (4096 columns for `ps`, 60 for the
 * snapshot) and, on a terminal, also so that each row fits the terminal's width. JSON and CSV
 * always keep them whole.
 */
import type { Io } from "../platform/io.ts";
import type { CommandCut } from "../render/process_table.ts";
import type { OptionValue } from "./option_spec.ts";

export function commandCutOf(wide: OptionValue, io: Io, maxWidth: number): CommandCut {
  if (wide === true) return {};
  const columns = io.stdoutIsTerminal ? io.terminalSize()?.columns : undefined;
  return columns !== undefined && columns > 0 ? { maxWidth, lineWidth: columns } : { maxWidth };
}
