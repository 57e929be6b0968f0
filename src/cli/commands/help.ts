/** `gputop help [COMMAND]`, `gputop --help`, `gputop COMMAND --help`. */
import type { Invocation } from "../command.ts";
import { EXIT_OK } from "../exit_codes.ts";
import { commandHelpText, helpText } from "../help.ts";
import type { Io } from "../io.ts";
import { COMMANDS, findCommand } from "../registry.ts";
import { UsageError } from "../usage_error.ts";

export function run({ positionals }: Invocation, io: Io): Promise<number> {
  const [name] = positionals;
  if (name === undefined) {
    io.out(helpText(COMMANDS));
    return Promise.resolve(EXIT_OK);
  }
  const command = findCommand(name);
  if (!command) {
    throw new UsageError(
      `unknown command '${name}' (commands: ${COMMANDS.map((c) => c.name).join(", ")})`,
    );
  }
  io.out(commandHelpText(command));
  return Promise.resolve(EXIT_OK);
}
