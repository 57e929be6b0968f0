/** Executable entry: `deno run -A src/main.ts` and the compiled binary start here. */
import { runCli } from "./cli/run.ts";
import { denoIo } from "./cli/io.ts";

if (import.meta.main) {
  Deno.exit(await runCli(Deno.args, denoIo()));
}
