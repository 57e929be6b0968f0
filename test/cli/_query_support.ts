/** What the `gputop query` end-to-end tests share. */
import { fakeNvmlEnv, type FakeNvmlScenario } from "../fakes/nvml/build_fake_nvml.ts";
import { type CliResult, runCli } from "../support/run_cli.ts";

/** An empty directory, made once per test module, as a /proc with no process in it. */
let emptyRoot: string | null = null;
export function emptyProcRoot(): string {
  if (emptyRoot === null) {
    const root = Deno.makeTempDirSync({ prefix: "gputop-query-empty-" });
    emptyRoot = root;
    globalThis.addEventListener("unload", () => Deno.removeSync(root, { recursive: true }));
  }
  return emptyRoot;
}

/** `--backends nvml --proc-root <empty>`: the fake NVML alone, and no host process. */
export function fakeNvmlArgs(): string[] {
  return ["--backends", "nvml", "--proc-root", emptyProcRoot()];
}

/** `gputop query ARGS` over the fake NVML serving `scenario`. */
export async function runQueryOnFakeNvml(
  args: readonly string[],
  scenario: FakeNvmlScenario = "two-gpus",
): Promise<CliResult> {
  return await runCli(["query", ...args, ...fakeNvmlArgs()], { env: await fakeNvmlEnv(scenario) });
}
