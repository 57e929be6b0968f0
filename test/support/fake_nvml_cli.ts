/**
 * gputop in a subprocess with the fake NVML as its only backend (`--backends nvml`) and an
 * empty `--proc-root`, so that no real process with a fake pid lends its name to the output.
 */
import { fakeNvmlEnv, type FakeNvmlScenario } from "../fakes/nvml/build_fake_nvml.ts";
import { type CliResult, runCli } from "./run_cli.ts";

/** `gputop ARGS --backends nvml --proc-root <empty>` over the fake serving `scenario`. */
export async function runCliOnFakeNvml(
  args: readonly string[],
  scenario: FakeNvmlScenario = "two-gpus",
): Promise<CliResult> {
  const procRoot = await Deno.makeTempDir({ prefix: "gputop-empty-proc-" });
  try {
    return await runCli([...args, "--backends", "nvml", "--proc-root", procRoot], {
      env: await fakeNvmlEnv(scenario),
    });
  } finally {
    await Deno.remove(procRoot, { recursive: true });
  }
}
