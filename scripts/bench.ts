/**
 * `deno task bench [--quick]`: the performance figures in README.md (Performance), each beside
 * its target and the C reference doing the same reads (or an empty `deno run`).
 *
 * 1. Generates fake /proc trees (`bench/proc_tree.ts`, with `loadavg`, `stat`, `uptime` and
 *    `meminfo` at the top): A = 2,000 processes, 10,000 DRM fds, 10,000 other fds; B = 500
 *    processes, 2,500 DRM fds, 2,500 other; C = 500 processes, 50 DRM fds, 2,500 other; D = 1,000
 *    processes, 5,000 DRM fds, 5,000 other. Devices come from the amdgpu-discrete sysfs fixture.
 *    This machine's real /proc is measured too, whatever is on it.
 * 2. Compiles `bench/reference_scanner.c` with `cc` and checks that it and gputop report the
 *    same per-pid VRAM (every tree, and the real /proc) and RSS before timing anything; any
 *    difference exits 1.
 * 3. Paired, alternating runs (gputop, then C or the empty script, round after round); each
 *    row shows the median and min–max, the ratio of medians, the target and whether it is met.
 *    CPU time in process for scans (gputop: `process.cpuUsage`, C: CLOCK_PROCESS_CPUTIME_ID),
 *    wall time for whole processes. Memory and idle CPU run as their own processes (plain
 *    `deno run`), worst of 3.
 *
 * Exits non-zero only on an error or a disagreement, never on a missed target.
 * `--quick`: fewer rounds, one run of each noisy figure, shorter idle windows (a few minutes).
 * `--only=scans,memory`: only those sections (scans, whole processes, memory, idle CPU, nvml,
 *    health); the trees and the agreement check still come first.
 */
import { createSession } from "../src/session/read_snapshot.ts";
import { scenarioRootOf } from "../test/linux/sysfs/fixture_tree.ts";
import { buildFakeNvml, fakeNvmlUnavailableReason } from "../test/fakes/nvml/build_fake_nvml.ts";
import { generateProcTree, type ProcTreeShape } from "./bench/proc_tree.ts";
import { compileReference, runReference } from "./bench/reference.ts";
import { cell, summarize } from "./bench/stats.ts";
import { infoRow, markdownTable, type Row } from "./bench/table.ts";
import { idleCpuRows } from "./bench/idle_cpu.ts";
import { memoryRows } from "./bench/memory_rows.ts";
import { deviceHealthCost } from "./bench/device_health_cost.ts";
import { scanRows } from "./bench/scan_rows.ts";
import { startupRows } from "./bench/startup_rows.ts";
import { compareMaps, gputopRssByPid, gputopVramByPid } from "./bench/agreement.ts";

const quick = Deno.args.includes("--quick");
const ROUNDS = quick ? 5 : 15;
const PROCESS_ROUNDS = quick ? 5 : 20;
const NOISY_RUNS = quick ? 1 : 3;
/** `--only=scans,memory`: run just those sections (names as `section` below), for one row's work. */
const only = Deno.args.find((arg) => arg.startsWith("--only="))?.slice("--only=".length).split(",");

const encoder = new TextEncoder();
function say(line: string): void {
  Deno.stderr.writeSync(encoder.encode(`${line}\n`));
}

const work = Deno.makeTempDirSync({ prefix: "gputop-bench-" });
const TREES: Record<"A" | "B" | "C" | "D", ProcTreeShape> = {
  A: { processes: 2000, drmFds: 10000, otherFds: 10000 },
  B: { processes: 500, drmFds: 2500, otherFds: 2500 },
  C: { processes: 500, drmFds: 50, otherFds: 2500 },
  D: { processes: 1000, drmFds: 5000, otherFds: 5000 },
};
const procRoot = (tree: keyof typeof TREES) => `${work}/${tree}/proc`;

try {
  await main();
} catch (error) {
  say(`bench: ${error instanceof Error ? error.message : String(error)}`);
  Deno.exitCode = 1;
} finally {
  Deno.removeSync(work, { recursive: true });
}

async function main(): Promise<void> {
  // The fixture's sys tree, copied: the fixture's own temporary copy goes with its process.
  const sysRoot = `${work}/sys`;
  await new Deno.Command("cp", {
    args: ["-a", `${scenarioRootOf("amdgpu-discrete")}/sys`, sysRoot],
  })
    .output();
  for (const [name, shape] of Object.entries(TREES)) {
    say(`generating tree ${name} (${JSON.stringify(shape)})`);
    generateProcTree(`${work}/${name}/proc`, shape);
  }
  const scanner = await compileReference(work);
  await agreement(scanner, sysRoot);

  const rows: Row[] = [];
  const trees = { A: procRoot("A"), B: procRoot("B"), C: procRoot("C"), D: procRoot("D") };
  const context = { scanner, sysRoot, trees, rounds: ROUNDS, processRounds: PROCESS_ROUNDS, say };
  // A section that fails is a row saying so (and exit 1): the others still print.
  const section = async (name: string, run: () => Promise<Row[]>) => {
    if (only !== undefined && !only.includes(name)) return;
    try {
      const made = await run();
      for (const row of made) say(`${row.figure}: ${row.gputop} (${row.ratio}; ${row.target})`);
      rows.push(...made);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      say(`bench: ${name} failed: ${message}`);
      const line = message.split("\n")[0] ?? "";
      rows.push(infoRow(`${name}: **failed**`, line.replaceAll("|", "/")));
      Deno.exitCode = 1;
    }
  };
  await section("scans", () => scanRows(context));
  await section("whole processes", () => startupRows({ ...context, work }));
  await section("memory", () => memoryRows(trees.B, sysRoot, NOISY_RUNS, say));
  // Long windows: see idle_cpu.ts (an idle session's full walks come every ~16–20 s on tree B).
  const idleWindow = quick ? { warmupMs: 10_000, measureMs: 20_000 } : {
    warmupMs: 20_000,
    measureMs: 60_000,
  };
  await section(
    "idle CPU",
    async () =>
      (await idleCpuRows(trees.B, sysRoot, "500 / 2,500", idleWindow, NOISY_RUNS, say)).map((
        row,
      ) => ({
        figure: row.figure,
        gputop: row.value,
        reference: "—",
        ratio: "—",
        target: row.target,
        met: Number.parseFloat(row.value) <= 2,
      })),
  );
  await section("nvml", nvmlRows);
  await section("health", healthRows);

  const lines = [
    `Measured ${
      new Date().toISOString().slice(0, 10)
    } with Deno ${Deno.version.deno} on ${Deno.build.arch}, ${navigator.hardwareConcurrency} cores${
      quick ? " (--quick)" : ""
    }; median (min–max) of ` +
    `${ROUNDS} paired rounds, ${PROCESS_ROUNDS} for whole processes, worst of ${NOISY_RUNS} ` +
    "for memory and idle CPU.",
    "",
    ...markdownTable(rows),
  ];
  Deno.stdout.writeSync(encoder.encode(lines.join("\n") + "\n"));
}

/** gputop and C agree per pid on every tree, the real /proc, and RSS on tree B. */
async function agreement(scanner: string, sysRoot: string): Promise<void> {
  for (const tree of ["A", "B", "C", "D"] as const) {
    const reference = await runReference(scanner, ["scan", procRoot(tree), "1"]);
    compareMaps(
      `tree ${tree} per-pid VRAM`,
      gputopVramByPid(procRoot(tree), sysRoot),
      reference.values,
      say,
    );
  }
  // The real /proc moves between the two reads: tried up to 3 times before a difference counts.
  for (let attempt = 1;; attempt++) {
    const reference = await runReference(scanner, ["scan", "/proc", "1"]);
    const ours = gputopVramByPid("/proc", "/sys");
    try {
      compareMaps("this machine's /proc per-pid VRAM", ours, reference.values, say, true);
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  const pids = [...gputopVramByPid(procRoot("B"), sysRoot).keys()];
  const reference = await runReference(scanner, [
    "enrich",
    procRoot("B"),
    "1",
    ...pids.map(String),
  ]);
  compareMaps("tree B per-pid RSS", gputopRssByPid(procRoot("B"), pids), reference.values, say);
  say("agreement: gputop and the C reference report the same per-pid memory");
}

/** NVML through FFI against the C fake: our call and decoding cost, not a driver's. */
async function nvmlRows(): Promise<Row[]> {
  if (fakeNvmlUnavailableReason() !== null) return [];
  Deno.env.set("GPUTOP_NVML_LIB", await buildFakeNvml());
  Deno.env.set("FAKE_NVML_SCENARIO", "two-gpus");
  const nvml = createSession({ backends: ["nvml"], procRoot: Deno.makeTempDirSync() });
  await nvml.open();
  const times: number[] = [];
  for (let i = 0; i < 20; i++) await nvml.sample();
  for (let i = 0; i < (quick ? 100 : 500); i++) {
    const start = performance.now();
    await nvml.sample();
    times.push(performance.now() - start);
  }
  nvml.close();
  Deno.env.delete("GPUTOP_NVML_LIB");
  return [infoRow(
    "sample, nvml backend over the fake library (2 GPUs, 4 process entries), ms wall",
    cell(summarize(times), 3),
  )];
}

/** Health reads per device over the fake libraries (`bench/device_health_cost.ts`). */
async function healthRows(): Promise<Row[]> {
  return (await deviceHealthCost()).map((row) => ({
    figure: row.figure,
    gputop: row.value,
    reference: "—",
    ratio: "—",
    target: row.target,
    met: Number.parseFloat(row.value) < Number.parseFloat(row.target.replace(/^[^\d]*/, "")),
  }));
}
