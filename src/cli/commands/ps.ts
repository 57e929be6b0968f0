/**
 * `gputop ps`: one row per (process, device), largest GPU memory first, ties by pid. The table
 * cuts long command lines (command_cut.ts) unless `--wide`; JSON and CSV keep them whole. With
 * `--hosts` the table is grouped by host; hosts that could not be read are named, exit still 0.
 */
import {
  PS_COMMAND_MAX_WIDTH,
  renderJson,
  renderProcessCsv,
  renderProcessTable,
  sortProcessesByMemory,
} from "../../render/mod.ts";
import { EXIT_FAILURE, EXIT_OK } from "../../platform/exit_codes.ts";
import type { Io } from "../../platform/io.ts";
import type { Invocation } from "../command.ts";
import { takeReading } from "../take_reading.ts";
import { commandCutOf } from "../command_cut.ts";
import { filterProcesses } from "../../model/process_filter.ts";
import { columnsOf, processFilterOf } from "../process_options.ts";
import { renderByHost } from "../../render/host_groups.ts";
import type { Snapshot } from "../../model/types.ts";

export async function run({ options, values }: Invocation, io: Io): Promise<number> {
  const filter = processFilterOf(values);
  const columns = columnsOf(values);
  const result = await takeReading(options, io.env);
  if ("exitCode" in result) return result.exitCode; // a signal: session closed, say nothing
  if (!result.ok) {
    io.err(`gputop: ${result.message}\n`);
    return EXIT_FAILURE;
  }
  const filtered = filterProcesses(result.snapshot, filter);
  const snapshot = { ...filtered, processes: sortProcessesByMemory(filtered.processes) };
  if (options.format === "json") io.out(renderJson(snapshot));
  else if (options.format === "csv") io.out(renderProcessCsv(snapshot, { header: options.header }));
  else {
    const table = (part: Snapshot) =>
      renderProcessTable(part, {
        header: options.header,
        color: options.color,
        commandCut: commandCutOf(values.wide, io, PS_COMMAND_MAX_WIDTH),
        columns,
      });
    io.out(
      snapshot.hosts === undefined ? table(snapshot) : renderByHost(snapshot, table, options.color),
    );
  }
  return EXIT_OK;
}
