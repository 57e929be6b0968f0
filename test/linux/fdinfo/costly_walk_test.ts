/**
 * The DRM sampler's rescan policy when full walks are costly (`src/linux/rescan_schedule.ts`):
 * a DRM fd opened by a known process on an fd number that held another file (closed and
 * reopened) is found by the next full walk, which comes once per rescan interval while walks
 * are cheap, COST_MULTIPLE × the last walk's duration later when they are not, and never later
 * than MAX_STRETCH intervals. The clock is a fake that moves by `costMs` on every read, so each
 * full walk (timed by two reads) takes exactly `costMs`.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DrmProcessSampler } from "../../../src/linux/fdinfo/drm_process_sampler.ts";
import { withTempDir } from "../../support/temp_dir.ts";

const KiB = 1024;

function fdinfo(clientId: number, vramKiB: number): string {
  return `pos:\t0\nflags:\t02100002\ndrm-driver:\tamdgpu\ndrm-pdev:\t0000:03:00.0\n` +
    `drm-client-id:\t${clientId}\ndrm-resident-vram:\t${vramKiB} KiB\n`;
}

function setFd(root: string, fd: number, target: string, info: string): void {
  const link = join(root, `100/fd/${fd}`);
  Deno.removeSync(link);
  Deno.symlinkSync(target, link);
  Deno.writeTextFileSync(join(root, `100/fdinfo/${fd}`), info);
}

/** pid 100: a DRM client on fd 3 (4 KiB), a socket on fd 4. */
function knownProcess(root: string): void {
  Deno.mkdirSync(join(root, "100/fd"), { recursive: true });
  Deno.mkdirSync(join(root, "100/fdinfo"), { recursive: true });
  Deno.symlinkSync("/dev/dri/renderD128", join(root, "100/fd/3"));
  Deno.writeTextFileSync(join(root, "100/fdinfo/3"), fdinfo(1, 4));
  Deno.symlinkSync("socket:[42]", join(root, "100/fd/4"));
  Deno.writeTextFileSync(join(root, "100/fdinfo/4"), "pos:\t0\nflags:\t02\n");
}

/** A sampler (2 s rescan interval) whose clock moves `costMs` on every read. */
function costlySampler(root: string, costMs: number) {
  const clock = { now: 0 };
  const sampler = new DrmProcessSampler({
    procRoot: root,
    sysRoot: "/nonexistent/sys",
    nowMs: () => (clock.now += costMs) - costMs,
    rescanIntervalMs: 2000,
  });
  const vramAt = (ms: number) => {
    clock.now = ms;
    return sampler.sample().usages.find((usage) => usage.pid === 100)?.memoryByRegion?.vram;
  };
  return vramAt;
}

Deno.test("costly full walks: an fd reopened onto a DRM node is found 400 × the walk later", () =>
  withTempDir((root) => {
    knownProcess(root);
    const vramAt = costlySampler(root, 10);
    assert.equal(vramAt(0), 4 * KiB); // the first full walk (cold: does not stretch)
    assert.equal(vramAt(2000), 4 * KiB); // the second, 10 ms: the next is due 4 s later
    setFd(root, 4, "/dev/dri/renderD128", fdinfo(2, 8)); // fd 4 closed, reopened on the GPU
    assert.equal(vramAt(4000), 4 * KiB, "2 s after a 10 ms walk: not yet walked again");
    assert.equal(vramAt(5999), 4 * KiB);
    assert.equal(vramAt(6000), 12 * KiB, "4 s after it: found");
  }));

Deno.test("cheap full walks: found within the rescan interval, as before", () =>
  withTempDir((root) => {
    knownProcess(root);
    const vramAt = costlySampler(root, 1);
    assert.equal(vramAt(0), 4 * KiB);
    assert.equal(vramAt(2000), 4 * KiB);
    setFd(root, 4, "/dev/dri/renderD128", fdinfo(2, 8));
    assert.equal(vramAt(3999), 4 * KiB);
    assert.equal(vramAt(4000), 12 * KiB);
  }));

Deno.test("very costly full walks: found within 10 rescan intervals all the same", () =>
  withTempDir((root) => {
    knownProcess(root);
    const vramAt = costlySampler(root, 1000);
    assert.equal(vramAt(0), 4 * KiB);
    assert.equal(vramAt(2000), 4 * KiB); // 1 s walk: 400 s, capped at 20 s
    setFd(root, 4, "/dev/dri/renderD128", fdinfo(2, 8));
    assert.equal(vramAt(21_999), 4 * KiB);
    assert.equal(vramAt(22_000), 12 * KiB);
  }));
