/**
 * `PidUsageRuns` (`src/linux/fdinfo/pid_usage_runs.ts`): a pid whose clients are the very
 * objects of the last two samples gets its last usages again, with no sum; any change (another
 * client object, one more or fewer, a clock that did not move, the first two sightings) sums
 * it anew. Then the DRM sampler over a tree: an idle process's usage is the same object from
 * its third sample on, and a changed fdinfo gives a new one with the new value.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { PidUsageRuns } from "../../../src/linux/fdinfo/pid_usage_runs.ts";
import { DrmProcessSampler } from "../../../src/linux/fdinfo/drm_process_sampler.ts";
import { withTempDir } from "../../support/temp_dir.ts";

interface Client {
  pid: number;
  name: string;
}
interface Usage {
  pid: number;
  names: string;
}

/** Runs over fake clients; each call records which pids were summed. */
function harness() {
  const runs = new PidUsageRuns<Client, Usage>();
  const summed: number[] = [];
  const sample = (clients: Client[], elapsedMs: number | null = 1000) =>
    runs.usagesOf(clients, elapsedMs, (from, to) => {
      summed.push(clients[from]!.pid);
      const names = clients.slice(from, to).map((c) => c.name).join("+");
      return [{ pid: clients[from]!.pid, names }];
    });
  return { sample, summed };
}

Deno.test("pid usage runs: the same clients three samples running: the last usages again", () => {
  const { sample, summed } = harness();
  const a1 = { pid: 1, name: "a1" }, a2 = { pid: 1, name: "a2" }, b = { pid: 2, name: "b" };
  const first = sample([a1, a2, b], null);
  const second = sample([a1, a2, b]);
  assert.deepEqual(summed, [1, 2, 1, 2], "first and second sightings are summed");
  assert.notEqual(second[0], first[0]);
  const third = sample([a1, a2, b]);
  assert.deepEqual(summed, [1, 2, 1, 2], "no sum on the third");
  assert.equal(third[0], second[0]);
  assert.equal(third[1], second[1]);
  assert.deepEqual(third.map((u) => u.names), ["a1+a2", "b"]);
});

Deno.test("pid usage runs: a new client object, one fewer, a new pid or a still clock sum again", () => {
  const { sample, summed } = harness();
  const a = { pid: 1, name: "a" }, b = { pid: 2, name: "b" }, c = { pid: 3, name: "c" };
  sample([a, b, c]);
  sample([a, b, c]);
  summed.length = 0;
  const a2 = { pid: 1, name: "a'" }; // pid 1's fdinfo changed: a new client object
  const usages = sample([a2, c]); // pid 2 gone
  assert.deepEqual(summed, [1]);
  assert.deepEqual(usages.map((u) => u.names), ["a'", "c"]);
  summed.length = 0;
  sample([a2, b, c]); // pid 2 back: new to these runs; pid 1 once the same: summed again
  assert.deepEqual(summed, [1, 2]);
  summed.length = 0;
  sample([a2, b, c], 0); // the clock did not move: a rate may differ, so everything is summed
  assert.deepEqual(summed, [1, 2, 3]);
  summed.length = 0;
  sample([a2, b, c]); // made with a still clock last time: summed once more
  assert.deepEqual(summed, [1, 2, 3]);
  summed.length = 0;
  sample([a2, b, c]);
  assert.deepEqual(summed, []);
});

function fdinfo(busyNs: number, vramKiB: number): string {
  return `pos:\t0\nflags:\t02100002\ndrm-driver:\ti915\ndrm-pdev:\t0000:00:02.0\n` +
    `drm-client-id:\t7\ndrm-engine-render:\t${busyNs} ns\ndrm-resident-local0:\t${vramKiB} KiB\n`;
}

Deno.test("DRM sampler: an idle process's usage is handed out again; a change is read", () =>
  withTempDir((root) => {
    Deno.mkdirSync(join(root, "100/fd"), { recursive: true });
    Deno.mkdirSync(join(root, "100/fdinfo"), { recursive: true });
    Deno.symlinkSync("/dev/dri/renderD128", join(root, "100/fd/3"));
    const write = (busyNs: number, vramKiB: number) =>
      Deno.writeTextFileSync(join(root, "100/fdinfo/3"), fdinfo(busyNs, vramKiB));
    write(1_000_000, 4);
    const clock = { now: 0 };
    const sampler = new DrmProcessSampler({
      procRoot: root,
      sysRoot: "/nonexistent/sys",
      nowMs: () => clock.now,
      rescanIntervalMs: 60_000,
    });
    const usageAt = (ms: number) => {
      clock.now = ms;
      return sampler.sample().usages[0]!;
    };
    assert.equal(usageAt(0).engines, null, "no rate on the first sample");
    write(501_000_000, 4); // 500 ms busy in 1 s
    assert.deepEqual(usageAt(1000).engines, { render: 50 });
    const idle = usageAt(2000); // same text as before: 0 % busy
    assert.deepEqual(idle.engines, { render: 0 });
    assert.equal(usageAt(3000), idle, "the same counters again: the same object");
    assert.equal(usageAt(4000), idle);
    write(501_000_000, 8); // more memory, still idle
    const grown = usageAt(5000);
    assert.notEqual(grown, idle);
    assert.deepEqual(grown.memoryByRegion, { local0: 8192 });
    assert.deepEqual(grown.engines, { render: 0 });
    assert.deepEqual(idle.memoryByRegion, { local0: 4096 }, "a handed-out usage is never changed");
  }));
