/**
 * Whole-process rows, wall time in alternating rounds: start-up against an empty `deno run`
 * (`--json` with the default backends and with `--backends drm` on this machine's own /proc,
 * /sys and /dev; `version`), and the one-shot full scan of tree D (1,000 processes / 5,000 DRM
 * fds) less Deno's own start against the C reference doing the same reads as a whole process;
 * beside it what bounds that row: the floor (the reads alone, `ffi_floor.ts`), the reading with
 * warm code (`warm_read.ts`) and the reading on one thread against the best case of two
 * (`two_threads.ts`).
 */
import { fileURLToPath } from "node:url";
import { referenceWallMs } from "./reference.ts";
import { cell, summarize } from "./stats.ts";
import type { Row } from "./table.ts";
import { alternatingWallMs, denoWallMs } from "./whole_process.ts";

const MAIN = fileURLToPath(new URL("../../src/main.ts", import.meta.url));
const FLOOR = fileURLToPath(new URL("./ffi_floor.ts", import.meta.url));
const TWO_THREADS = fileURLToPath(new URL("./two_threads.ts", import.meta.url));
const WARM_READ = fileURLToPath(new URL("./warm_read.ts", import.meta.url));
/** Iterations of `warm_read.ts` per process; the figure is the median of the last three. */
const WARM_ITERATIONS = 6;

/** Median ms of the warm iterations (the last three) of one `warm_read.ts` process. */
async function warmReadMs(procRoot: string, sysRoot: string): Promise<number> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--cached-only", WARM_READ, procRoot, sysRoot, String(WARM_ITERATIONS)],
    stderr: "piped",
  }).output();
  if (code !== 0) {
    throw new Error(`warm_read.ts exited ${code}: ${new TextDecoder().decode(stderr)}`);
  }
  const ms = new TextDecoder().decode(stdout).trim().split("\n").map((line) =>
    Number(line.split(" ")[1])
  );
  if (ms.length !== WARM_ITERATIONS || ms.some((value) => !Number.isFinite(value))) {
    throw new Error(`warm_read.ts printed ${ms.length} figures, not ${WARM_ITERATIONS}`);
  }
  return summarize(ms.slice(-3)).median;
}

export interface StartupContext {
  scanner: string;
  sysRoot: string;
  trees: { B: string; C: string; D: string };
  processRounds: number;
  work: string;
  say: (line: string) => void;
}

export async function startupRows(ctx: StartupContext): Promise<Row[]> {
  const empty = `${ctx.work}/empty.ts`;
  Deno.writeTextFileSync(empty, "");
  const drmOn = (
    root: string,
  ) => ["--backends", "drm", "--proc-root", root, "--sys-root", ctx.sysRoot];
  ctx.say("whole-process rows");
  const times = await alternatingWallMs({
    empty: () => denoWallMs([empty]),
    defaults: () => denoWallMs([MAIN, "--json"]),
    drm: () => denoWallMs([MAIN, "--json", "--backends", "drm"]),
    version: () => denoWallMs([MAIN, "version"]),
    treeC: () => denoWallMs([MAIN, "--json", ...drmOn(ctx.trees.C)]),
    treeD: () => denoWallMs([MAIN, "--json", ...drmOn(ctx.trees.D)]),
    cTreeD: () => referenceWallMs(ctx.scanner, ["oneshot", ctx.trees.D]),
    floorD: () => denoWallMs([FLOOR, ctx.trees.D]),
    warmD: () => warmReadMs(ctx.trees.D, ctx.sysRoot),
    oneThreadD: () => denoWallMs([TWO_THREADS, "single", ctx.trees.D, ctx.sysRoot]),
    twoThreadsB: () => denoWallMs([TWO_THREADS, "split", ctx.trees.B, ctx.sysRoot]),
  }, ctx.processRounds);
  const e = summarize(times.empty ?? []);
  const over = (name: string, figure: string, limitMs: number | null): Row => {
    const s = summarize(times[name] ?? []);
    const added = s.median - e.median;
    return {
      figure,
      gputop: cell(s, 1),
      reference: cell(e, 1),
      ratio: `+${added.toFixed(1)} ms`,
      target: limitMs === null ? "—" : `≤ +${limitMs} ms`,
      met: limitMs === null ? null : added <= limitMs,
    };
  };
  const c = summarize(times.cTreeD ?? []);
  const warm = summarize(times.warmD ?? []);
  /** A whole process less an empty `deno run`, against the C reference's process. */
  const lessEmptyVsC = (name: string, figure: string, limitRatio: number | null = null): Row => {
    const s = summarize(times[name] ?? []);
    const ratio = (s.median - e.median) / c.median;
    return {
      figure,
      gputop: `${cell(s, 1)} − ${e.median.toFixed(1)}`,
      reference: cell(c, 1),
      ratio: `${ratio.toFixed(2)}×`,
      target: limitRatio === null ? "—" : `≤ ${limitRatio}×`,
      met: limitRatio === null ? null : ratio <= limitRatio,
    };
  };
  return [
    over(
      "defaults",
      "`gputop --json`, default backends, this machine (real /proc, /sys, /dev), wall ms, vs `deno run` of an empty file",
      30,
    ),
    over("drm", "`gputop --json --backends drm`, this machine, wall ms, vs empty", 15),
    over("version", "`gputop version`, wall ms, vs empty", 5),
    over(
      "treeC",
      "`gputop --json --backends drm`, tree C (500 pids / 3,000 fds), wall ms, vs empty",
      null,
    ),
    lessEmptyVsC(
      "treeD",
      "one-shot full scan as a whole process, tree D (1,000 pids / 5,000 DRM fds): " +
        "`gputop --json --backends drm` less an empty `deno run`, vs the C reference's process " +
        "(walk, then comm, status, cmdline, stat, cgroup of each GPU process), wall ms",
      1.5,
    ),
    lessEmptyVsC(
      "floorD",
      "tree D's floor: the C reference's reads from a bare JS loop through gputop's libc " +
        "binding (`scripts/bench/ffi_floor.ts`: no parsing, no records, no output) less an " +
        "empty `deno run`, vs the C reference's process, wall ms",
    ),
    {
      figure: "tree D's reading with warm code: `readSnapshot` (drm) + `renderJson` in one " +
        "process, median of its 4th–6th iterations (`scripts/bench/warm_read.ts`: no start-up, " +
        "no cold code), vs the C reference's whole process, ms",
      gputop: cell(warm, 1),
      reference: cell(c, 1),
      ratio: `${(warm.median / c.median).toFixed(2)}×`,
      target: "—",
      met: null,
    },
    lessEmptyVsC(
      "oneThreadD",
      "tree D's reading on one thread: `scripts/bench/two_threads.ts single` (`readSnapshot` " +
        "(drm) + `renderJson` in a whole process) less an empty `deno run`, vs the C " +
        "reference's process, wall ms",
    ),
    lessEmptyVsC(
      "twoThreadsB",
      "tree D's work on two threads, best case: `two_threads.ts split` (a worker started " +
        "first; it and the main thread each read tree B, half of tree D's shape; nothing " +
        "merged) less an empty `deno run`, vs the C reference's process, wall ms",
    ),
  ];
}
