/**
 * Run by the bench as its own process, under plain `deno run` (no V8 flags): the library's
 * `watchSnapshots` (drm backend, continuous mode) at `INTERVAL_MS`, printing one JSON line with
 * RSS and V8's used heap after sample `FIRST` and after sample `LAST` (issue 23: 100 → 300 at
 * 50 ms on 500 processes / 2,500 DRM fds).
 *
 *   deno run -A scripts/bench/memory_probe.ts PROC_ROOT SYS_ROOT [INTERVAL_MS FIRST LAST]
 */
import { watchSnapshots } from "../../src/mod.ts";

const [
  procRoot = "/proc",
  sysRoot = "/sys",
  intervalText = "50",
  firstText = "100",
  lastText = "300",
] = Deno.args;
const first = Number(firstText);
const last = Number(lastText);
const MIB = 1048576;
const marks: Record<string, { rssMiB: number; heapUsedMiB: number }> = {};
let samples = 0;
const controller = new AbortController();
for await (
  const _snapshot of watchSnapshots({
    backends: ["drm"],
    procRoot,
    sysRoot,
    intervalMs: Number(intervalText),
    signal: controller.signal,
  })
) {
  samples++;
  if (samples === first || samples === last) {
    const usage = Deno.memoryUsage();
    marks[samples] = { rssMiB: usage.rss / MIB, heapUsedMiB: usage.heapUsed / MIB };
  }
  if (samples >= last) break;
}
const at = (n: number) => marks[n] ?? { rssMiB: NaN, heapUsedMiB: NaN };
const report = {
  first,
  last,
  firstRssMiB: at(first).rssMiB,
  lastRssMiB: at(last).rssMiB,
  firstHeapMiB: at(first).heapUsedMiB,
  lastHeapMiB: at(last).heapUsedMiB,
};
Deno.stdout.writeSync(new TextEncoder().encode(`${JSON.stringify(report)}\n`));
