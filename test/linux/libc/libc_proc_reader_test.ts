/**
 * The libc reader on this machine's real /proc, against real processes: a child shell that holds
 * a file open on fd 3 and, one stdin line at a time, closes it, opens another file on fd 3, and
 * exits. Checks the listings against Deno's ops, the kernel's fdinfo keys for a non-DRM fd
 * (`pos`, `flags`, `mnt_id`, `ino`), and what a kept-open `/proc/<pid>/fdinfo/3` does once the
 * fd is closed (the read fails: ENOENT), reopened (it shows the new file), and once the process
 * exited; the bound on kept files, and `close()`.
 */
import assert from "node:assert/strict";
import { loadLibc } from "../../../src/linux/libc/libc_binding.ts";
import { LibcProcReader } from "../../../src/linux/libc/libc_proc_reader.ts";
import { OpsProcReader } from "../../../src/linux/fdinfo/ops_proc_reader.ts";
import type { FdinfoMemo } from "../../../src/linux/fdinfo/proc_scan_reader.ts";

const encoder = new TextEncoder();

/** A shell holding /etc/hostname on fd 3 and fd 4; each `step()` moves it on one stage. */
class HoldingChild {
  readonly #child: Deno.ChildProcess;
  readonly #stdin: WritableStreamDefaultWriter<Uint8Array>;

  constructor() {
    const script = [
      "exec 3</etc/hostname 4</etc/hostname",
      "echo ready",
      "read a; exec 3<&-; echo closed",
      "read b; exec 3</etc/passwd; echo reopened",
      "read c",
    ].join("; ");
    this.#child = new Deno.Command("bash", {
      args: ["-c", script],
      stdin: "piped",
      stdout: "piped",
      stderr: "null",
    }).spawn();
    this.#stdin = this.#child.stdin.getWriter();
    this.lines = this.#child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  }

  readonly lines: ReadableStreamDefaultReader<string>;

  get pid(): number {
    return this.#child.pid;
  }

  /** Waits for the child's next line (its stage done). */
  async said(expected: string): Promise<void> {
    const { value } = await this.lines.read();
    assert.equal(value?.trim(), expected);
  }

  async step(expected: string): Promise<void> {
    await this.#stdin.write(encoder.encode("go\n"));
    await this.said(expected);
  }

  async exit(): Promise<void> {
    await this.#stdin.write(encoder.encode("go\n"));
    await this.#stdin.close();
    await this.#child.status;
    await this.lines.cancel();
  }
}

function libcOrFail() {
  const libc = loadLibc();
  assert.ok(libc !== null, "libc could not be loaded through FFI on this Linux machine");
  return libc;
}

function fdinfoKeys(reader: LibcProcReader, pid: number, fd: number): string[] {
  const text = reader.readStat(pid) === null
    ? ""
    : Deno.readTextFileSync(`/proc/${pid}/fdinfo/${fd}`);
  return text.split("\n").filter((l) => l !== "").map((l) => l.slice(0, l.indexOf(":")));
}

Deno.test("libc reader on real /proc: listings and links agree with the ops reader", async () => {
  const child = new HoldingChild();
  await child.said("ready");
  try {
    const libc = new LibcProcReader(libcOrFail(), "/proc", 0);
    const ops = new OpsProcReader("/proc");
    const pids = libc.listPids();
    assert.ok(Array.isArray(pids) && pids.includes(child.pid) && pids.includes(Deno.pid));
    assert.deepEqual([...pids].sort((a, b) => a - b), pids, "ascending");
    const fds = libc.listFds(child.pid);
    assert.deepEqual(fds, ops.listFds(child.pid));
    assert.ok(Array.isArray(fds) && fds.includes(3) && fds.includes(4));
    assert.equal(libc.fdNode(child.pid, 3), null, "/etc/hostname is no DRM node");
    assert.deepEqual(fdinfoKeys(libc, child.pid, 3), ["pos", "flags", "mnt_id", "ino"]);
    assert.equal(libc.readStat(child.pid), ops.readStat(child.pid));
    assert.equal(libc.listFds(999_999_999), "failed", "no such pid: gone, not denied");
  } finally {
    await child.exit();
  }
});

Deno.test("libc reader on real /proc: a kept fdinfo after close, reopen and exit", async () => {
  const child = new HoldingChild();
  await child.said("ready");
  try {
    const reader = new LibcProcReader(libcOrFail(), "/proc", 1);
    const hostnameIno = Deno.statSync("/etc/hostname").ino;
    const first = reader.readFdinfo(child.pid, 3, null) as FdinfoMemo;
    assert.ok(first !== null && typeof first === "object");
    assert.equal(first.fdinfo, null, "not a DRM client");
    assert.equal(reader.keptOpen, 1, "kept open");
    // The bound is 1: fd 4 is read by opening it, and not kept.
    const other = reader.readFdinfo(child.pid, 4, null) as FdinfoMemo;
    assert.ok(other !== null && typeof other === "object");
    assert.equal(reader.keptOpen, 1, "the bound holds");
    const again = reader.readFdinfo(child.pid, 3, first);
    assert.equal(again, first);
    assert.equal(first.changed, false, "same text, read again through the kept file");
    assert.ok(hostnameIno !== null);

    await child.step("closed"); // the kernel now answers ENOENT on the kept file
    assert.equal(reader.readFdinfo(child.pid, 3, first), null);
    assert.equal(reader.keptOpen, 0, "released once its fd was closed");

    await child.step("reopened"); // fd 3 is /etc/passwd now: a fresh read shows its inode
    const reopened = reader.readFdinfo(child.pid, 3, null) as FdinfoMemo;
    assert.ok(reopened !== null && typeof reopened === "object");
    assert.equal(reader.keptOpen, 1);
    reader.close();
    assert.equal(reader.keptOpen, 0, "close() frees every kept file");
  } finally {
    await child.exit();
  }
});

Deno.test("libc reader on real /proc: a kept fdinfo whose fd was closed and reopened shows the new file; after exit it fails", async () => {
  const child = new HoldingChild();
  await child.said("ready");
  try {
    const libc = libcOrFail();
    const path = encoder.encode(`/proc/${child.pid}/fdinfo/3\0`);
    const kept = libc.openat(-100, path, 0o2000000);
    assert.ok(kept >= 0);
    const buffer = new Uint8Array(4096);
    const inoOf = () => {
      const count = libc.pread(kept, buffer, buffer.length, 0);
      if (count < 0) return `errno ${libc.errno()}`;
      const text = new TextDecoder().decode(buffer.subarray(0, count));
      return /ino:\s*(\d+)/.exec(text)?.[1] ?? text;
    };
    assert.equal(inoOf(), `${Deno.statSync("/etc/hostname").ino}`);
    await child.step("closed");
    assert.equal(inoOf(), "errno 2", "ENOENT once the fd is closed");
    await child.step("reopened");
    assert.equal(
      inoOf(),
      `${Deno.statSync("/etc/passwd").ino}`,
      "the fd number is looked up again",
    );
    await child.exit();
    assert.equal(inoOf(), "errno 2", "ENOENT once the process exited");
    // A process gone between the pid listing and its fd listing: "failed", not "denied".
    const reader = new LibcProcReader(libc, "/proc", 0);
    assert.equal(reader.listFds(child.pid), "failed");
    assert.equal(reader.fdNode(child.pid, 3), null);
    assert.equal(reader.readFdinfo(child.pid, 3, null), null);
    libc.close(kept);
  } catch (error) {
    await child.exit().catch(() => {});
    throw error;
  }
});

Deno.test("libc reader: pids and fds listed out of order (a plain tree) come back ascending", () => {
  const libc = loadLibc();
  if (libc === null) return; // no libc here: the ops reader's own tests cover the scan
  const root = Deno.makeTempDirSync({ prefix: "gputop-order-" });
  try {
    // A short list (sorted in place) and a long one (past the in-place sort's 64 entries).
    const fds = [9, 3, 7, 1, 12, 5, 100, 2];
    const many = Array.from({ length: 150 }, (_, i) => (i * 37) % 150); // a permutation
    for (const [pid, numbers] of [[300, fds], [20, many], [1000, []]] as const) {
      Deno.mkdirSync(`${root}/${pid}/fd`, { recursive: true });
      for (const fd of numbers) Deno.symlinkSync("/dev/null", `${root}/${pid}/fd/${fd}`);
    }
    const reader = new LibcProcReader(libc, root, 0, false);
    assert.deepEqual(reader.listPids(), [20, 300, 1000]);
    assert.deepEqual(reader.listFds(300), [...fds].sort((a, b) => a - b));
    assert.deepEqual(reader.listFds(20), [...many].sort((a, b) => a - b));
    assert.deepEqual(reader.listFds(1000), []);
  } finally {
    Deno.removeSync(root, { recursive: true });
  }
});

/** Open file descriptors of this process now. */
function openFdCount(): number {
  return [...Deno.readDirSync("/proc/self/fd")].length;
}

Deno.test("libc reader: links are read relative to the listed fd directory, only for its pid; it is closed by endListing, the next listing and close()", () => {
  const libc = loadLibc();
  if (libc === null) return; // no libc here: the ops reader's own tests cover the scan
  const root = Deno.makeTempDirSync({ prefix: "gputop-fddir-" });
  try {
    const links: [number, number, string][] = [
      [7, 5, "/dev/dri/renderD128"],
      [8, 5, "/dev/dri/card0"],
      [8, 12, "/dev/accel/accel0"],
      [8, 3, "socket:[1]"],
    ];
    for (const [pid, fd, target] of links) {
      Deno.mkdirSync(`${root}/${pid}/fd`, { recursive: true });
      Deno.symlinkSync(target, `${root}/${pid}/fd/${fd}`);
    }
    const reader = new LibcProcReader(libc, root, 0, false);
    const before = openFdCount();
    assert.deepEqual(reader.listFds(7), [5]);
    assert.equal(openFdCount(), before + 1, "the listed directory stays open");
    assert.equal(reader.fdNode(7, 5)?.name, "renderD128");
    // Another pid than the one listed: its own link, by its whole path.
    assert.equal(reader.fdNode(8, 5)?.name, "card0");
    assert.equal(reader.fdNode(7, 12), null, "pid 7 has no fd 12");
    assert.deepEqual(reader.listFds(8), [3, 5, 12]);
    assert.equal(openFdCount(), before + 1, "the next listing closed the last directory");
    assert.equal(reader.fdNode(8, 12)?.name, "accel0");
    assert.equal(reader.fdNode(8, 5)?.name, "card0");
    assert.equal(reader.fdNode(8, 3), null);
    reader.endListing();
    assert.equal(openFdCount(), before);
    assert.equal(reader.fdNode(8, 12)?.name, "accel0", "by the whole path after endListing");
    reader.listFds(7);
    reader.close();
    assert.equal(openFdCount(), before, "close() frees the listed directory");
    assert.equal(reader.listFds(9), "failed");
    assert.equal(openFdCount(), before, "a failed listing holds nothing");
  } finally {
    Deno.removeSync(root, { recursive: true });
  }
});
