/**
 * Idle CPU of `gputop top` (not a test): the live view at `--interval 1s` over a DRM fixture
 * host whose /proc holds 500 GPU processes, run in a real terminal (tmux), measured from
 * /proc/<pid>/stat over 20 s after a 5 s warm-up. Prints one Markdown table row.
 *
 *   deno run -A scripts/bench_top_idle.ts
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { copyTree, scenarioRootOf } from "../test/linux/sysfs/fixture_tree.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
// The scenario unpacked from its text archives (fixtures/linux/amdgpu-discrete/*.ttar).
const FIXTURE = scenarioRootOf("amdgpu-discrete");
const PROCESSES = 500;
const WARMUP_MS = 5000;
const MEASURE_MS = Number(Deno.env.get("BENCH_MEASURE_MS") ?? 20_000);
// BENCH_RESCAN=10s passes `--rescan-interval 10s` (default: none, top's default 2 s).
const RESCAN = Deno.env.get("BENCH_RESCAN");

function cpuTicks(pid: number): number {
  // utime and stime are fields 14 and 15; the command name (field 2) may hold spaces.
  const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

async function tmux(...args: string[]): Promise<string> {
  const out = await new Deno.Command("tmux", { args: ["-L", "gputop-bench", ...args] }).output();
  return new TextDecoder().decode(out.stdout).trim();
}

const dir = Deno.makeTempDirSync({ prefix: "gputop-bench-top-" });
try {
  const proc = join(dir, "proc");
  for (let i = 0; i < PROCESSES; i++) {
    const pidDir = join(proc, String(10_000 + i));
    copyTree(join(FIXTURE, "proc", "2001"), pidDir);
    // Distinct DRM client ids, else the copies are one client shared by 500 processes.
    for (const fd of ["4", "5"]) {
      const path = join(pidDir, "fdinfo", fd);
      const id = 1000 + i * 2 + Number(fd);
      const text = Deno.readTextFileSync(path);
      Deno.writeTextFileSync(path, text.replace(/drm-client-id:\t\d+/, `drm-client-id:\t${id}`));
    }
  }
  await tmux(
    "new-session",
    "-d",
    "-s",
    "b",
    "-x",
    "120",
    "-y",
    "40",
    `${Deno.execPath()} run -A ${join(ROOT, "src/main.ts")} top --interval 1s --backends drm ` +
      `--sys-root ${join(FIXTURE, "sys")} --proc-root ${proc}` +
      (RESCAN ? ` --rescan-interval ${RESCAN}` : ""),
  );
  const pid = Number(await tmux("display-message", "-p", "-t", "b", "#{pane_pid}"));
  await new Promise((resolve) => setTimeout(resolve, WARMUP_MS));
  const ticksPerSecond = Number(
    new TextDecoder().decode(
      (await new Deno.Command("getconf", { args: ["CLK_TCK"] }).output()).stdout,
    ),
  ) || 100;
  const start = cpuTicks(pid);
  const startedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, MEASURE_MS));
  const used = (cpuTicks(pid) - start) / ticksPerSecond;
  const seconds = (performance.now() - startedAt) / 1000;
  const screen = await tmux("capture-pane", "-p", "-t", "b");
  const shown = /processes \d+-\d+ of (\d+)/.exec(screen)?.[1] ?? "?";
  // deno-lint-ignore no-console
  if (Deno.env.get("BENCH_SHOW_SCREEN")) console.error(screen);
  // deno-lint-ignore no-console
  console.log(
    `| idle \`top\` at 1 s${
      RESCAN ? `, rescan ${RESCAN}` : ""
    }, ${shown} process rows from ${PROCESSES} fixture processes, CPU over ${
      seconds.toFixed(0)
    } s | ${(100 * used / seconds).toFixed(2)} % of one core |`,
  );
} finally {
  await tmux("kill-server").catch(() => {});
  Deno.removeSync(dir, { recursive: true });
}
