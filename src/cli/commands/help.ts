/** `gputop help [COMMAND]`, `gputop --help`, `gputop COMMAND --help`. */
import type { Command, Invocation } from "../command.ts";
import { EXIT_OK } from "../../platform/exit_codes.ts";
import { commandHelpText, helpText } from "../help.ts";
import type { Io } from "../../platform/io.ts";
import { UsageError } from "../../platform/usage_error.ts";

/**
 * `commands` is the registry's list, handed in by the registry itself (importing it here would
 * make the two modules import each other).
 */
export function run(
  { positionals }: Invocation,
  io: Io,
  commands: readonly Command[],
): Promise<number> {
  const [name] = positionals;
  if (name === undefined) {
    io.out(helpText(commands));
    return Promise.resolve(EXIT_OK);
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    throw new UsageError(
      `unknown command '${name}' (commands: ${commands.map((c) => c.name).join(", ")})`,
    );
  }
  io.out(commandHelpText(command));
  return Promise.resolve(EXIT_OK);
}
