/**
 * `deno task bench [--quick]`: the performance figures in README.md (Performance), each beside
 * the C reference doing the same reads, or beside an empty `deno run`.
 *
 * 1. Generates fake /proc trees (`bench/proc_tree.ts`): A = 2,000 processes, 10,000 DRM fds,
 *    10,000 other fds; B = 500 processes, 2,500 DRM fds, 2,500 other; C = 500 processes,
 *    50 DRM fds, 2,500 other. Devices come from the amdgpu-discrete sysfs fixture.
 * 2. Compiles `bench/reference_scanner.c` with `cc` and checks that it and gputop report the
 *    same per-pid VRAM (every tree) and RSS before timing anything; any difference exits 1.
 * 3. Paired, alternating runs (gputop, then C or the empty script, round after round); each
 *    row shows the median and min–max, and the ratio of medians. CPU time in process for the
 *    scans (gputop: `process.cpuUsage`, C: CLOCK_PROCESS_CPUTIME_ID), wall time for whole
 *    processes.
 *
 * Exits non-zero only on an error or a disagreement, never on a missed target.
 * `--quick` runs fewer rounds and a 6 s watch instead of 60 s.
 */
import process from "node:process";
import { fileURLToPath } from "node:url";
import { DrmProcessSampler } from "../src/linux/fdinfo/drm_process_sampler.ts";
import { scanDrmClients } from "../src/linux/fdinfo/scan_drm_clients.ts";
import { readProcessInfo } from "../src/linux/process_info.ts";
import { createSession } from "../src/session/read_snapshot.ts";
import { scenarioRootOf } from "../test/linux/sysfs/fixture_tree.ts";
import { buildFakeNvml, fakeNvmlUnavailableReason } from "../test/fakes/nvml/build_fake_nvml.ts";
import { generateProcTree, type ProcTreeShape } from "./bench/proc_tree.ts";
import { V8_FLAGS } from "./compile_targets.ts";
import { cell, ratio, summarize, type Summary } from "./bench/stats.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const SYS_ROOT = `${scenarioRootOf("amdgpu-discrete")}/sys`;
const quick = Deno.args.includes("--quick");
const ROUNDS = quick ? 5 : 15;
const PROCESS_ROUNDS = quick ? 5 : 20;
const WATCH_SECONDS = quick ? 6 : 60;

const encoder = new TextEncoder();
function say(line: string): void {
  Deno.stderr.writeSync(encoder.encode(`${line}\n`));
}

function fail(message: string): never {
  say(`bench: ${message}`);
  Deno.exit(1);
}

const work = Deno.makeTempDirSync({ prefix: "gputop-bench-" });
const TREES: Record<"A" | "B" | "C", ProcTreeShape> = {
  A: { processes: 2000, drmFds: 10000, otherFds: 10000 },
  B: { processes: 500, drmFds: 2500, otherFds: 2500 },
  C: { processes: 500, drmFds: 50, otherFds: 2500 },
};
const procRoot = (tree: keyof typeof TREES) => `${work}/${tree}/proc`;

try {
  await main();
} finally {
  Deno.removeSync(work, { recursive: true });
}

async function main(): Promise<void> {
  for (const [name, shape] of Object.entries(TREES)) {
    say(`generating tree ${name} (${JSON.stringify(shape)})`);
    generateProcTree(`${work}/${name}/proc`, shape);
  }
  const scanner = await compileReference();

  // --- agreement before any timing ---
  for (const tree of ["A", "B", "C"] as const) {
    const reference = await runReference(scanner, ["scan", procRoot(tree), "1"]);
    const ours = gputopVramByPid(procRoot(tree));
    compareMaps(`tree ${tree} per-pid VRAM`, ours, reference.values);
  }
  const enrichPids = [...gputopVramByPid(procRoot("B")).keys()];
  {
    const reference = await runReference(scanner, [
      "enrich",
      procRoot("B"),
      "1",
      ...enrichPids.map(String),
    ]);
    const ours = new Map(
      enrichPids.map((pid) => [pid, readProcessInfo(procRoot("B"), pid, "/etc/passwd").rssBytes]),
    );
    compareMaps("tree B per-pid RSS", ours, reference.values);
  }
  say("agreement: gputop and the C reference report the same per-pid memory");

  const rows: string[][] = [];

  // --- full scan, tree A: µs per DRM fd ---
  {
    const ours: number[] = [];
    const c: number[] = [];
    scanDrmClients(procRoot("A"), SYS_ROOT); // warm-up (JIT)
    for (let round = 0; round < ROUNDS; round++) {
      ours.push(cpuMs(() => scanDrmClients(procRoot("A"), SYS_ROOT)) * 1000 / 10000);
      c.push((await referenceCpuMs(scanner, ["scan", procRoot("A")])) * 1000 / 10000);
    }
    rows.push(
      compareRow(
        "full scan, tree A (2,000 pids, 10k DRM + 10k other fds), µs per DRM fd",
        ours,
        c,
        2,
        "≤ 1.3×",
      ),
    );
  }

  // --- one full sample, trees B and C ---
  for (const tree of ["B", "C"] as const) {
    const sampler = new DrmProcessSampler({
      procRoot: procRoot(tree),
      sysRoot: SYS_ROOT,
      nowMs: () => performance.now(),
    });
    sampler.sample();
    const ours: number[] = [];
    const c: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      ours.push(cpuMs(() => sampler.sample()));
      c.push(await referenceCpuMs(scanner, ["scan", procRoot(tree)]));
    }
    const shape = TREES[tree];
    rows.push(compareRow(
      `one sample, full walk, tree ${tree} (${shape.processes} pids / ${shape.drmFds} DRM fds), ms CPU`,
      ours,
      c,
      2,
      "≤ 1.3×",
    ));
  }

  // --- incremental sample, tree C, against the C full scan: idle clients (fdinfo unchanged),
  // then busy ones (every DRM fdinfo rewritten with a moved engine counter before each sample,
  // outside the timed part) ---
  for (const busy of [false, true]) {
    const drmFdinfo = busy ? drmFdinfoFiles(procRoot("C")) : [];
    const clock = { now: 0 };
    const sampler = new DrmProcessSampler({
      procRoot: procRoot("C"),
      sysRoot: SYS_ROOT,
      nowMs: () => clock.now,
      rescanIntervalMs: 2000,
    });
    sampler.sample(); // the first, full walk
    const ours: number[] = [];
    const c: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      clock.now += 100; // 10 samples/s, all within the rescan interval after the first
      if (clock.now % 2000 === 0) clock.now += 100; // keep timed samples incremental
      for (const [path, text] of drmFdinfo) {
        Deno.writeTextFileSync(path, text.replace(/drm-engine-gfx:\t(\d+)/, `$&${round}`));
      }
      ours.push(cpuMs(() => sampler.sample()));
      c.push(await referenceCpuMs(scanner, ["scan", procRoot("C")]));
    }
    rows.push(compareRow(
      `one sample, incremental (watch/top/serve), tree C (500 pids / 50 DRM fds), ${
        busy ? "every fdinfo changed" : "idle clients"
      }, ms CPU, vs C full scan`,
      ours,
      c,
      2,
      "< 2 ms",
    ));
  }

  // --- enrichment, per process ---
  {
    const ours: number[] = [];
    const c: number[] = [];
    const root = procRoot("B");
    for (let round = 0; round < ROUNDS; round++) {
      ours.push(
        cpuMs(() => {
          for (const pid of enrichPids) readProcessInfo(root, pid, "/etc/passwd");
        }) * 1000 / enrichPids.length,
      );
      c.push(
        (await referenceCpuMs(scanner, ["enrich", root], enrichPids.map(String))) * 1000 /
          enrichPids.length,
      );
    }
    rows.push(
      compareRow("enrichment (comm, status, cmdline), µs per process", ours, c, 2, "≤ 1.5×"),
    );
  }

  // --- whole process: one-shot and version against an empty deno run ---
  {
    const empty = `${work}/empty.ts`;
    Deno.writeTextFileSync(empty, "");
    const main = `${ROOT}src/main.ts`;
    const oneShot = [
      main,
      "--json",
      "--backends",
      "drm",
      "--proc-root",
      procRoot("C"),
      "--sys-root",
      SYS_ROOT,
    ];
    // The same one-shot over a /proc with no processes: start-up and the device reading
    // without the full fd walk, to tell start-up from the scan itself.
    const noProcesses = `${work}/no-processes/proc`;
    Deno.mkdirSync(noProcesses, { recursive: true });
    const bare = oneShot.map((arg) => arg === procRoot("C") ? noProcesses : arg);
    const shots: number[] = [];
    const bareShots: number[] = [];
    const versions: number[] = [];
    const empties: number[] = [];
    await wallMs([empty]);
    await wallMs(oneShot);
    await wallMs(bare);
    await wallMs([main, "version"]);
    for (let round = 0; round < PROCESS_ROUNDS; round++) {
      empties.push(await wallMs([empty]));
      shots.push(await wallMs(oneShot));
      bareShots.push(await wallMs(bare));
      versions.push(await wallMs([main, "version"]));
    }
    const e = summarize(empties);
    const s = summarize(shots);
    const b = summarize(bareShots);
    const v = summarize(versions);
    rows.push([
      "`gputop --json --backends drm` (tree C), wall ms, vs `deno run` of an empty file",
      cell(s, 1),
      cell(e, 1),
      `+${(s.median - e.median).toFixed(1)} ms`,
      "≤ +15 ms",
    ]);
    rows.push([
      "the same with a /proc of no processes (start-up, devices, no fd walk), wall ms, vs empty",
      cell(b, 1),
      cell(e, 1),
      `+${(b.median - e.median).toFixed(1)} ms`,
      "—",
    ]);
    rows.push([
      "`gputop version`, wall ms, vs `deno run` of an empty file",
      cell(v, 1),
      cell(e, 1),
      `+${(v.median - e.median).toFixed(1)} ms`,
      "≤ +5 ms",
    ]);
  }

  // --- watch: CPU per sample and RSS ---
  {
    say(`watch probe: ${WATCH_SECONDS} s at 10 samples/s on tree C, ${V8_FLAGS.join(" ")}`);
    const output = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "--cached-only",
        ...V8_FLAGS, // as the compiled binary runs
        `${ROOT}scripts/bench/watch_probe.ts`,
        procRoot("C"),
        SYS_ROOT,
        String(WATCH_SECONDS),
        "100",
      ],
      stderr: "inherit",
    }).output();
    if (!output.success) fail("watch probe failed");
    const probe = JSON.parse(new TextDecoder().decode(output.stdout)) as {
      samples: number;
      cpuMsPerSample: number;
      earlyAtS: number;
      earlyRssMiB: number;
      finalRssMiB: number;
      peakRssMiB: number;
    };
    rows.push([
      `watch, 10 samples/s, tree C, ${WATCH_SECONDS} s (${probe.samples} samples): CPU per sample`,
      `${probe.cpuMsPerSample.toFixed(2)} ms`,
      "—",
      "—",
      "—",
    ]);
    rows.push([
      `watch: peak RSS; RSS after ${probe.earlyAtS.toFixed(0)} s → after ${WATCH_SECONDS} s`,
      `${probe.peakRssMiB.toFixed(0)} MiB; ${probe.earlyRssMiB.toFixed(0)} → ${
        probe.finalRssMiB.toFixed(0)
      } MiB`,
      "—",
      `${(probe.finalRssMiB / probe.earlyRssMiB).toFixed(2)}×`,
      "≤ 80 MiB; ≤ 1.1×",
    ]);
  }

  // --- NVML through FFI against the C fake: our call and decoding cost, not a driver's ---
  if (fakeNvmlUnavailableReason() === null) {
    Deno.env.set("GPUTOP_NVML_LIB", await buildFakeNvml());
    Deno.env.set("FAKE_NVML_SCENARIO", "two-gpus");
    const nvml = createSession({ backends: ["nvml"], procRoot: "/nonexistent" });
    await nvml.open();
    const times: number[] = [];
    for (let i = 0; i < 20; i++) await nvml.sample();
    for (let i = 0; i < (quick ? 100 : 500); i++) {
      const start = performance.now();
      await nvml.sample();
      times.push(performance.now() - start);
    }
    nvml.close();
    rows.push([
      "sample, nvml backend over the fake library (2 GPUs, 4 process entries), ms wall",
      cell(summarize(times), 3),
      "—",
      "—",
      "—",
    ]);
  }

  const lines = [
    `Measured ${
      new Date().toISOString().slice(0, 10)
    } with Deno ${Deno.version.deno} on ${Deno.build.arch}, ` +
    `${navigator.hardwareConcurrency} cores${
      quick ? " (--quick)" : ""
    }; median (min–max) of ${ROUNDS} paired rounds, ` +
    `${PROCESS_ROUNDS} for whole processes.`,
    "",
    "| figure | gputop | C reference / empty `deno run` | ratio | target |",
    "|---|---|---|---|---|",
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ];
  Deno.stdout.writeSync(encoder.encode(lines.join("\n") + "\n"));
}

/** Every DRM fdinfo file under a proc root, with its text. */
function drmFdinfoFiles(root: string): [string, string][] {
  const files: [string, string][] = [];
  for (const pid of Deno.readDirSync(root)) {
    if (!pid.isDirectory) continue;
    for (const fd of Deno.readDirSync(`${root}/${pid.name}/fd`)) {
      if (!Deno.readLinkSync(`${root}/${pid.name}/fd/${fd.name}`).startsWith("/dev/dri/")) continue;
      const path = `${root}/${pid.name}/fdinfo/${fd.name}`;
      files.push([path, Deno.readTextFileSync(path)]);
    }
  }
  return files;
}

function compareRow(
  what: string,
  ours: number[],
  c: number[],
  digits: number,
  target: string,
): string[] {
  const a: Summary = summarize(ours);
  const b: Summary = summarize(c);
  return [what, cell(a, digits), cell(b, digits), ratio(a, b), target];
}

function cpuMs(fn: () => unknown): number {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

async function compileReference(): Promise<string> {
  const binary = `${work}/reference_scanner`;
  let output: Deno.CommandOutput;
  try {
    output = await new Deno.Command("cc", {
      args: ["-O2", "-o", binary, `${ROOT}scripts/bench/reference_scanner.c`],
    }).output();
  } catch (error) {
    fail(
      `cannot run cc to build the C reference: ${error instanceof Error ? error.message : error}`,
    );
  }
  if (!output.success) fail(`cc failed:\n${new TextDecoder().decode(output.stderr)}`);
  return binary;
}

interface ReferenceResult {
  cpuMs: number[];
  values: Map<number, number | null>;
}

async function runReference(
  binary: string,
  args: string[],
  pids: string[] = [],
): Promise<ReferenceResult> {
  const output = await new Deno.Command(binary, { args: [...args, ...pids] }).output();
  if (!output.success) fail(`C reference failed: ${new TextDecoder().decode(output.stderr)}`);
  const result: ReferenceResult = { cpuMs: [], values: new Map() };
  for (const line of new TextDecoder().decode(output.stdout).split("\n")) {
    const [a, b] = line.split(" ");
    if (a === "cpu_us") result.cpuMs.push(Number(b) / 1000);
    else if (a && b) result.values.set(Number(a), Number(b));
  }
  return result;
}

/** CPU ms of the C reference's second iteration (the first warms its allocations). */
async function referenceCpuMs(
  binary: string,
  args: string[],
  pids: string[] = [],
): Promise<number> {
  const result = await runReference(binary, [...args, "2"], pids);
  return result.cpuMs[1] ?? fail("C reference printed no timing");
}

function gputopVramByPid(root: string): Map<number, number | null> {
  const sampler = new DrmProcessSampler({
    procRoot: root,
    sysRoot: SYS_ROOT,
    nowMs: () => performance.now(),
  });
  const out = new Map<number, number | null>();
  for (const usage of sampler.sample().usages) {
    const vram = usage.memoryByRegion?.["vram"];
    if (vram !== undefined) out.set(usage.pid, (out.get(usage.pid) ?? 0) + vram);
  }
  return out;
}

function compareMaps(
  what: string,
  ours: Map<number, number | null>,
  reference: Map<number, number | null>,
): void {
  const pids = new Set([...ours.keys(), ...reference.keys()]);
  const differences: string[] = [];
  for (const pid of pids) {
    if (ours.get(pid) !== reference.get(pid)) {
      differences.push(`pid ${pid}: gputop ${ours.get(pid)}, C ${reference.get(pid)}`);
    }
  }
  if (pids.size === 0) fail(`${what}: neither side found anything`);
  if (differences.length > 0) {
    fail(
      `${what} disagree (${differences.length} pids), e.g. ${differences.slice(0, 3).join("; ")}`,
    );
  }
  say(`${what}: ${pids.size} pids agree`);
}

async function wallMs(args: string[]): Promise<number> {
  const start = performance.now();
  const { code } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--cached-only", ...args],
    stdout: "null",
    stderr: "null",
  }).output();
  const elapsed = performance.now() - start;
  if (code !== 0) fail(`deno run ${args.join(" ")} exited ${code}`);
  return elapsed;
}
