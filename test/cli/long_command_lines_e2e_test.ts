/**
 * A process's command line can run to hundreds of kilobytes. The tables of `ps` and `gputop`
 * cut it: on a terminal so each row fits its width, into a pipe at 4096 columns (`ps`) or 60
 * (the snapshot); `--wide` shows it whole, and JSON and CSV always keep it whole. The real
 * amdgpu fixture host is copied and one process given a 110 kB command line.
 */
import assert from "node:assert/strict";
import { displayWidth } from "../../src/render/display_width.ts";
import { scenarioRootOf } from "../linux/sysfs/fixture_tree.ts";
import { testWithProgram } from "../support/require_program.ts";
import { MAIN_TS, REPO_ROOT, runCli } from "../support/run_cli.ts";

const LONG_ARGUMENT = "x".repeat(110_000);
const TERMINAL_COLUMNS = 100;

/** A copy of the amdgpu host where pid 2217 (python3, a DRM client) has a huge command line. */
async function longCommandHost(): Promise<{ args: string[]; cleanup(): void }> {
  const root = Deno.makeTempDirSync();
  const copy = await new Deno.Command("cp", {
    args: ["-a", `${scenarioRootOf("amdgpu-discrete")}/.`, root],
  }).output();
  assert.equal(copy.code, 0);
  Deno.writeTextFileSync(`${root}/proc/2217/cmdline`, `python3\0${LONG_ARGUMENT}\0`);
  return {
    args: ["--backends", "drm", "--proc-root", `${root}/proc`, "--sys-root", `${root}/sys`],
    cleanup: () => Deno.removeSync(root, { recursive: true }),
  };
}

function rowOf(stdout: string, pid: number): string {
  const row = stdout.split("\n").find((line) => new RegExp(`^\\s*${pid}\\s`).test(line));
  assert.ok(row !== undefined, stdout.slice(0, 2000));
  return row;
}

Deno.test("ps into a pipe cuts a long command line at 4096 columns; --wide keeps it whole", async () => {
  const host = await longCommandHost();
  try {
    const cut = await runCli(["ps", ...host.args]);
    assert.equal(cut.code, 0, cut.stderr);
    const row = rowOf(cut.stdout, 2217);
    const command = row.slice(row.indexOf("python3"));
    assert.equal(displayWidth(command), 4096);
    assert.ok(command.endsWith("…"), command.slice(-20));
    for (const flag of ["--wide", "-w"]) {
      const wide = await runCli(["ps", flag, ...host.args]);
      assert.equal(wide.code, 0, wide.stderr);
      assert.ok(rowOf(wide.stdout, 2217).endsWith(`python3 ${LONG_ARGUMENT}`), flag);
    }
    const whole = await runCli(["snapshot", "--wide", ...host.args]);
    assert.ok(rowOf(whole.stdout, 2217).endsWith(`python3 ${LONG_ARGUMENT}`), "snapshot --wide");
    // The snapshot table keeps its 60 columns without --wide.
    const snapshot = await runCli(host.args);
    const snapshotRow = rowOf(snapshot.stdout, 2217);
    assert.equal(displayWidth(snapshotRow.slice(snapshotRow.indexOf("python3"))), 60);
  } finally {
    host.cleanup();
  }
});

Deno.test("JSON and CSV keep a long command line whole", async () => {
  const host = await longCommandHost();
  try {
    for (const args of [["ps", "--json"], ["--json"]]) {
      const result = await runCli([...args, ...host.args]);
      const json = JSON.parse(result.stdout) as { processes: { pid: number; command: string }[] };
      const process = json.processes.find((p) => p.pid === 2217);
      assert.equal(process?.command, `python3 ${LONG_ARGUMENT}`, args.join(" "));
    }
    const csv = await runCli(["ps", "--csv", ...host.args]);
    assert.ok(csv.stdout.includes(`python3 ${LONG_ARGUMENT}`));
  } finally {
    host.cleanup();
  }
});

/** What runCli passes through too: where deno and its cache are. */
function passedEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ["PATH", "HOME", "DENO_DIR", "XDG_CACHE_HOME"]) {
    const value = Deno.env.get(name);
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/** Runs gputop on a pseudo-terminal TERMINAL_COLUMNS wide (util-linux `script`). */
async function onTerminal(script: string, args: readonly string[]): Promise<string> {
  const quoted = [Deno.execPath(), "run", "-A", "--frozen", "--cached-only", MAIN_TS, ...args]
    .map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(" ");
  const output = await new Deno.Command(script, {
    args: ["-qec", `stty cols ${TERMINAL_COLUMNS} rows 40; exec ${quoted}`, "/dev/null"],
    cwd: REPO_ROOT,
    clearEnv: true,
    env: { ...passedEnv(), NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(output.code, 0, new TextDecoder().decode(output.stderr));
  return new TextDecoder().decode(output.stdout).replaceAll("\r\n", "\n");
}

testWithProgram(
  "script",
  "on a terminal, ps and gputop cut a command line to its width",
  async (script) => {
    const host = await longCommandHost();
    try {
      for (const command of [["ps"], ["snapshot"]]) {
        const stdout = await onTerminal(script, [...command, ...host.args]);
        const row = rowOf(stdout, 2217);
        assert.ok(displayWidth(row) <= TERMINAL_COLUMNS, `${command}: ${displayWidth(row)}`);
        assert.ok(row.endsWith("…"), row);
        assert.ok(stdout.length < 2000, `${command}: ${stdout.length} characters`);
      }
      // ps gets the whole width; --wide still prints everything.
      assert.equal(displayWidth(rowOf(await onTerminal(script, ["ps", ...host.args]), 2217)), 100);
      const wide = await onTerminal(script, ["ps", "--wide", ...host.args]);
      assert.ok(wide.includes(LONG_ARGUMENT.slice(0, 5000)));
    } finally {
      host.cleanup();
    }
  },
);
