/**
 * kernel_mounts.ts: procfs and sysfs mount points from mountinfo (escapes decoded, other
 * types left out), and the path test `read_file.ts` uses to skip its per-read `stat`.
 */
import assert from "node:assert/strict";
import { kernelMountPointsIn, onKernelFilesystem } from "../../src/linux/kernel_mounts.ts";
import { mayBlockOnRead } from "../../src/linux/read_file.ts";

Deno.test("kernelMountPointsIn: proc and sysfs mounts, octal escapes decoded", () => {
  const mountinfo = [
    "22 27 0:21 / /proc rw,relatime - proc proc rw",
    "23 27 0:22 / /sys rw,relatime - sysfs sysfs rw",
    "24 27 0:5 / /dev rw - devtmpfs udev rw",
    "90 27 0:21 / /host/my\\040proc rw shared:12 master:3 - proc proc rw",
    "91 23 0:30 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw",
    "92 27 0:23 / relative rw - sysfs sysfs rw",
    "garbage",
    "",
  ].join("\n");
  assert.deepEqual(kernelMountPointsIn(mountinfo), ["/proc", "/sys", "/host/my proc"]);
});

Deno.test("onKernelFilesystem: this machine's /proc and /sys, not their look-alikes", () => {
  assert.equal(onKernelFilesystem("/proc"), true);
  assert.equal(onKernelFilesystem("/proc/self/stat"), true);
  assert.equal(onKernelFilesystem("/sys/class/drm"), true);
  assert.equal(onKernelFilesystem("/procfake/1/stat"), false);
  assert.equal(onKernelFilesystem("/tmp/proc/1/stat"), false);
  assert.equal(onKernelFilesystem("proc/1/stat"), false);
});

Deno.test("mayBlockOnRead: a FIFO in a plain tree still blocks; procfs never stats", () => {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-mounts-" });
  try {
    const fifo = `${dir}/fifo`;
    assert.equal(new Deno.Command("mkfifo", { args: [fifo] }).outputSync().code, 0);
    assert.equal(mayBlockOnRead(fifo), true);
    assert.equal(mayBlockOnRead("/proc/self/fdinfo/0"), false);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
