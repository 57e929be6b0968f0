/**
 * The in-process scan rows: full scans and incremental samples against the C reference's full
 * walk, and the one-shot enrichment per process. CPU time on both sides.
 */
import process from "node:process";
import { DrmProcessSampler } from "../../src/linux/fdinfo/drm_process_sampler.ts";
import { scanDrmClients } from "../../src/linux/fdinfo/scan_drm_clients.ts";
import { readProcessInfo } from "../../src/linux/process_info.ts";
import { drmFdinfoFiles } from "./proc_tree.ts";
import { referenceCpuMs } from "./reference.ts";
import { cell, summarize } from "./stats.ts";
import type { Row } from "./table.ts";

export interface ScanContext {
  scanner: string;
  sysRoot: string;
  trees: { A: string; B: string; C: string; D: string };
  rounds: number;
  say: (line: string) => void;
}

function cpuMs(fn: () => unknown): number {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** A row of gputop against C with a ratio target (`≤ N×`); met when the ratio is within it. */
export function ratioRow(
  figure: string,
  ours: number[],
  c: number[],
  digits: number,
  limit: number | null,
): Row {
  const a = summarize(ours);
  const b = summarize(c);
  const ratio = a.median / b.median;
  return {
    figure,
    gputop: cell(a, digits),
    reference: cell(b, digits),
    ratio: `${ratio.toFixed(2)}×`,
    target: limit === null ? "—" : `≤ ${limit}×`,
    met: limit === null ? null : ratio <= limit,
  };
}

export async function scanRows(ctx: ScanContext): Promise<Row[]> {
  const rows: Row[] = [];
  ctx.say("scan rows");
  {
    const ours: number[] = [];
    const c: number[] = [];
    scanDrmClients(ctx.trees.A, ctx.sysRoot); // warm-up (JIT)
    for (let round = 0; round < ctx.rounds; round++) {
      ours.push(cpuMs(() => scanDrmClients(ctx.trees.A, ctx.sysRoot)) * 1000 / 10000);
      c.push((await referenceCpuMs(ctx.scanner, ["scan", ctx.trees.A])) * 1000 / 10000);
    }
    rows.push(ratioRow(
      "full scan in process, tree A (2,000 pids, 10k DRM + 10k other fds), µs per DRM fd",
      ours,
      c,
      2,
      1.2,
    ));
  }
  for (
    const [label, root] of [["tree B (500 pids / 2,500 DRM fds)", ctx.trees.B], [
      "tree C (500 pids / 50 DRM fds)",
      ctx.trees.C,
    ], ["this machine's /proc", "/proc"]] as const
  ) {
    rows.push(await fullWalkRow(ctx, label, root, root === "/proc" ? "/sys" : ctx.sysRoot));
  }
  // Reopened first, as the rows were ordered before: the later rows run on warmer code.
  for (const reopened of [true, false]) {
    for (const busy of [false, true]) rows.push(await incrementalRow(ctx, busy, reopened));
  }
  rows.push(await enrichmentRow(ctx));
  return rows;
}

/** One sample of a one-shot sampler (a full walk each time) against C's full walk. */
async function fullWalkRow(
  ctx: ScanContext,
  label: string,
  procRoot: string,
  sysRoot: string,
): Promise<Row> {
  const sampler = new DrmProcessSampler({ procRoot, sysRoot, nowMs: () => performance.now() });
  sampler.sample();
  const ours: number[] = [];
  const c: number[] = [];
  for (let round = 0; round < ctx.rounds; round++) {
    ours.push(cpuMs(() => sampler.sample()));
    c.push(await referenceCpuMs(ctx.scanner, ["scan", procRoot]));
  }
  return ratioRow(`one sample, full walk, ${label}, ms CPU`, ours, c, 2, null);
}

/**
 * Incremental samples on tree B (500 / 2,500) against C's full walk: idle clients (no fdinfo
 * changed; target ≤ 0.3×), then busy ones (every DRM fdinfo rewritten with a moved engine
 * counter before each sample, outside the timed part; target ≤ 1.2×). By default the sampler
 * keeps fdinfo files open on the generated tree too, each checked with one `statx` before its
 * read (a plain tree; rewrites truncate and write the same file, so the kept descriptors read the
 * new text); `reopened` rows set the sampler's `reopenFiles` (the `GPUTOP_BENCH_REOPEN_FILES`
 * hook): every read opens and closes its file, as before kept files were checked.
 */
async function incrementalRow(ctx: ScanContext, busy: boolean, reopened: boolean): Promise<Row> {
  const drmFdinfo = busy ? drmFdinfoFiles(ctx.trees.B) : [];
  const clock = { now: 0 };
  const sampler = new DrmProcessSampler({
    procRoot: ctx.trees.B,
    sysRoot: ctx.sysRoot,
    nowMs: () => clock.now,
    rescanIntervalMs: 2000,
    reopenFiles: reopened,
  });
  sampler.sample(); // the first, full walk
  const ours: number[] = [];
  const c: number[] = [];
  for (let round = 0; round < ctx.rounds + 3; round++) {
    clock.now += 100; // 10 samples/s, all within the rescan interval after the first
    if (clock.now % 2000 === 0) clock.now += 100; // keep timed samples incremental
    for (const [path, text] of drmFdinfo) {
      Deno.writeTextFileSync(path, text.replace(/drm-engine-gfx:\t(\d+)/, `$&${round}`));
    }
    const ms = cpuMs(() => sampler.sample());
    if (round < 3) continue; // JIT warm-up
    ours.push(ms);
    c.push(await referenceCpuMs(ctx.scanner, ["scan", ctx.trees.B]));
  }
  sampler.close();
  return ratioRow(
    `incremental sample (watch/top/serve), tree B (500 / 2,500), ${
      busy ? "every fdinfo changed" : "nothing changed"
    }${
      reopened
        ? ", fdinfo reopened for each read (bench hook)"
        : ", fdinfo kept open, directories inotify-watched (default)"
    }, ms CPU, vs C's full walk`,
    ours,
    c,
    2,
    busy ? 1.2 : 0.3,
  );
}

/** The one-shot enrichment (comm, status, cmdline) per process, tree B. */
async function enrichmentRow(ctx: ScanContext): Promise<Row> {
  const pids: number[] = [];
  for (const entry of Deno.readDirSync(ctx.trees.B)) {
    if (/^\d+$/.test(entry.name)) pids.push(Number(entry.name));
  }
  const ours: number[] = [];
  const c: number[] = [];
  for (let round = 0; round < ctx.rounds; round++) {
    ours.push(
      cpuMs(() => {
        for (const pid of pids) readProcessInfo(ctx.trees.B, pid, "/etc/passwd");
      }) * 1000 / pids.length,
    );
    c.push(
      (await referenceCpuMs(ctx.scanner, ["enrich", ctx.trees.B], pids.map(String))) * 1000 /
        pids.length,
    );
  }
  return ratioRow("enrichment (comm, status, cmdline), µs per process", ours, c, 2, 1.5);
}
