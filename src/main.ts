/** Executable entry: `deno run -A src/main.ts` and the compiled binary start here. */
import { runCli } from "./cli/run.ts";
import { denoIo } from "./platform/io.ts";
import { invokedProgramName } from "./platform/program_name.ts";
import { closingDone } from "./cli/closing_in_flight.ts";

if (import.meta.main) {
  const io = denoIo();
  const code = await runCli(Deno.args, io, invokedProgramName(io.env));
  // A one-shot command's output is written; its session may still be closing.
  await closingDone();
  Deno.exit(code);
}
