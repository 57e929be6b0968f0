/**
 * gputop started under the name `nvidia-smi`. Under `deno run` the program is deno, so a
 * symlink named `nvidia-smi` to deno plays the compiled binary's symlink: argv[0] is the
 * link's name (read from /proc/self/cmdline on Linux), as for `ln -s gputop nvidia-smi`.
 * Also: GPUTOP_ARGV0 for wrapper scripts, the message for any other nvidia-smi use, and
 * gputop's own nvidia-smi fallback never running itself (a symlink or a wrapper on PATH).
 */
import assert from "node:assert/strict";
import { fakeNvmlEnv, fakeNvmlTest } from "../../fakes/nvml/build_fake_nvml.ts";
import { cliArgs, passThroughEnv, runCli, runCommand } from "../../support/run_cli.ts";
import { fakeNvmlArgs } from "../_query_support.ts";

const QUERY = ["--query-gpu=index,name,memory.used", "--format=csv,noheader,nounits"];
const EXPECTED = "0, NVIDIA A100-SXM4-80GB, 4636\n1, NVIDIA L40S, 960\n";
const ONLY_QUERIES = /^nvidia-smi \(gputop\): only nvidia-smi's query interface is provided/;

/** A temporary directory with `nvidia-smi` → this test's deno. */
function denoAsNvidiaSmi(): { dir: string; program: string; dispose(): void } {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-as-nvidia-smi-" });
  const program = `${dir}/nvidia-smi`;
  Deno.symlinkSync(Deno.execPath(), program);
  return { dir, program, dispose: () => Deno.removeSync(dir, { recursive: true }) };
}

/** `nvidia-smi run … src/main.ts ARGS` through the symlink. */
function runAsNvidiaSmi(program: string, args: string[], env: Record<string, string> = {}) {
  return runCommand(program, cliArgs(args), { env: passThroughEnv(env), clearEnv: true });
}

fakeNvmlTest(
  "a symlink named nvidia-smi answers nvidia-smi's query as gputop query does",
  async () => {
    const link = denoAsNvidiaSmi();
    try {
      const env = await fakeNvmlEnv("two-gpus");
      const viaLink = await runAsNvidiaSmi(link.program, [...QUERY, ...fakeNvmlArgs()], env);
      assert.equal(viaLink.code, 0, viaLink.stderr);
      assert.equal(viaLink.stdout, EXPECTED);
      const viaCommand = await runCli(["query", ...QUERY, ...fakeNvmlArgs()], { env });
      assert.equal(viaCommand.stdout, viaLink.stdout);
      // The same through GPUTOP_ARGV0, for a wrapper script (`deno run` starts as deno).
      const viaVariable = await runCli([...QUERY, ...fakeNvmlArgs()], {
        env: { ...env, GPUTOP_ARGV0: "nvidia-smi" },
      });
      assert.equal(viaVariable.code, 0, viaVariable.stderr);
      assert.equal(viaVariable.stdout, EXPECTED);
    } finally {
      link.dispose();
    }
  },
);

Deno.test("any other nvidia-smi use: a clear message, exit 2, never another answer", async () => {
  const link = denoAsNvidiaSmi();
  try {
    for (const args of [[], ["-q"], ["-L"], ["--query-gpu-typo=index"]]) {
      const result = await runAsNvidiaSmi(link.program, args);
      assert.equal(result.code, 2, `${args.join(" ")}: ${result.stderr}`);
      assert.equal(result.stdout, "");
      assert.match(result.stderr, ONLY_QUERIES);
      assert.equal(result.stderr.trimEnd().split("\n").length, 1);
    }
    const help = await runAsNvidiaSmi(link.program, ["--help"]);
    assert.equal(help.code, 0);
    assert.match(help.stdout, ONLY_QUERIES);
  } finally {
    link.dispose();
  }
});

Deno.test("gputop's nvidia-smi fallback does not run gputop itself (symlink) on PATH", async () => {
  const link = denoAsNvidiaSmi();
  try {
    const result = await runCli(["backends", "--json", "--backends", "nvidia-smi"], {
      env: { PATH: `${link.dir}:${Deno.env.get("PATH") ?? ""}` },
    });
    assert.equal(result.code, 0, result.stderr);
    const status = JSON.parse(result.stdout).find((b: { id: string }) => b.id === "nvidia-smi");
    assert.equal(status.status, "unavailable");
    assert.match(status.detail, /is gputop itself/);
  } finally {
    link.dispose();
  }
});

Deno.test("a wrapper script that runs gputop as nvidia-smi refuses when gputop runs it", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-smi-wrapper-" });
  try {
    const wrapper = `${dir}/nvidia-smi`;
    const run = [Deno.execPath(), ...cliArgs([])].map((a) => `'${a}'`);
    Deno.writeTextFileSync(
      wrapper,
      `#!/bin/sh\nGPUTOP_ARGV0=nvidia-smi exec ${run.join(" ")} "$@"\n`,
    );
    Deno.chmodSync(wrapper, 0o755);
    const result = await runCli(["backends", "--json", "--backends", "nvidia-smi"], {
      env: { PATH: `${dir}:${Deno.env.get("PATH") ?? ""}` },
    });
    assert.equal(result.code, 0, result.stderr);
    const status = JSON.parse(result.stdout).find((b: { id: string }) => b.id === "nvidia-smi");
    assert.equal(status.status, "unavailable");
    assert.equal(
      status.detail,
      "nvidia-smi (gputop): started by gputop's own nvidia-smi backend; not answering for itself",
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
