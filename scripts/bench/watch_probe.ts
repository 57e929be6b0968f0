/**
 * Run by the bench as its own process: samples as `gputop watch` does (the library's
 * `watchSnapshots`, drm backend, continuous mode with the default 2 s rescan interval) at
 * `intervalMs` for `seconds`, then prints one JSON line: CPU per sample, RSS at 10 s (or at a
 * sixth of the run in quick mode), RSS at the end, peak RSS.
 *
 *   deno run -A scripts/bench/watch_probe.ts PROC_ROOT SYS_ROOT SECONDS INTERVAL_MS
 */
import process from "node:process";
import { watchSnapshots } from "../../src/session/watch_snapshots.ts";

const [procRoot = "/proc", sysRoot = "/sys", secondsText = "60", intervalText = "100"] = Deno.args;
const seconds = Number(secondsText);
const intervalMs = Number(intervalText);
const earlyAtMs = Math.min(10_000, (seconds * 1000) / 6);
const startMs = performance.now();
const startCpu = process.cpuUsage();
let samples = 0;
let peakRss = 0;
let earlyRss: number | null = null;
const controller = new AbortController();
for await (
  const _snapshot of watchSnapshots({
    backends: ["drm"],
    procRoot,
    sysRoot,
    intervalMs,
    signal: controller.signal,
  })
) {
  samples++;
  const rss = Deno.memoryUsage().rss;
  peakRss = Math.max(peakRss, rss);
  const elapsedMs = performance.now() - startMs;
  if (earlyRss === null && elapsedMs >= earlyAtMs) earlyRss = rss;
  if (elapsedMs >= seconds * 1000) break;
}
const cpu = process.cpuUsage(startCpu);
const finalRss = Deno.memoryUsage().rss;
const report = JSON.stringify({
  samples,
  cpuMsPerSample: (cpu.user + cpu.system) / 1000 / samples,
  earlyAtS: earlyAtMs / 1000,
  earlyRssMiB: (earlyRss ?? finalRss) / 1048576,
  finalRssMiB: finalRss / 1048576,
  peakRssMiB: peakRss / 1048576,
});
Deno.stdout.writeSync(new TextEncoder().encode(`${report}\n`));
