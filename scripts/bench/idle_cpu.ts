/**
 * Idle CPU of the long-running commands at `--interval 1s` (issue 23: ≤ 2 % of one core at 500
 * processes / 2,500 DRM fds): `top` in a real terminal (tmux), `serve` with no scrape, and `serve`
 * scraped once a second. CPU from `/proc/<pid>/stat` (utime + stime) over the measured window,
 * after a warm-up that holds the first full walks. Each default figure is the worst of `runs`;
 * the reopened rows (for comparison only) run once.
 *
 * The window is long (60 s in a full run) because an idle session's cost comes in two rhythms: a
 * sample every second, and a full `/proc` walk every 2–20 s (the rescan policy stretches walks to
 * 400× their duration, at most 10× the interval: on tree B every ~16–20 s, 30–60 ms each). A 20 s
 * window holds one or two walks depending on phase, and successive 20 s windows of one `serve`
 * measured 1.40–2.59 %; 60 s holds three, and starts after a 20 s warm-up (the first, cold walks
 * and the JIT's first compiles of the walk).
 *
 * Every case runs twice: as gputop runs by default on the generated tree (a plain directory:
 * fdinfo and `stat` files kept open between samples, their directories watched with inotify: one
 * `read` a sample, `statx` only where a watch fails) and with the documented bench hook `GPUTOP_BENCH_REOPEN_FILES=1`, which opens and closes
 * them for every read (what gputop did on a plain tree before kept files were checked).
 */
import { fileURLToPath } from "node:url";
import { REOPEN_FILES_HOOK } from "../../src/linux/keep_open_hook.ts";

const MAIN = fileURLToPath(new URL("../../src/main.ts", import.meta.url));
const TARGET = "≤ 2 %";

/** One bench row. */
export interface IdleRow {
  figure: string;
  value: string;
  target: string;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** utime + stime of `pid` in seconds; the command name (field 2) may hold spaces. */
function cpuSeconds(pid: number, ticksPerSecond: number): number {
  const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

async function ticksPerSecond(): Promise<number> {
  const out = await new Deno.Command("getconf", { args: ["CLK_TCK"] }).output();
  return Number(new TextDecoder().decode(out.stdout)) || 100;
}

/** % of one core used by `pid` over `measureMs`, while `during` runs (scrapes). */
async function percentOver(
  pid: number,
  measureMs: number,
  during: (untilMs: number) => Promise<void> = (untilMs) => sleep(untilMs - performance.now()),
): Promise<number> {
  const hz = await ticksPerSecond();
  const start = cpuSeconds(pid, hz);
  const startedAt = performance.now();
  await during(startedAt + measureMs);
  const used = cpuSeconds(pid, hz) - start;
  return (100 * used) / ((performance.now() - startedAt) / 1000);
}

function rootArgs(procRoot: string, sysRoot: string): string[] {
  return ["--backends", "drm", "--proc-root", procRoot, "--sys-root", sysRoot];
}

async function tmux(...args: string[]): Promise<string> {
  const out = await new Deno.Command("tmux", {
    args: ["-L", "gputop-bench-idle", ...args],
    stderr: "null",
  }).output();
  return new TextDecoder().decode(out.stdout).trim();
}

/** How long a run waits before it measures, and how long it measures. */
export interface IdleWindow {
  warmupMs: number;
  measureMs: number;
}

/** How fdinfo and `stat` files are read: kept open and checked (default), or reopened (hook). */
export type FdinfoFiles = "kept open" | "reopened";

function hookEnv(files: FdinfoFiles): Record<string, string> {
  return files === "reopened" ? { [REOPEN_FILES_HOOK]: "1" } : {};
}

/**
 * `top --interval 1s` in a 120×40 tmux pane; the pane's process is gputop (sh execs `env`,
 * which execs it).
 */
async function topIdle(
  procRoot: string,
  sysRoot: string,
  window: IdleWindow,
  files: FdinfoFiles,
): Promise<number> {
  const errors = Deno.makeTempFileSync({ prefix: "gputop-bench-top-", suffix: ".err" });
  const env = Object.entries(hookEnv(files)).map(([name, value]) => `${name}=${value}`);
  const command = ["env", ...env, Deno.execPath(), "run", "-A", MAIN, "top", "--interval", "1s"]
    .concat(rootArgs(procRoot, sysRoot)).join(" ");
  await tmux("kill-server").catch(() => ""); // a session left by an interrupted run
  await tmux(
    "new-session",
    "-d",
    "-s",
    "b",
    "-x",
    "120",
    "-y",
    "40",
    `exec ${command} 2>${errors}`,
  );
  try {
    const pid = Number(await tmux("display-message", "-p", "-t", "b", "#{pane_pid}"));
    await sleep(window.warmupMs);
    if (!(pid > 0) || !alive(pid)) {
      throw new Error(`top did not keep running in tmux: ${Deno.readTextFileSync(errors).trim()}`);
    }
    return await percentOver(pid, window.measureMs);
  } finally {
    await tmux("kill-server").catch(() => "");
    Deno.removeSync(errors);
  }
}

function alive(pid: number): boolean {
  try {
    Deno.statSync(`/proc/${pid}`);
    return true;
  } catch {
    return false;
  }
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/**
 * `serve --interval 1s`, scraped (`/metrics`) once a second or never. `main`: the entry run
 * (another checkout's, to compare two builds in one run).
 */
export async function serveIdle(
  procRoot: string,
  sysRoot: string,
  window: IdleWindow,
  scrape: boolean,
  files: FdinfoFiles,
  main = MAIN,
): Promise<number> {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", main, "serve", "--listen", `127.0.0.1:${port}`, "--interval", "1s"]
      .concat(rootArgs(procRoot, sysRoot)),
    env: hookEnv(files),
    stdout: "null",
    stderr: "null",
  }).spawn();
  try {
    await sleep(window.warmupMs);
    const scrapes = async (untilMs: number) => {
      while (performance.now() < untilMs) {
        const response = await fetch(`http://127.0.0.1:${port}/metrics`);
        await response.body?.cancel();
        await sleep(Math.min(1000, untilMs - performance.now()));
      }
    };
    return await percentOver(child.pid, window.measureMs, scrape ? scrapes : undefined);
  } finally {
    child.kill("SIGTERM");
    await child.status;
  }
}

/**
 * The six idle rows (three cases, files kept open by default and reopened by the hook): a default
 * row is the worst of `runs` runs of `window`, a reopened row one run.
 */
export async function idleCpuRows(
  procRoot: string,
  sysRoot: string,
  label: string,
  window: IdleWindow,
  runs: number,
  say: (line: string) => void,
): Promise<IdleRow[]> {
  const cases: [string, number, () => Promise<number>][] = [];
  for (const files of ["kept open", "reopened"] as const) {
    const n = files === "reopened" ? 1 : runs;
    const how = files === "reopened"
      ? "fdinfo and stat reopened for each read (bench hook)"
      : "fdinfo and stat kept open, directories inotify-watched (default)";
    cases.push(
      [`\`top --interval 1s\` in tmux, ${how}`, n, () => topIdle(procRoot, sysRoot, window, files)],
      [
        `\`serve --interval 1s\`, no scrape, ${how}`,
        n,
        () => serveIdle(procRoot, sysRoot, window, false, files),
      ],
      [
        `\`serve --interval 1s\`, a scrape per second, ${how}`,
        n,
        () => serveIdle(procRoot, sysRoot, window, true, files),
      ],
    );
  }
  const rows: IdleRow[] = [];
  for (const [name, count, run] of cases) {
    const figures: number[] = [];
    for (let i = 0; i < count; i++) figures.push(await run());
    say(`idle ${name}: ${figures.map((f) => f.toFixed(2)).join(", ")} %`);
    rows.push({
      figure: `${name}, ${label}, % of one core over ${window.measureMs / 1000} s after ${
        window.warmupMs / 1000
      } s, ${count === 1 ? "one run" : `worst of ${count}`}`,
      value: `${Math.max(...figures).toFixed(2)} (${figures.map((f) => f.toFixed(2)).join(", ")})`,
      target: TARGET,
    });
  }
  return rows;
}
