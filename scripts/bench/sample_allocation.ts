/**
 * Bytes a DRM sample allocates, measured (issue 23, memory): V8's young generation made large
 * enough that no collection runs during the timed samples, so the growth of the used heap over
 * them is what they allocated. Tree B (500 processes / 2,500 DRM fds), incremental sampler,
 * idle clients and busy ones (every DRM fdinfo rewritten between samples), then the whole
 * library session (`createSession`, drm backend, continuous).
 *
 *   deno run -A --v8-flags=--expose-gc,--min-semi-space-size=512,--max-semi-space-size=512 \
 *     scripts/bench/sample_allocation.ts
 */
import { scenarioRootOf } from "../../test/linux/sysfs/fixture_tree.ts";
import { DrmProcessSampler } from "../../src/linux/fdinfo/drm_process_sampler.ts";
import { createSession } from "../../src/session/read_snapshot.ts";
import { drmFdinfoFiles, generateProcTree } from "./proc_tree.ts";

const SAMPLES = 20;
const KIB = 1024;
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error("run with --v8-flags=--expose-gc (see the usage line)");

const work = Deno.makeTempDirSync({ prefix: "gputop-alloc-" });
const say = (line: string) => Deno.stdout.writeSync(new TextEncoder().encode(`${line}\n`));
try {
  const procRoot = `${work}/proc`;
  const sysRoot = `${scenarioRootOf("amdgpu-discrete")}/sys`;
  generateProcTree(procRoot, { processes: 500, drmFds: 2500, otherFds: 2500 });
  for (const busy of [false, true]) {
    const clock = { now: 0 };
    const sampler = new DrmProcessSampler({
      procRoot,
      sysRoot,
      nowMs: () => clock.now,
      rescanIntervalMs: 1e9,
    });
    const files = busy ? drmFdinfoFiles(procRoot) : [];
    const perSample = measure(() => {
      clock.now += 100;
      sampler.sample();
    }, () => rewrite(files, clock.now));
    say(`DRM sampler, incremental, ${busy ? "every fdinfo changed" : "idle"}: ${perSample} KiB`);
    sampler.close();
  }
  const session = createSession({ backends: ["drm"], procRoot, sysRoot }, {
    intervalMs: 50,
    rescanIntervalMs: 1e9,
  });
  await session.open();
  let done = 0;
  const perSample = await measureAsync(async () => {
    await session.sample();
    done++;
  });
  say(`library session sample (drm, continuous), idle: ${perSample} KiB (${done} samples)`);
  session.close();
} finally {
  Deno.removeSync(work, { recursive: true });
}

/** KiB allocated per call of `sample` (after warm-up); `between` runs untimed, after a GC. */
function measure(sample: () => void, between: () => void = () => {}): string {
  for (let i = 0; i < 5; i++) sample(); // JIT warm-up, caches filled
  let bytes = 0;
  for (let i = 0; i < SAMPLES; i++) {
    between();
    gc!();
    const before = Deno.memoryUsage().heapUsed;
    sample();
    bytes += Deno.memoryUsage().heapUsed - before;
  }
  return (bytes / SAMPLES / KIB).toFixed(0);
}

async function measureAsync(sample: () => Promise<void>): Promise<string> {
  for (let i = 0; i < 5; i++) await sample();
  let bytes = 0;
  for (let i = 0; i < SAMPLES; i++) {
    gc!();
    const before = Deno.memoryUsage().heapUsed;
    await sample();
    bytes += Deno.memoryUsage().heapUsed - before;
  }
  return (bytes / SAMPLES / KIB).toFixed(0);
}

function rewrite(files: [string, string][], stamp: number): void {
  for (const [path, text] of files) {
    Deno.writeTextFileSync(path, text.replace(/drm-engine-gfx:\t(\d+)/, `$&${stamp}`));
  }
}
