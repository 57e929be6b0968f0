/**
 * Generates a fake `/proc` tree for the benchmark: `processes` pid directories (comm,
 * cmdline, status, stat, fd/, fdinfo/), `drmFds` DRM fds spread evenly over the first pids
 * (amdgpu fdinfo in the kernel 6.9+ layout, each fd its own client) and `otherFds` non-DRM
 * fds (sockets, pipes, files, /dev/null) spread over every pid. The DRM fds all point at
 * `/dev/dri/renderD128` and name `drm-pdev 0000:03:00.0`, the card of the amdgpu-discrete
 * sysfs fixture, so a session over this tree and that fixture places every client.
 *
 * Each client's resident VRAM is a function of (pid, fd), so the per-pid sums the C reference
 * scanner and gputop report can be compared.
 */
import { join } from "node:path";

export interface ProcTreeShape {
  processes: number;
  drmFds: number;
  otherFds: number;
}

export const FIRST_PID = 10_000;
const PDEV = "0000:03:00.0";

/** Resident VRAM of the client at (pid, fd), in KiB: varied, never zero. */
export function clientVramKiB(pid: number, fd: number): number {
  return ((pid * 31 + fd * 17) % 4096) + 1;
}

function drmFdinfo(clientId: number, vramKiB: number): string {
  return [
    "pos:\t0",
    "flags:\t02100002",
    "mnt_id:\t24",
    `ino:\t${1000 + clientId}`,
    "drm-driver:\tamdgpu",
    `drm-client-id:\t${clientId}`,
    `drm-pdev:\t${PDEV}`,
    `pasid:\t${32768 + clientId}`,
    "drm-total-cpu:\t0",
    "drm-shared-cpu:\t0",
    "drm-active-cpu:\t0",
    "drm-resident-cpu:\t0",
    "drm-total-gtt:\t22 MiB",
    "drm-shared-gtt:\t0",
    "drm-active-gtt:\t10 MiB",
    "drm-resident-gtt:\t22 MiB",
    `drm-total-vram:\t${vramKiB} KiB`,
    "drm-shared-vram:\t0",
    `drm-active-vram:\t${vramKiB} KiB`,
    `drm-resident-vram:\t${vramKiB} KiB`,
    "amd-memory-visible-vram:\t0 KiB",
    "amd-evicted-vram:\t0 KiB",
    `drm-engine-gfx:\t${clientId * 1_000_003} ns`,
    `drm-engine-compute:\t${clientId * 7} ns`,
    "",
  ].join("\n");
}

const OTHER_TARGETS = ["socket:[4567]", "pipe:[123]", "/dev/null", "/home/user/.cache/file"];
const OTHER_FDINFO = "pos:\t0\nflags:\t02000002\nmnt_id:\t15\nino:\t4567\n";

function statusText(pid: number): string {
  return [
    "Name:\tbench-app",
    "Umask:\t0022",
    "State:\tS (sleeping)",
    `Tgid:\t${pid}`,
    `Pid:\t${pid}`,
    "PPid:\t1",
    "Uid:\t1000\t1000\t1000\t1000",
    "Gid:\t1000\t1000\t1000\t1000",
    "VmPeak:\t135936 kB",
    "VmSize:\t135936 kB",
    "VmHWM:\t45312 kB",
    `VmRSS:\t${pid % 100000} kB`,
    "Threads:\t4",
    "",
  ].join("\n");
}

function statText(pid: number): string {
  return `${pid} (bench-app) S 1 ${pid} ${pid} 0 -1 4194560 0 0 0 0 0 0 0 0 20 0 4 0 ${
    pid * 10
  } 135936 11328 0\n`;
}

/** Files at the top of a real /proc copied into each tree (besides the generated `loadavg`). */
const TOP_FILES = ["stat", "uptime", "meminfo"];

/** Writes the tree under `root` (which must be empty or absent). */
export function generateProcTree(root: string, shape: ProcTreeShape): void {
  const drmHolders = Math.min(shape.processes, shape.drmFds);
  let clientId = 1;
  // As in a real /proc: the 5th field is the last pid handed out (read by incremental scans).
  Deno.mkdirSync(root, { recursive: true });
  Deno.writeTextFileSync(
    join(root, "loadavg"),
    `0.50 0.40 0.30 1/${shape.processes} ${FIRST_PID + shape.processes - 1}\n`,
  );
  // And the other top files a reading may touch, as this machine's kernel writes them.
  for (const name of TOP_FILES) {
    try {
      Deno.writeTextFileSync(join(root, name), Deno.readTextFileSync(`/proc/${name}`));
    } catch {
      // No /proc here (not Linux): the tree goes without.
    }
  }
  for (let i = 0; i < shape.processes; i++) {
    const pid = FIRST_PID + i;
    const dir = join(root, String(pid));
    Deno.mkdirSync(join(dir, "fd"), { recursive: true });
    Deno.mkdirSync(join(dir, "fdinfo"));
    Deno.writeTextFileSync(join(dir, "comm"), "bench-app\n");
    Deno.writeTextFileSync(join(dir, "cmdline"), `/usr/bin/bench-app\0--pid\0${pid}\0`);
    Deno.writeTextFileSync(join(dir, "status"), statusText(pid));
    Deno.writeTextFileSync(join(dir, "stat"), statText(pid));
    // A login session's cgroup, as a process outside any container has (cgroup v2).
    Deno.writeTextFileSync(join(dir, "cgroup"), "0::/user.slice/user-1000.slice/session-1.scope\n");
    const drmHere = i < drmHolders
      ? Math.floor(shape.drmFds / drmHolders) + (i < shape.drmFds % drmHolders ? 1 : 0)
      : 0;
    const otherHere = Math.floor(shape.otherFds / shape.processes) +
      (i < shape.otherFds % shape.processes ? 1 : 0);
    let fd = 0;
    for (let n = 0; n < otherHere; n++, fd++) {
      Deno.symlinkSync(
        OTHER_TARGETS[n % OTHER_TARGETS.length] ?? "/dev/null",
        join(dir, "fd", `${fd}`),
      );
      Deno.writeTextFileSync(join(dir, "fdinfo", `${fd}`), OTHER_FDINFO);
    }
    for (let n = 0; n < drmHere; n++, fd++) {
      Deno.symlinkSync("/dev/dri/renderD128", join(dir, "fd", `${fd}`));
      Deno.writeTextFileSync(
        join(dir, "fdinfo", `${fd}`),
        drmFdinfo(clientId++, clientVramKiB(pid, fd)),
      );
    }
  }
}

/** Every DRM fdinfo file under a proc root, with its text. */
export function drmFdinfoFiles(root: string): [string, string][] {
  const files: [string, string][] = [];
  for (const pid of Deno.readDirSync(root)) {
    if (!pid.isDirectory) continue;
    for (const fd of Deno.readDirSync(`${root}/${pid.name}/fd`)) {
      if (!Deno.readLinkSync(`${root}/${pid.name}/fd/${fd.name}`).startsWith("/dev/dri/")) continue;
      const path = `${root}/${pid.name}/fdinfo/${fd.name}`;
      files.push([path, Deno.readTextFileSync(path)]);
    }
  }
  return files;
}
