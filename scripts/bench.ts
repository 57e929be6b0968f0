/**
 * `deno task bench`: the speed and memory figures quoted in README.md. Nothing here is a
 * pass/fail test; it prints a Markdown table to paste into the README.
 *
 * - sample time of the DRM backend over a fixture host (sysfs + fdinfo parsing + merge),
 * - one scan of this machine's real /proc for DRM clients,
 * - the whole CLI as a user runs it (process start included),
 * - resident memory growth over many samples (a leak shows up here).
 */
import { fileURLToPath } from "node:url";
import { DrmProcessSampler } from "../src/linux/fdinfo/drm_process_sampler.ts";
import { createSession } from "../src/session/read_snapshot.ts";
import { scenarioRootOf } from "../test/linux/sysfs/fixture_tree.ts";
import { buildFakeNvml, fakeNvmlUnavailableReason } from "../test/fakes/nvml/build_fake_nvml.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const FIXTURE = scenarioRootOf("mixed-two-gpus");

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

async function timeMs(runs: number, fn: () => Promise<unknown> | unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return median(times);
}

const rows: [string, string][] = [];

const session = createSession({
  backends: ["drm"],
  procRoot: `${FIXTURE}/proc`,
  sysRoot: `${FIXTURE}/sys`,
});
await session.open();
await session.sample();
rows.push([
  "sample, drm backend on fixture host (2 GPUs), median of 200",
  `${(await timeMs(200, () => session.sample())).toFixed(2)} ms`,
]);

// Heap after a forced GC, before and after many samples: growth here would be a leak.
// (Raw RSS rises for a while as V8 sizes its heap, so it is shown but not compared.)
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
for (let i = 0; i < 2000; i++) await session.sample();
gc();
const heapBefore = Deno.memoryUsage().heapUsed;
for (let i = 0; i < 4000; i++) await session.sample();
gc();
const after = Deno.memoryUsage();
session.close();
rows.push([
  "heap growth over 4000 further samples (after GC)",
  `${((after.heapUsed - heapBefore) / 1048576).toFixed(2)} MiB (heap ${
    (after.heapUsed / 1048576).toFixed(1)
  } MiB, RSS ${(after.rss / 1048576).toFixed(0)} MiB)`,
]);

// NVML through FFI, against the C fake (two GPUs, processes): the cost of our FFI calls
// and struct decoding, not of a real driver's ioctls.
if (fakeNvmlUnavailableReason() === null) {
  const library = await buildFakeNvml();
  Deno.env.set("GPUTOP_NVML_LIB", library);
  Deno.env.set("FAKE_NVML_SCENARIO", "two-gpus");
  const nvml = createSession({ backends: ["nvml"], procRoot: "/nonexistent" });
  await nvml.open();
  rows.push([
    "sample, nvml backend over the fake library (2 GPUs, 4 process entries), median of 500",
    `${(await timeMs(500, () => nvml.sample())).toFixed(3)} ms`,
  ]);
  nvml.close();
}

const sampler = new DrmProcessSampler({
  procRoot: "/proc",
  sysRoot: "/sys",
  nowMs: () => performance.now(),
});
let processCount = 0;
for (const entry of Deno.readDirSync("/proc")) if (/^\d+$/.test(entry.name)) processCount++;
rows.push([
  `scan of this machine's /proc for DRM clients (${processCount} processes), median of 50`,
  `${(await timeMs(50, () => sampler.sample())).toFixed(2)} ms`,
]);

const cliMs = await timeMs(10, async () => {
  const { code } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--cached-only",
      `${ROOT}src/main.ts`,
      "--json",
      "--backends",
      "drm",
      "--proc-root",
      `${FIXTURE}/proc`,
      "--sys-root",
      `${FIXTURE}/sys`,
    ],
    stdout: "null",
    stderr: "null",
  }).output();
  if (code !== 0) throw new Error(`gputop exited ${code}`);
});
rows.push([
  "`gputop --json --backends drm` on the fixture host, process start to exit, median of 10",
  `${cliMs.toFixed(0)} ms`,
]);

const cpu = Deno.build.arch;
const lines = [
  `Measured with Deno ${Deno.version.deno} on ${cpu}, ${navigator.hardwareConcurrency} cores.`,
  "",
  "| what | result |",
  "|---|---|",
  ...rows.map(([what, result]) => `| ${what} | ${result} |`),
];
Deno.stdout.writeSync(new TextEncoder().encode(lines.join("\n") + "\n"));
