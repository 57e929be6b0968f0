/** Executable entry: `deno run -A src/main.ts` and the compiled binary start here. */
import { denoIo } from "./platform/io.ts";
import { invokedProgramName, isNvidiaSmiName } from "./platform/program_name.ts";
import { isPlainVersionRequest, versionLine } from "./cli/commands/version.ts";
import { EXIT_OK } from "./platform/exit_codes.ts";

if (import.meta.main) {
  // `gputop version` alone is answered here, before the CLI's parser and command registry
  // (some twenty modules) load: Deno's own start-up is most of its cost, and its target is
  // 5 ms over an empty `deno run` (README, Performance). Every other command starts loading
  // the CLI at once, while the program's name is read.
  const cli = isPlainVersionRequest(Deno.args) ? null : import("./cli/run.ts");
  const io = denoIo();
  const invokedAs = invokedProgramName(io.env);
  if (cli === null && !isNvidiaSmiName(invokedAs)) {
    io.out(versionLine());
    Deno.exit(EXIT_OK);
  }
  const { runCli } = await (cli ?? import("./cli/run.ts"));
  const code = await runCli(Deno.args, io, invokedAs);
  // A one-shot command's output is written; its session may still be closing.
  await (await import("./cli/closing_in_flight.ts")).closingDone();
  Deno.exit(code);
}
