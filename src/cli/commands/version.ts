/** `gputop version` / `--version`. */
import { VERSION } from "../../version.ts";
import type { Invocation } from "../command.ts";
import { EXIT_OK } from "../../platform/exit_codes.ts";
import type { Io } from "../../platform/io.ts";

/** What `gputop version` prints. */
export function versionLine(): string {
  return `gputop ${VERSION}\n`;
}

/**
 * `gputop version` or `gputop --version` and nothing else: `main.ts` answers these before the
 * CLI parser loads. Any other argument goes through the parser, which answers or refuses it.
 */
export function isPlainVersionRequest(args: readonly string[]): boolean {
  return args.length === 1 && (args[0] === "version" || args[0] === "--version");
}

export function run(_: Invocation, io: Io): Promise<number> {
  io.out(versionLine());
  return Promise.resolve(EXIT_OK);
}
