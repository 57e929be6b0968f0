/**
 * A vendor library call that never returns, as a user meets it: gputop runs as a subprocess
 * over the fake NVML with FAKE_NVML_HANG_CALL=nvmlDeviceGetTemperature (that call sleeps
 * until the process ends, as NVML calls do for minutes on a GPU fallen off the bus) and the
 * DRM fixture tree mixed-two-gpus (Intel 0000:00:02.0 and AMD 0000:03:00.0; the fake's GPUs
 * are 0000:07:00.0 and 0000:81:00.0). `watch` keeps printing the DRM devices on schedule with
 * NVML reported as not answering, the stuck call is made once, SIGTERM ends it at once, and
 * `serve` answers scrapes. Before the library worker (src/backends/library_worker_host.ts)
 * the hanging call held the event loop: `watch` printed nothing and ignored SIGTERM.
 */
import assert from "node:assert/strict";
import type { Snapshot } from "../../src/model/types.ts";
import { fakeNvmlEnv, fakeNvmlTest } from "../fakes/nvml/build_fake_nvml.ts";
import { fixtureRootArgs } from "../linux/sysfs/fixture_tree.ts";
import { jsonLines, spawnCli } from "../support/watch_cli.ts";
import { startServe } from "../serve/serve_process.ts";

const ROOTS = fixtureRootArgs("mixed-two-gpus");
const DRM_IDS = ["0000:00:02.0", "0000:03:00.0"];
const NVML_IDS = ["0000:07:00.0", "0000:81:00.0"];
const WATCH = ["watch", "--interval", "300ms", "--backends", "nvml,drm", ...ROOTS];
/** Past this, a run is taken for hung and killed. */
const LIMIT_MS = 20_000;
const NOT_ANSWERING = /^not answering: no reply for \d+ ms \(its call is still running/;

/** The fake's environment with its temperature call hanging after `answered` calls. */
async function hangingEnv(hangFile: string, answered: number): Promise<Record<string, string>> {
  return await fakeNvmlEnv("two-gpus", {
    FAKE_NVML_HANG_CALL: "nvmlDeviceGetTemperature",
    FAKE_NVML_HANG_AFTER: String(answered),
    FAKE_NVML_HANG_FILE: hangFile,
  });
}

/** Runs `body` with a fresh file the fake appends a line to for every call that hangs. */
async function withHangFile(body: (path: string, hangs: () => string[]) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "gputop-hang-" });
  const path = `${dir}/hangs`;
  const hangs = () => {
    try {
      return Deno.readTextFileSync(path).trim().split("\n");
    } catch {
      return [];
    }
  };
  try {
    await body(path, hangs);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/**
 * gputop ARGS in a subprocess, killed (SIGKILL) if it has not ended within LIMIT_MS: a
 * regression fails the test instead of hanging it (the old code ignored even SIGTERM).
 */
async function runWithin(args: string[], env: Record<string, string>) {
  const run = spawnCli(args, env);
  const timer = setTimeout(() => run.child.kill("SIGKILL"), LIMIT_MS);
  try {
    const [stdout, stderr, status] = await Promise.all([
      run.rest(),
      run.stderr(),
      run.child.status,
    ]);
    assert.notEqual(status.signal, "SIGKILL", `still running after ${LIMIT_MS} ms:\n${stderr}`);
    return { code: status.code, stdout, stderr };
  } finally {
    clearTimeout(timer);
  }
}

/** Every line: DRM ok with its devices, NVML in error as not answering. */
function assertDrmOnNvmlNotAnswering(line: Snapshot): void {
  const drm = line.backends.find((b) => b.id === "drm");
  const nvml = line.backends.find((b) => b.id === "nvml");
  assert.equal(drm?.status, "ok");
  assert.equal(nvml?.status, "error");
  assert.match(nvml?.detail ?? "", NOT_ANSWERING);
  assert.match(nvml?.library ?? "", /libnvidia-ml-default\.so$/); // what open() said is kept
  for (const id of DRM_IDS) {
    const device = line.devices.find((d) => d.id === id);
    assert.equal(device?.sources.name, "drm", id);
    assert.equal(device?.error, null, id);
  }
}

/** The lines come on schedule: 300 ms apart (a slot may start at once after a slow one). */
function assertOnSchedule(lines: Snapshot[]): void {
  const times = lines.map((line) => Date.parse(line.timestamp));
  for (let i = 1; i < times.length; i++) {
    const gap = times[i]! - times[i - 1]!;
    assert.ok(gap >= 0 && gap < 1200, `line ${i} came ${gap} ms after the one before`);
  }
  const span = times.at(-1)! - times[0]!;
  // 3 intervals after the first line: ~900 ms, with room for a slow machine.
  assert.ok(span < 2500, `4 lines at 300 ms spanned ${span} ms`);
}

fakeNvmlTest(
  "watch: an NVML call that never returns leaves the DRM lines on schedule, NVML not answering",
  () =>
    withHangFile(async (hangFile, hangs) => {
      const started = performance.now();
      const result = await runWithin([...WATCH, "--count", "4"], await hangingEnv(hangFile, 0));
      const tookMs = performance.now() - started;
      assert.equal(result.code, 0, result.stderr);
      const lines = jsonLines(result.stdout);
      assert.equal(lines.length, 4);
      for (const line of lines) {
        assertDrmOnNvmlNotAnswering(line);
        // Hung from its first reading: NVML never reported a device.
        assert.deepEqual(line.devices.map((d) => d.id), DRM_IDS);
      }
      assertOnSchedule(lines);
      // The stuck call was made once: never again while it is outstanding.
      assert.deepEqual(hangs(), ["hang nvmlDeviceGetTemperature"]);
      // Start, warm-up and 4 lines, then an exit that waits for no call.
      assert.ok(tookMs < 10_000, `watch took ${Math.round(tookMs)} ms`);
    }),
);

fakeNvmlTest(
  "watch: once NVML stops answering, its GPUs stay on every line, marked not answering",
  () =>
    withHangFile(async (hangFile, hangs) => {
      // Two temperature calls (the warm-up reading's two GPUs) answer; the third hangs.
      const result = await runWithin([...WATCH, "--count", "4"], await hangingEnv(hangFile, 2));
      assert.equal(result.code, 0, result.stderr);
      const lines = jsonLines(result.stdout);
      assert.equal(lines.length, 4);
      for (const line of lines) {
        assertDrmOnNvmlNotAnswering(line);
        assert.deepEqual(line.devices.map((d) => d.id), [...DRM_IDS, ...NVML_IDS].sort());
        const gpus = line.devices.filter((d) => NVML_IDS.includes(d.id));
        assert.deepEqual(gpus.map((d) => d.name), ["NVIDIA A100-SXM4-80GB", "NVIDIA L40S"]);
        for (const gpu of gpus) {
          assert.match(gpu.error ?? "", /^not answering \(nvml: no reply for \d+ ms\)$/);
          assert.equal(gpu.temperatureCelsius, null); // unknown, not a stale figure
        }
      }
      assertOnSchedule(lines);
      assert.deepEqual(hangs(), ["hang nvmlDeviceGetTemperature"]);
    }),
);

fakeNvmlTest(
  "watch: SIGTERM while an NVML call hangs ends it at once (exit 143)",
  () =>
    withHangFile(async (hangFile) => {
      const run = spawnCli(WATCH, await hangingEnv(hangFile, 0));
      const timer = setTimeout(() => run.child.kill("SIGKILL"), LIMIT_MS);
      await run.lines(2);
      const signalled = performance.now();
      run.child.kill("SIGTERM");
      const [stdout, stderr, status] = await Promise.all([
        run.rest(),
        run.stderr(),
        run.child.status,
      ]);
      const exitMs = performance.now() - signalled;
      clearTimeout(timer);
      assert.equal(status.code, 143, stderr);
      assert.ok(jsonLines(stdout).length >= 2);
      // The stuck worker is given up after 200 ms, not waited for (closing waits up to 5 s).
      assert.ok(exitMs < 4000, `exit took ${Math.round(exitMs)} ms after SIGTERM`);
    }),
);

fakeNvmlTest(
  "serve: scrapes are answered while an NVML call hangs",
  () =>
    withHangFile(async (hangFile) => {
      const serve = await startServe(
        ["--interval", "200ms", "--backends", "nvml,drm", ...ROOTS],
        await hangingEnv(hangFile, 0),
      );
      const scrape = async () => {
        const response = await fetch(`http://127.0.0.1:${serve.port}/metrics`, {
          signal: AbortSignal.timeout(3000),
        });
        const body = await response.text();
        const at = /^gputop_last_reading_timestamp_seconds (\S+)$/m.exec(body)?.[1];
        return { body, readingAt: Number(at) };
      };
      try {
        // Past the first reading's deadline, with the call still hanging.
        await new Promise((resolve) => setTimeout(resolve, 800));
        const first = await scrape();
        assert.match(first.body, /^gputop_backend_up\{backend="drm"\} 1$/m);
        assert.match(first.body, /^gputop_backend_up\{backend="nvml"\} 0$/m);
        assert.match(first.body, /0000:00:02\.0/);
        // Readings go on at the interval while the call still hangs.
        await new Promise((resolve) => setTimeout(resolve, 600));
        const later = await scrape();
        assert.ok(later.readingAt > first.readingAt, `${first.readingAt} → ${later.readingAt}`);
      } finally {
        const { code, stderr } = await serve.stop();
        assert.equal(code, 143, stderr);
      }
    }),
);
