/**
 * The floor under the one-shot row of tree D: the C reference's reads (`reference_scanner.c`
 * `oneshot`), made from a bare JS loop through gputop's own libc binding, with nothing else:
 * no fdinfo parsing, no records, no enrichment fields, no output but two counts. Run as a
 * whole process (`deno run -A ffi_floor.ts PROC_ROOT`), its wall time less an empty
 * `deno run` is what Deno and FFI cost for the same syscalls before any of gputop's own work.
 * Prints "drm_fds N gpu_pids N".
 */
import {
  AT_FDCWD,
  type Libc,
  loadLibc,
  OPEN_READ_FLAGS,
} from "../../src/linux/libc/libc_binding.ts";

const O_DIRECTORY = 0o200000;
const encoder = new TextEncoder();
const path = new Uint8Array(4096);
const text = new Uint8Array(65536);
const dirents = new Uint8Array(32768);
const link = new Uint8Array(4096);

function setPath(value: string): Uint8Array {
  path[encoder.encodeInto(value, path).written] = 0;
  return path;
}

/** Numeric entries of a directory, ascending (as the reference sorts them). */
function listNumeric(libc: Libc, dir: string): number[] {
  const fd = libc.openat(AT_FDCWD, setPath(dir), OPEN_READ_FLAGS | O_DIRECTORY);
  if (fd < 0) return [];
  const numbers: number[] = [];
  for (let count = libc.getdents(fd, dirents, dirents.length); count > 0;) {
    for (let at = 0; at < count; at += dirents[at + 16]! | (dirents[at + 17]! << 8)) {
      let value = 0;
      let end = at + 19;
      for (; dirents[end] !== 0; end++) {
        const digit = dirents[end]! - 48;
        if (digit < 0 || digit > 9) break;
        value = value * 10 + digit;
      }
      if (dirents[end] === 0 && end > at + 19) numbers.push(value);
    }
    count = libc.getdents(fd, dirents, dirents.length);
  }
  libc.close(fd);
  return numbers.sort((a, b) => a - b);
}

/** Reads a file to its end (as the reference's `read_text`); its length, or -1. */
function readText(libc: Libc, file: string): number {
  const fd = libc.openat(AT_FDCWD, setPath(file), OPEN_READ_FLAGS);
  if (fd < 0) return -1;
  let total = 0;
  for (let n = 1; n > 0 && total < text.length; total += n) {
    n = libc.pread(fd, total === 0 ? text : text.subarray(total), text.length - total, total);
    if (n < 0) break;
  }
  libc.close(fd);
  return total;
}

/** `/dev/dri/` or `/dev/accel/` at the start of the link just read. */
function isDrmLink(length: number): boolean {
  const start = "/dev/".length;
  if (length < 9) return false;
  const dri = link[start] === 100 && link[start + 1] === 114 && link[start + 2] === 105;
  return dri || (link[start] === 97 && link[start + 1] === 99 && link[start + 2] === 99);
}

function main(root: string): void {
  const libc = loadLibc();
  if (libc === null) throw new Error("libc did not load");
  let drmFds = 0;
  const gpuPids: number[] = [];
  for (const pid of listNumeric(libc, root)) {
    let drm = false;
    for (const fd of listNumeric(libc, `${root}/${pid}/fd`)) {
      const length = libc.readlinkat(
        AT_FDCWD,
        setPath(`${root}/${pid}/fd/${fd}`),
        link,
        link.length,
      );
      if (!isDrmLink(length) || readText(libc, `${root}/${pid}/fdinfo/${fd}`) < 0) continue;
      drmFds++;
      drm = true;
    }
    if (drm) gpuPids.push(pid);
  }
  for (const pid of gpuPids) {
    for (const file of ["comm", "cmdline", "status", "stat", "cgroup"]) {
      readText(libc, `${root}/${pid}/${file}`);
    }
  }
  Deno.stdout.writeSync(encoder.encode(`drm_fds ${drmFds} gpu_pids ${gpuPids.length}\n`));
}

if (import.meta.main) main(Deno.args[0] ?? "/proc");
