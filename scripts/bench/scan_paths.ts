/**
 * `deno run -A scripts/bench/scan_paths.ts [--quick]`: the /proc scan's two read paths (Deno's
 * ops, `GPUTOP_SCAN=ops`, which is what the scan did before; libc through FFI, the default)
 * side by side, and beside the C reference scanner (`reference_scanner.c`, built with `cc`).
 *
 * 1. Per call, on one generated tree: listing the pids, listing one pid's fds, one readlink,
 *    one fdinfo read + parse (CPU ns per call, many calls; the two readers in paired rounds).
 * 2. Full scan, tree A (2,000 pids, 10,000 DRM + 10,000 other fds): µs CPU per DRM fd.
 * 3. Incremental samples, tree B (500 pids, 2,500 DRM fds, 2,500 other), nothing changed and
 *    every fdinfo rewritten, ms CPU, against the C full walk; for libc both with fdinfo files
 *    reopened for each read (`reopenFiles`, the bench hook) and kept open (the default: on a
 *    plain tree each kept file is checked by one `statx` before its read).
 * Medians (min–max) of paired rounds. Prints a Markdown table to stdout.
 */
import process from "node:process";
import { fileURLToPath } from "node:url";
import { DrmClientScanner, scanDrmClients } from "../../src/linux/fdinfo/scan_drm_clients.ts";
import type { ProcReaderOptions } from "../../src/linux/fdinfo/choose_proc_reader.ts";
import { OpsProcReader } from "../../src/linux/fdinfo/ops_proc_reader.ts";
import { LibcProcReader } from "../../src/linux/libc/libc_proc_reader.ts";
import { loadLibc } from "../../src/linux/libc/libc_binding.ts";
import type { ProcScanReader } from "../../src/linux/fdinfo/proc_scan_reader.ts";
import { FIRST_PID, generateProcTree } from "./proc_tree.ts";
import { cell, summarize } from "./stats.ts";

const quick = Deno.args.includes("--quick");
const ROUNDS = quick ? 5 : 11;
const SYS = "/nonexistent/sys";
const encoder = new TextEncoder();
const out = (line: string) => Deno.stdout.writeSync(encoder.encode(`${line}\n`));
const say = (line: string) => Deno.stderr.writeSync(encoder.encode(`${line}\n`));

function cpuMs(fn: () => unknown): number {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const work = Deno.makeTempDirSync({ prefix: "gputop-scan-bench-" });
const treeA = `${work}/A`;
const treeB = `${work}/B`;
say("generating trees…");
generateProcTree(treeA, { processes: 2000, drmFds: 10000, otherFds: 10000 });
generateProcTree(treeB, { processes: 500, drmFds: 2500, otherFds: 2500 });
const reference = `${work}/reference_scanner`;
const built = new Deno.Command("cc", {
  args: ["-O2", "-o", reference, fileURLToPath(new URL("reference_scanner.c", import.meta.url))],
}).outputSync();
if (!built.success) throw new Error(new TextDecoder().decode(built.stderr));

function referenceCpuMs(root: string): number {
  const run = new Deno.Command(reference, { args: ["scan", root, "2"] }).outputSync();
  const times = [...new TextDecoder().decode(run.stdout).matchAll(/cpu_us (\d+(?:\.\d+)?)/g)];
  return Number(times[1]?.[1]) / 1000;
}

/** CPU ns per call of `fn`, over `calls` calls (after a warm-up of a tenth as many). */
function nsPerCall(calls: number, fn: (i: number) => unknown): number {
  for (let i = 0; i < calls / 10; i++) fn(i);
  return cpuMs(() => {
    for (let i = 0; i < calls; i++) fn(i);
  }) * 1e6 / calls;
}

function perCallRows(): string[] {
  const libc = loadLibc();
  if (libc === null) throw new Error("libc did not load");
  const readers: [string, ProcScanReader][] = [
    ["ops", new OpsProcReader(treeB)],
    ["libc", new LibcProcReader(libc, treeB, 0, false)], // as a one-shot scan reads
  ];
  const rows: string[] = [];
  const pid = (i: number) => FIRST_PID + (i % 500);
  const ops: Record<string, (r: ProcScanReader, i: number) => unknown> = {
    "list the pids (500 entries)": (r) => r.listPids(),
    "list one pid's fds (10 entries)": (r, i) => r.listFds(pid(i)),
    "readlink one fd": (r, i) => r.fdNode(pid(i), 9),
    "read + parse one DRM fdinfo (24 lines)": (r, i) => r.readFdinfo(pid(i), 9, null),
  };
  for (const [name, fn] of Object.entries(ops)) {
    const calls = name.startsWith("list the pids") ? 400 : 20000;
    // Paired rounds: ops, then libc, round after round.
    const samples: number[][] = readers.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      readers.forEach(([, reader], r) => samples[r]!.push(nsPerCall(calls, (i) => fn(reader, i))));
    }
    const [a, b] = samples.map(summarize);
    rows.push(
      `| ${name}, CPU ns per call | ${cell(a!, 0)} | ${cell(b!, 0)} | ${
        (b!.median / a!.median).toFixed(2)
      }× |`,
    );
  }
  return rows;
}

function fullScanRow(options: ProcReaderOptions): ReturnType<typeof summarize> {
  scanDrmClients(treeA, SYS, options);
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    samples.push(cpuMs(() => scanDrmClients(treeA, SYS, options)) * 1000 / 10000);
  }
  return summarize(samples);
}

function drmFdinfoPaths(root: string): string[] {
  const paths: string[] = [];
  for (let i = 0; i < 500; i++) {
    for (let fd = 5; fd < 10; fd++) paths.push(`${root}/${FIRST_PID + i}/fdinfo/${fd}`);
  }
  return paths;
}

function incremental(options: ProcReaderOptions, busy: boolean): ReturnType<typeof summarize> {
  const scanner = new DrmClientScanner(treeB, SYS, true, options);
  scanner.scan(true);
  const paths = busy ? drmFdinfoPaths(treeB) : [];
  const texts = paths.map((path) => Deno.readTextFileSync(path));
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS + 2; round++) {
    paths.forEach((path, i) => {
      Deno.writeTextFileSync(path, texts[i]!.replace(/drm-engine-gfx:\t(\d+)/, `$&${round}`));
    });
    const ms = cpuMs(() => scanner.scan(false));
    if (round >= 2) samples.push(ms);
  }
  scanner.close();
  return summarize(samples);
}

out("| figure | Deno ops (before) | libc (FFI) | libc / ops |");
out("|---|---|---|---|");
for (const row of perCallRows()) out(row);
const cA = summarize(Array.from({ length: ROUNDS }, () => referenceCpuMs(treeA) * 1000 / 10000));
const opsA = fullScanRow({ scan: "ops" });
const libcA = fullScanRow({});
out(
  `| full scan, tree A, µs CPU per DRM fd (C: ${cell(cA, 2)}) | ${cell(opsA, 2)} (${
    (opsA.median / cA.median).toFixed(2)
  }× C) | ${cell(libcA, 2)} (${(libcA.median / cA.median).toFixed(2)}× C) | ${
    (libcA.median / opsA.median).toFixed(2)
  }× |`,
);
const cB = summarize(Array.from({ length: ROUNDS }, () => referenceCpuMs(treeB)));
out(`| C full walk, tree B, ms CPU | ${cell(cB, 2)} | | |`);
// The default keeps fdinfo files open, their directories inotify-watched on this plain tree
// (`kept_dir_watches.ts`; statx where a watch cannot be added); the reopen hook
// opens them for every read (what a plain tree did before).
const kept: ProcReaderOptions = {};
const reopened: ProcReaderOptions = { reopenFiles: true };
for (const busy of [false, true]) {
  const label = busy ? "every fdinfo changed" : "nothing changed";
  const opsInc = incremental({ scan: "ops" }, busy);
  const libcInc = incremental(reopened, busy);
  const keptInc = incremental(kept, busy);
  const vsC = (s: ReturnType<typeof summarize>) => `${(s.median / cB.median).toFixed(2)}× C`;
  out(
    `| incremental, tree B, ${label}, ms CPU | ${cell(opsInc, 2)} (${vsC(opsInc)}) | ${
      cell(libcInc, 2)
    } (${vsC(libcInc)}) reopened; kept open, inotify-watched: ${cell(keptInc, 2)} (${
      vsC(keptInc)
    }) | ${(keptInc.median / opsInc.median).toFixed(2)}× |`,
  );
}
Deno.removeSync(work, { recursive: true });
