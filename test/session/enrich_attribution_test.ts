/**
 * The enricher's attribution on a scratch /proc written here: the cgroup of a known process
 * is read again once per rescan interval, never every sample; CPU % comes from two samples'
 * ticks, in a caching session and in a one-shot one sampled twice (`--sample-window`).
 */
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
