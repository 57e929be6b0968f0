/**
 * `gputop` / `gputop snapshot`: one reading, devices then processes; with `--hosts`, the table
 * grouped by host. Hosts that could not be read are reported, and the exit is still 0.
 */
import { renderJson } from "../../render/json.ts";
import { EXIT_FAILURE, EXIT_OK } from "../../platform/exit_codes.ts";
import type { Io } from "../../platform/io.ts";
import type { Invocation } from "../command.ts";
import { takeReading } from "../take_reading.ts";
import { columnsOf, processFilterOf } from "../process_options.ts";
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
  // --container, --pod, --user only: the process filter loads when one is given.
  const snapshot = filter === null
    ? result.snapshot
    : (await import("../../model/process_filter.ts")).filterProcesses(result.snapshot, filter);
  // The table and CSV renderers (string-width, an npm module) and the table's command-line cut
  // load only when asked for: `--json` is the scripted, start-up-sensitive path.
  if (options.format === "json") io.out(renderJson(snapshot));
  else if (options.format === "csv") {
    const { renderDeviceCsv } = await import("../../render/csv.ts");
    io.out(renderDeviceCsv(snapshot, { header: options.header }));
  } else {
    const [
      { renderSnapshotTable, SNAPSHOT_COMMAND_MAX_WIDTH },
      { renderByHost },
      { commandCutOf },
    ] = await Promise.all([
      import("../../render/snapshot_table.ts"),
      import("../../render/host_groups.ts"),
      import("../command_cut.ts"),
    ]);
    const table = (part: Snapshot) =>
      renderSnapshotTable(part, {
        header: options.header,
        color: options.color,
        commandCut: commandCutOf(values.wide, io, SNAPSHOT_COMMAND_MAX_WIDTH),
        columns,
      });
    io.out(
      snapshot.hosts === undefined ? table(snapshot) : renderByHost(snapshot, table, options.color),
    );
  }
  return EXIT_OK;
}
