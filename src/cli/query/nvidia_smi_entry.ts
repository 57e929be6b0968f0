/**
 * gputop started under the name `nvidia-smi` (see platform/program_name.ts): nvidia-smi's
 * query interface (`--query-gpu`, `--query-compute-apps`, `--help-query-*`) is
 * `gputop query` with the same arguments; any other use of nvidia-smi is refused with a
 * message saying so (exit 2), never answered with something else. Started by gputop's own
 * nvidia-smi backend (the marker variable is set), it refuses too: it would only be reading
 * its own GPUs back through itself.
 */
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from "../../platform/exit_codes.ts";
import type { Io } from "../../platform/io.ts";
import { NVIDIA_SMI_CHILD_ENV } from "../../platform/program_name.ts";

const QUERY_ARGUMENT =
  /^--(?:query-gpu|query-compute-apps|help-query-gpu|help-query-compute-apps)(?:=|$)/;

export const ONLY_QUERIES_MESSAGE =
  "nvidia-smi (gputop): only nvidia-smi's query interface is provided: --query-gpu=FIELDS or " +
  "--query-compute-apps=FIELDS with --format=csv[,noheader][,nounits], -i, -l, -lms, " +
  "--help-query-gpu, --help-query-compute-apps (gputop query --help); run gputop for the rest\n";

/** The arguments for gputop (`query …`), or the exit code once the message is written. */
export function routeNvidiaSmi(
  args: readonly string[],
  io: Io,
): { args: string[] } | { exitCode: number } {
  if (io.env(NVIDIA_SMI_CHILD_ENV)) {
    io.err(
      "nvidia-smi (gputop): started by gputop's own nvidia-smi backend; " +
        "not answering for itself\n",
    );
    return { exitCode: EXIT_FAILURE };
  }
  if (args.some((arg) => QUERY_ARGUMENT.test(arg))) return { args: ["query", ...args] };
  if (args.length === 1 && (args[0] === "-h" || args[0] === "--help")) {
    io.out(ONLY_QUERIES_MESSAGE);
    return { exitCode: EXIT_OK };
  }
  io.err(ONLY_QUERIES_MESSAGE);
  return { exitCode: EXIT_USAGE };
}
