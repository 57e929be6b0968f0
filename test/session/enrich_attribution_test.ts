/**
 * The enricher's attribution on a scratch /proc written here: the cgroup of a known process
 * is read again once per rescan interval, never every sample; CPU % comes from two samples'
 * ticks, in a caching session and in a one-shot one sampled twice (`--sample-window`).
 */
import { useFileReadPath } from "../../src/linux/read_file.ts";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ProcessEnricher } from "../../src/session/enrich_processes.ts";
import { NO_ATTRIBUTION } from "../../src/model/process_attribution.ts";
import { makeProcess } from "../render/snapshot_builder.ts";
import { withTempDir } from "../support/temp_dir.ts";
import { ID_A, ID_B } from "../linux/cgroup/cgroup_cases.ts";
import { statLine } from "../linux/cgroup/attribution_tree.ts";

function writeProcess(proc: string, pid: number, cpuTicks: number, cgroupPath: string): void {
  const dir = join(proc, String(pid));
  Deno.mkdirSync(dir, { recursive: true });
  Deno.writeTextFileSync(join(dir, "status"), `Name:\tapp\nUid:\t0\t0\t0\t0\nNSpid:\t${pid}\n`);
  Deno.writeTextFileSync(join(dir, "stat"), statLine(pid, "app", "R", cpuTicks));
  Deno.writeTextFileSync(join(dir, "cgroup"), `0::${cgroupPath}\n`);
}

function enricher(proc: string, rescanIntervalMs: number | null, clock: { now: number }) {
  return new ProcessEnricher({
    procRoot: proc,
    rescanIntervalMs,
    nowMs: () => clock.now,
    pageSizeBytes: 4096,
    // Deno's ops, so that recordingReads sees every file read (libc reads go around them).
    scan: "ops",
  });
}

const row = makeProcess({ pid: 100, ...NO_ATTRIBUTION });

Deno.test("a known process's cgroup is read again once per rescan interval, not every sample", () =>
  withTempDir((proc) => {
    const clock = { now: 0 };
    const live = enricher(proc, 2000, clock);
    writeProcess(proc, 100, 0, `/docker/${ID_A}`);
    assert.equal(live.enrich([row])[0]?.container?.id, ID_A);
    writeProcess(proc, 100, 0, `/machine.slice/libpod-${ID_B}.scope`);
    clock.now = 1999;
    assert.equal(live.enrich([row])[0]?.container?.id, ID_A, "within the interval: kept");
    clock.now = 2000;
    assert.deepEqual(live.enrich([row])[0]?.container, { runtime: "podman", id: ID_B });
    // A one-shot enricher reads it on every call.
    const once = enricher(proc, null, clock);
    writeProcess(proc, 100, 0, "/");
    assert.equal(once.enrich([row])[0]?.container, null);
  }));

Deno.test("CPU % from stat's ticks between two samples of a caching session", () =>
  withTempDir((proc) => {
    const clock = { now: 0 };
    const live = enricher(proc, 2000, clock);
    writeProcess(proc, 100, 1000, "/");
    assert.equal(live.enrich([row])[0]?.cpuPercent, null, "first sight");
    writeProcess(proc, 100, 1150, "/"); // 150 ticks = 1.5 s of CPU in 1 s
    clock.now = 1000;
    assert.equal(live.enrich([row])[0]?.cpuPercent, 150);
    writeProcess(proc, 100, 1150, "/");
    clock.now = 3000;
    assert.equal(live.enrich([row])[0]?.cpuPercent, 0);
  }));

Deno.test("CPU % in a one-shot session: the second sample (a sample window) knows it", () =>
  withTempDir((proc) => {
    const clock = { now: 0 };
    const once = enricher(proc, null, clock);
    writeProcess(proc, 100, 10, "/");
    assert.equal(once.enrich([row])[0]?.cpuPercent, null);
    writeProcess(proc, 100, 35, "/");
    clock.now = 500;
    assert.equal(once.enrich([row])[0]?.cpuPercent, 50);
  }));

/**
 * Runs `body` while recording every path opened or listed through Deno's sync file calls. File
 * reads go through libc where it loads (`read_file.ts`); they are put on Deno's ops for the
 * recording, which reads the same files.
 */
function recordingReads(body: () => void): string[] {
  useFileReadPath("ops");
  const deno = Deno as unknown as Record<string, (...args: unknown[]) => unknown>;
  const names = ["readTextFileSync", "readFileSync", "openSync", "readDirSync"];
  const originals = names.map((name) => deno[name]!);
  const paths: string[] = [];
  names.forEach((name, i) => {
    deno[name] = (path: unknown, ...rest: unknown[]) => {
      paths.push(String(path));
      return originals[i]!.call(Deno, path, ...rest);
    };
  });
  try {
    body();
  } finally {
    names.forEach((name, i) => deno[name] = originals[i]!);
    useFileReadPath("auto");
  }
  return paths;
}

Deno.test("cost: two small files more per GPU process (stat, cgroup), none for other processes", () =>
  withTempDir((proc) => {
    writeProcess(proc, 100, 0, `/kubepods/pod${"a".repeat(32)}/${ID_A}`);
    writeProcess(proc, 200, 0, "/"); // not a GPU process: never read
    const clock = { now: 0 };
    const files = (paths: string[], pid: number) =>
      paths.filter((p) => p.startsWith(`${proc}/${pid}/`)).map((p) => p.slice(proc.length + 1))
        .sort();
    const once = enricher(proc, null, clock);
    const oneShot = recordingReads(() => once.enrich([row]));
    // comm, cmdline and status as before this attribution; stat and cgroup are the two more.
    assert.deepEqual(files(oneShot, 100), [
      "100/cgroup",
      "100/cmdline",
      "100/comm",
      "100/stat",
      "100/status",
    ]);
    assert.deepEqual(files(oneShot, 200), []);
    const live = enricher(proc, 2000, clock);
    live.enrich([row]);
    clock.now = 1000;
    const known = recordingReads(() => live.enrich([row]));
    assert.deepEqual(files(known, 100), ["100/stat"], "a known process: stat only");
    clock.now = 2000;
    const refreshed = recordingReads(() => live.enrich([row]));
    assert.deepEqual(files(refreshed, 100), ["100/cgroup", "100/stat"], "cgroup once an interval");
    // The pod logs folder is listed once per sample because a process is in a pod…
    assert.equal(known.filter((p) => p.endsWith("var/log/pods")).length, 1);
    // …and not at all when none is.
    const plain = makeProcess({ pid: 200, ...NO_ATTRIBUTION });
    const noPod = recordingReads(() => once.enrich([plain]));
    assert.equal(noPod.filter((p) => p.endsWith("var/log/pods")).length, 0);
  }));
