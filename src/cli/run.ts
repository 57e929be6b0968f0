/**
 * The CLI's entry: parse, dispatch through the command registry, map every failure to an exit
 * code and one line on stderr. Nothing below this reaches the user as a stack trace.
 */
import { errorMessage } from "../model/errors.ts";
import type { Invocation } from "./command.ts";
import { EXIT_FAILURE, EXIT_USAGE } from "../platform/exit_codes.ts";
import type { Io } from "../platform/io.ts";
import { isNvidiaSmiName } from "../platform/program_name.ts";
import { parseCommandLine } from "./parse_options.ts";
import { loadCommand } from "./command_names.ts";
import { UsageError } from "../platform/usage_error.ts";

/**
 * `invokedAs`: the name the program was started under (platform/program_name.ts); under
 * `nvidia-smi` the arguments are nvidia-smi's, and only its query interface is answered.
 */
export async function runCli(
  args: readonly string[],
  io: Io,
  invokedAs = "gputop",
): Promise<number> {
  try {
    if (isNvidiaSmiName(invokedAs)) {
      const { routeNvidiaSmi } = await import("./query/nvidia_smi_entry.ts");
      const routed = routeNvidiaSmi(args, io);
      if ("exitCode" in routed) return routed.exitCode;
      args = routed.args;
    }
    const invocation: Invocation = await parseCommandLine(args, io.env, io.stdoutIsTerminal);
    const command = await loadCommand(invocation.command);
    if (!command) throw new Error(`command '${invocation.command}' is not registered`);
    return await command.run(invocation, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`gputop: ${error.message}\n`);
      return EXIT_USAGE;
    }
    io.err(`gputop: ${errorMessage(error)}\n`);
    return EXIT_FAILURE;
  }
}
