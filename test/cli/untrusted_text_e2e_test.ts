/**
 * Process names and command lines are chosen by whoever runs the process: a hostile one must
 * not reach the terminal as escape sequences, nor a spreadsheet as a formula. The real
 * amdgpu fixture host is copied and one process renamed; everything else is unchanged.
 */
import assert from "node:assert/strict";
import { displayWidth } from "../../src/render/display_width.ts";
import { type CliResult, parseJsonOutput, runCli } from "../support/run_cli.ts";
import { scenarioRootOf } from "../linux/sysfs/fixture_tree.ts";

const SCENARIO = scenarioRootOf("amdgpu-discrete");
const HOSTILE_COMMAND = "=cmd|' /C calc'!A0\x1b]0;pwned\x07\x1b[2J\nrm -rf";
const CJK_NAME = "训练任务🚀";

async function hostileHost(
  { withCommandLine = true } = {},
): Promise<{ args: string[]; cleanup(): void }> {
  const root = Deno.makeTempDirSync();
  const copy = await new Deno.Command("cp", { args: ["-a", `${SCENARIO}/.`, root] }).output();
  assert.equal(copy.code, 0);
  // pid 2217 is python3 with a DRM client on the card in this scenario.
  Deno.writeTextFileSync(
    `${root}/proc/2217/cmdline`,
    withCommandLine ? HOSTILE_COMMAND.split(" ").join("\0") + "\0" : "",
  );
  Deno.writeTextFileSync(`${root}/proc/2217/comm`, `${CJK_NAME}\n`);
  return {
    args: ["--backends", "drm", "--proc-root", `${root}/proc`, "--sys-root", `${root}/sys`],
    cleanup: () => Deno.removeSync(root, { recursive: true }),
  };
}

/** `gputop ps FLAGS` on a fresh hostile host, removed afterwards; it must exit 0. */
async function psOnHostileHost(
  flags: string[],
  options: { withCommandLine?: boolean } = {},
): Promise<CliResult> {
  const host = await hostileHost(options);
  try {
    const result = await runCli(["ps", ...flags, ...host.args]);
    assert.equal(result.code, 0, result.stderr);
    return result;
  } finally {
    host.cleanup();
  }
}

Deno.test("ps table escapes control characters from a hostile command line", async () => {
  const result = await psOnHostileHost([]);
  assert.equal(result.stdout.includes("\x1b"), false, "no raw ESC reaches the terminal");
  assert.equal(result.stdout.includes("\x07"), false, "no raw BEL");
  assert.match(result.stdout, /pwned/, "the text is still shown, escaped");
  // One line per process: the newline inside the command is shown escaped, not obeyed.
  const lines = result.stdout.trimEnd().split("\n");
  const rows = lines.filter((line) => /^\s*\d+\s/.test(line));
  assert.equal(rows.length, lines.length - 1, result.stdout);
});

Deno.test("ps table keeps columns aligned with a CJK and emoji process name", async () => {
  // Without a command line, the name (comm) is what the table shows.
  const result = await psOnHostileHost([], { withCommandLine: false });
  assert.ok(result.stdout.includes(CJK_NAME), result.stdout);
  const lines = result.stdout.trimEnd().split("\n");
  const header = lines[0] ?? "";
  const memoryEnd = header.indexOf("GPU MEM") + "GPU MEM".length;
  for (const line of lines.slice(1)) {
    // The right-aligned GPU MEM column ends at the same display column on every row.
    const cut = [...line].reduce(
      (acc, ch) => (displayWidth(acc) < memoryEnd ? acc + ch : acc),
      "",
    );
    assert.equal(displayWidth(cut), memoryEnd, line);
    assert.match(cut, /(B|-)$/, line);
  }
});

Deno.test("ps --csv neutralises a formula and keeps each row on one line", async () => {
  const result = await psOnHostileHost(["--csv"]);
  assert.equal(result.stdout.includes("\x1b"), false);
  const row = result.stdout.split("\n").find((line) => line.startsWith("2217,"));
  assert.ok(row, result.stdout);
  assert.ok(row.includes(",'=cmd|"), `formula neutralised: ${row}`);
  assert.ok(row.includes(CJK_NAME), row);
});

Deno.test("--json keeps the exact text (JSON escapes it itself)", async () => {
  const result = await psOnHostileHost(["--json"]);
  const snapshot = parseJsonOutput(result) as { processes: { pid: number; command: string }[] };
  const process = snapshot.processes.find((p) => p.pid === 2217);
  assert.equal(process?.command, HOSTILE_COMMAND);
  assert.equal(result.stdout.includes("\x1b"), false, "JSON writes ESC as \\u001b");
});
