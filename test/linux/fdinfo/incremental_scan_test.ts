/**
 * The incremental scan of long-running modes (`rescanIntervalMs` set): between full walks a
 * sample re-reads only known DRM fds and walks only new pids, and still drops closed fds,
 * exited pids and reused pids exactly. The clock is a fake the test moves by hand; the proc
 * tree is built in a temp dir and changed between samples.
 */
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { DrmProcessSampler } from "../../../src/linux/fdinfo/drm_process_sampler.ts";
import { readStartTime } from "../../../src/linux/fdinfo/proc_pids.ts";
import { DrmClientScanner } from "../../../src/linux/fdinfo/scan_drm_clients.ts";
import type { ScanPath } from "../../../src/linux/fdinfo/choose_proc_reader.ts";
import { withTempDir } from "../../support/temp_dir.ts";

const KiB = 1024;

/** `/proc/<pid>/stat` with start time `start` (field 22) and a name with spaces and ')'. */
function statText(pid: number, start: number): string {
  // Fields 4–21 (18 of them) are zeros here; field 22 is the start time.
  return `${pid} (a) b) S ${Array(18).fill("0").join(" ")} ${start} 0 0\n`;
}

function drmFdinfo(clientId: number, vramKiB: number): string {
  return [
    "pos:\t0",
    "flags:\t02100002",
    "drm-driver:\tamdgpu",
    "drm-pdev:\t0000:03:00.0",
    `drm-client-id:\t${clientId}`,
    `drm-resident-vram:\t${vramKiB} KiB`,
  ].join("\n") + "\n";
}

class FakeProc {
  constructor(readonly root: string) {}

  process(pid: number, start: number): void {
    Deno.mkdirSync(join(this.root, `${pid}/fd`), { recursive: true });
    Deno.mkdirSync(join(this.root, `${pid}/fdinfo`), { recursive: true });
    Deno.writeTextFileSync(join(this.root, `${pid}/stat`), statText(pid, start));
  }

  drmFd(pid: number, fd: number, clientId: number, vramKiB: number): void {
    this.#link(pid, fd, "/dev/dri/renderD128");
    this.#write(`${pid}/fdinfo/${fd}`, drmFdinfo(clientId, vramKiB));
  }

  socketFd(pid: number, fd: number): void {
    this.#link(pid, fd, "socket:[4242]");
    this.#write(`${pid}/fdinfo/${fd}`, "pos:\t0\nflags:\t02\nmnt_id:\t9\nino:\t4242\n");
  }

  closeFd(pid: number, fd: number): void {
    Deno.removeSync(join(this.root, `${pid}/fd/${fd}`));
    Deno.removeSync(join(this.root, `${pid}/fdinfo/${fd}`));
  }

  /** `loadavg`, its last field the last pid the kernel handed out. */
  loadavg(lastPid: number): void {
    this.#write("loadavg", `0.00 0.01 0.05 1/170 ${lastPid}\n`);
  }

  exit(pid: number): void {
    Deno.removeSync(join(this.root, String(pid)), { recursive: true });
  }

  #link(pid: number, fd: number, target: string): void {
    const path = join(this.root, `${pid}/fd/${fd}`);
    try {
      Deno.removeSync(path);
    } catch {
      // not there yet
    }
    Deno.symlinkSync(target, path);
  }

  #write(path: string, text: string): void {
    Deno.mkdirSync(dirname(join(this.root, path)), { recursive: true });
    Deno.writeTextFileSync(join(this.root, path), text);
  }
}

/**
 * A sampler over `procRoot` on a clock the test moves by hand: incremental between full walks
 * 2 s apart, or one-shot (no rescan interval) when `rescanIntervalMs` is null.
 */
/** The scan path of the test now running (every scan test runs on both; see `bothPaths`). */
let scanPath: ScanPath = "auto";

/**
 * Registers `body` twice: on the libc path (FFI, where it loads; the test fails when it does
 * not, as it must here) and on Deno's ops.
 */
function bothPaths(name: string, body: () => void): void {
  Deno.test(`${name} (libc)`, () => {
    scanPath = "auto";
    assert.equal(new DrmClientScanner("/proc", "/sys").readerKind, "libc");
    body();
  });
  Deno.test(`${name} (ops)`, () => {
    scanPath = "ops";
    try {
      body();
    } finally {
      scanPath = "auto";
    }
  });
}

function samplerOn(procRoot: string, rescanIntervalMs: number | null = 2000) {
  const clock = { now: 0 };
  const sampler = new DrmProcessSampler({
    procRoot,
    sysRoot: "/nonexistent/sys",
    nowMs: () => clock.now,
    ...(rescanIntervalMs === null ? {} : { rescanIntervalMs }),
    scan: scanPath,
  });
  return { clock, sampler };
}

/** The pids of the clients a continuous scanner finds, on a full walk (`full`) or not. */
function scannedPids(procRoot: string): (full: boolean) => number[] {
  const scanner = new DrmClientScanner(procRoot, "/nonexistent/sys", true, { scan: scanPath });
  return (full) => scanner.scan(full).clients.map((client) => client.pid);
}

/** pid → VRAM bytes of every usage in one sample. */
function vramByPid(sampler: DrmProcessSampler): Record<number, number | undefined> {
  const out: Record<number, number | undefined> = {};
  for (const usage of sampler.sample().usages) out[usage.pid] = usage.memoryByRegion?.["vram"];
  return out;
}

function withFakeProc(body: (proc: FakeProc, procRoot: string) => void): void {
  withTempDir((dir) => body(new FakeProc(dir), dir));
}

bothPaths(
  "incremental scan: closed fd, exited pid, reused pid, new pid, new client after rescan",
  () => {
    withFakeProc((proc, procRoot) => {
      proc.process(100, 500);
      proc.drmFd(100, 3, 1, 4);
      proc.drmFd(100, 4, 2, 8);
      proc.process(200, 600);
      proc.drmFd(200, 5, 3, 16);
      proc.process(300, 700);
      proc.socketFd(300, 0);
      proc.process(400, 800);
      proc.drmFd(400, 3, 4, 64);

      const { clock, sampler } = samplerOn(procRoot);
      // t = 0: the first sample is a full walk. pid 100: 4 + 8 KiB.
      assert.deepEqual(vramByPid(sampler), { 100: 12 * KiB, 200: 16 * KiB, 400: 64 * KiB });

      proc.closeFd(100, 4); // closed fd
      proc.drmFd(100, 3, 1, 32); // the known client grew: re-read each sample
      proc.exit(200); // exited pid
      proc.exit(400); // reused pid: same number, new start time, a different client
      proc.process(400, 900);
      proc.socketFd(400, 3);
      proc.drmFd(400, 7, 5, 128);
      proc.process(500, 1000); // a pid not seen before is walked at once
      proc.drmFd(500, 3, 6, 256);
      proc.drmFd(100, 9, 7, 512); // new client of a known pid: waits for the next full walk
      proc.drmFd(300, 1, 8, 1024); // likewise for a known pid that had no DRM fd

      clock.now = 1000; // incremental: 1 s < 2 s since the full walk
      assert.deepEqual(vramByPid(sampler), { 100: 32 * KiB, 400: 128 * KiB, 500: 256 * KiB });

      clock.now = 1999; // still incremental
      assert.deepEqual(vramByPid(sampler), { 100: 32 * KiB, 400: 128 * KiB, 500: 256 * KiB });

      clock.now = 2000; // 2 s since the full walk: everything again. pid 100: 32 + 512 KiB.
      assert.deepEqual(vramByPid(sampler), {
        100: 544 * KiB,
        300: 1024 * KiB,
        400: 128 * KiB,
        500: 256 * KiB,
      });

      // After the rescan, fd 9 of pid 100 is known and re-read incrementally.
      proc.drmFd(100, 9, 7, 2);
      proc.exit(500);
      clock.now = 2500;
      assert.deepEqual(vramByPid(sampler), { 100: 34 * KiB, 300: 1024 * KiB, 400: 128 * KiB });
    });
  },
);

bothPaths("incremental scan: an fd number reused for a non-DRM file is dropped at once", () => {
  withFakeProc((proc, procRoot) => {
    proc.process(100, 500);
    proc.drmFd(100, 3, 1, 4);
    const { clock, sampler } = samplerOn(procRoot);
    assert.deepEqual(vramByPid(sampler), { 100: 4 * KiB });
    proc.socketFd(100, 3);
    clock.now = 100;
    assert.deepEqual(vramByPid(sampler), {});
  });
});

bothPaths("one-shot sampler (no rescan interval) walks everything every sample", () => {
  withFakeProc((proc, procRoot) => {
    proc.process(100, 500);
    proc.drmFd(100, 3, 1, 4);
    const { clock, sampler } = samplerOn(procRoot, null);
    assert.deepEqual(vramByPid(sampler), { 100: 4 * KiB });
    proc.drmFd(100, 9, 2, 8); // a new client of a known pid is seen at the next sample
    clock.now = 1;
    assert.deepEqual(vramByPid(sampler), { 100: 12 * KiB });
  });
});

Deno.test("readStartTime: field 22, counted after the last ')' of the name", () => {
  withFakeProc((proc, procRoot) => {
    proc.process(42, 123456);
    assert.equal(readStartTime(procRoot, 42), "123456");
    assert.equal(readStartTime(procRoot, 43), null); // no such process
    Deno.writeTextFileSync(join(procRoot, "42/stat"), "42 (x) S 1 2\n"); // truncated
    assert.equal(readStartTime(procRoot, 42), null);
  });
});

bothPaths("incremental scan: the pid list is re-read only when loadavg's last pid moved", () => {
  withFakeProc((proc, procRoot) => {
    proc.loadavg(100);
    proc.process(100, 500);
    proc.drmFd(100, 3, 1, 4);
    const { clock, sampler } = samplerOn(procRoot);
    assert.deepEqual(vramByPid(sampler), { 100: 4 * KiB });

    // A process appears but loadavg says no pid was handed out: not listed yet.
    proc.process(101, 600);
    proc.drmFd(101, 3, 2, 8);
    clock.now = 100;
    assert.deepEqual(vramByPid(sampler), { 100: 4 * KiB });

    // The kernel's last pid moved: the listing is read again and pid 101 is walked as new.
    proc.loadavg(101);
    clock.now = 200;
    assert.deepEqual(vramByPid(sampler), { 100: 4 * KiB, 101: 8 * KiB });

    // An exit needs no listing: the known pid's reads fail.
    proc.exit(100);
    clock.now = 300;
    assert.deepEqual(vramByPid(sampler), { 101: 8 * KiB });
  });
});

bothPaths(
  "incremental scan: an unchanged fdinfo text reuses its parse; a changed one is parsed",
  () => {
    withFakeProc((proc, procRoot) => {
      proc.process(100, 500);
      proc.drmFd(100, 3, 1, 4);
      const scanner = new DrmClientScanner(procRoot, "/nonexistent/sys", true, { scan: scanPath });
      const first = scanner.scan(true).clients[0]?.fdinfo;
      const second = scanner.scan(false).clients[0]?.fdinfo;
      assert.ok(first !== undefined);
      assert.equal(second, first); // the very same object: not parsed again
      proc.drmFd(100, 3, 1, 5);
      const third = scanner.scan(false).clients[0]?.fdinfo;
      assert.notEqual(third, first);
      assert.equal(third?.memory["vram"]?.residentBytes, 5 * KiB);
    });
  },
);

bothPaths("incremental scan: a pid without stat is not read again until the next full walk", () => {
  withFakeProc((proc, procRoot) => {
    // pid 100 without a stat file, as in the fixture trees.
    Deno.mkdirSync(join(procRoot, "100/fd"), { recursive: true });
    proc.drmFd(100, 3, 1, 4);
    const pids = scannedPids(procRoot);
    assert.deepEqual(pids(true), [100]);

    // stat appears and the fd link goes (its fdinfo stays). Were stat read, start time 500
    // would differ from "none" and the pid would be walked again and found without DRM fds.
    const stat = (start: number) =>
      Deno.writeTextFileSync(join(procRoot, "100/stat"), statText(100, start));
    stat(500);
    Deno.removeSync(join(procRoot, "100/fd/3"));
    assert.deepEqual(pids(false), [100]);
    assert.deepEqual(pids(false), [100]);

    // The full walk reads stat again and keeps start time 500 (link back in place).
    Deno.symlinkSync("/dev/dri/renderD128", join(procRoot, "100/fd/3"));
    assert.deepEqual(pids(true), [100]);
    // Now stat is read each sample: start time 600 is a new process, walked: no DRM fd left.
    stat(600);
    Deno.removeSync(join(procRoot, "100/fd/3"));
    assert.deepEqual(pids(false), []);
  });
});

bothPaths(
  "incremental scan: a tree without loadavg lists pids each sample until a full walk finds it",
  () => {
    withFakeProc((proc, procRoot) => {
      proc.process(100, 500);
      proc.drmFd(100, 3, 1, 4);
      const pids = scannedPids(procRoot);
      assert.deepEqual(pids(true), [100]);

      // loadavg appears but is not read before the next full walk: without it every sample
      // lists the pids, so 101 and then 102 are found although loadavg's last pid stays 100.
      Deno.writeTextFileSync(join(procRoot, "loadavg"), "0.00 0.01 0.05 1/170 100\n");
      proc.process(101, 600);
      proc.drmFd(101, 3, 2, 8);
      assert.deepEqual(pids(false), [100, 101]);
      proc.process(102, 700);
      proc.drmFd(102, 3, 3, 8);
      assert.deepEqual(pids(false), [100, 101, 102]);

      // The full walk reads loadavg (last pid 100); 103 appears with loadavg unchanged: the
      // cached listing is used, so 103 waits for a full walk or a moved last pid.
      assert.deepEqual(pids(true), [100, 101, 102]);
      proc.process(103, 800);
      proc.drmFd(103, 3, 4, 8);
      assert.deepEqual(pids(false), [100, 101, 102]);
    });
  },
);

bothPaths("incremental scan: start times are checked only when loadavg's last pid moved", () => {
  withFakeProc((proc, procRoot) => {
    proc.loadavg(100);
    proc.process(100, 500);
    proc.drmFd(100, 3, 1, 4);
    const pids = scannedPids(procRoot);
    assert.deepEqual(pids(true), [100]);

    // stat now says start time 600 and the fd link is gone (fdinfo stays). No process was
    // created (last pid still 100), so stat is not read and the known fd is re-read.
    Deno.writeTextFileSync(join(procRoot, "100/stat"), statText(100, 600));
    Deno.removeSync(join(procRoot, "100/fd/3"));
    assert.deepEqual(pids(false), [100]);

    // The last pid moved: start time 600 ≠ 500, pid 100 is walked as new and has no DRM fd.
    proc.loadavg(101);
    assert.deepEqual(pids(false), []);
  });
});

bothPaths(
  "incremental scan: an fdinfo over 256 KiB is skipped and counted until it shrinks",
  () => {
    withFakeProc((proc, procRoot) => {
      proc.process(100, 500);
      proc.drmFd(100, 3, 1, 4);
      proc.drmFd(100, 4, 2, 8);
      const clock = { now: 0 };
      const sampler = new DrmProcessSampler({
        procRoot,
        sysRoot: "/nonexistent/sys",
        nowMs: () => clock.now,
        rescanIntervalMs: 2000,
      });
      const oversizeAt = (now: number) => {
        clock.now = now;
        const result = sampler.sample();
        return {
          vram: result.usages[0]?.memoryByRegion?.["vram"],
          oversize: result.oversizeFdinfos,
        };
      };
      assert.deepEqual(oversizeAt(0), { vram: 12 * KiB, oversize: 0 });
      // A known client's fdinfo grows past the cap: dropped at once, counted in every sample
      // until the next full walk, which finds it again (and counts it again).
      const fdinfo = join(procRoot, "100/fdinfo/4");
      Deno.writeTextFileSync(fdinfo, `${drmFdinfo(2, 8)}pad: ${"x".repeat(256 * KiB)}\n`);
      assert.deepEqual(oversizeAt(100), { vram: 4 * KiB, oversize: 1 });
      assert.deepEqual(oversizeAt(200), { vram: 4 * KiB, oversize: 1 });
      assert.deepEqual(oversizeAt(2000), { vram: 4 * KiB, oversize: 1 });
      assert.deepEqual(oversizeAt(2100), { vram: 4 * KiB, oversize: 1 });
      proc.drmFd(100, 4, 2, 8); // back to its real size: found again by the next full walk
      assert.deepEqual(oversizeAt(4000), { vram: 12 * KiB, oversize: 0 });
    });
  },
);

bothPaths("full walk: a known DRM fd's link is read again only when its client id changed", () => {
  withFakeProc((proc, procRoot) => {
    // No drm-pdev and no sysfs: the device key is the node itself, so it shows the link read.
    const fdinfo = (clientId: number) =>
      `pos:\t0\ndrm-driver:\tamdgpu\ndrm-client-id:\t${clientId}\ndrm-resident-vram:\t4 KiB\n`;
    const link = (target: string) => {
      Deno.removeSync(join(procRoot, "100/fd/3"));
      Deno.symlinkSync(target, join(procRoot, "100/fd/3"));
    };
    proc.process(100, 500);
    proc.drmFd(100, 3, 1, 4);
    Deno.writeTextFileSync(join(procRoot, "100/fdinfo/3"), fdinfo(1));
    const scanner = new DrmClientScanner(procRoot, "/nonexistent/sys", true, { scan: scanPath });
    const devices = () => scanner.scan(true).clients.map((client) => client.deviceKey);
    assert.deepEqual(devices(), ["node:drm/renderD128"]);
    // Same client id: the same open file, whose node cannot have changed; the link is not read
    // (a kernel cannot show this; the fake does, to see that no readlink happened).
    link("/dev/dri/renderD129");
    assert.deepEqual(devices(), ["node:drm/renderD128"]);
    // Another client id: closed and reopened, perhaps on another node: the link says which.
    Deno.writeTextFileSync(join(procRoot, "100/fdinfo/3"), fdinfo(2));
    assert.deepEqual(devices(), ["node:drm/renderD129"]);
    // Reopened as a socket: dropped.
    proc.socketFd(100, 3);
    assert.deepEqual(devices(), []);
  });
});
