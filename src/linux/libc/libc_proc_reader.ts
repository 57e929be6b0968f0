/**
 * The scan's `/proc` reads through libc (`libc_binding.ts`): `getdents64` lists a directory
 * into one reused buffer and pids and fd numbers are read from the bytes; `readlinkat` fills a
 * buffer whose first bytes tell a DRM link (`drm_link_nodes.ts`); fdinfo is `openat` + `pread`
 * into one reused buffer (both relative to the pid's `fd/` directory while its walk holds it
 * open: `listed_fd_dir.ts`, no whole path for the kernel to look up), compared with the last
 * content by `memcmp` and parsed from bytes (`parse_fdinfo_bytes.ts`). Paths are written as
 * bytes (`proc_path_bytes.ts`). No per-read `stat`: files are opened O_NONBLOCK, so a FIFO or
 * device in a user-given tree cannot block a read (it reads as empty or fails, and is skipped).
 *
 * Kept-open fdinfo: a known DRM fd's fdinfo file stays open and is re-read with `pread` at
 * offset 0 (procfs prints it afresh on every read), up to `keepOpenLimit` files at once; past
 * that, files are opened for each read as before. The kernel looks the fd number up again on
 * each read of a kept file: once the process closed that fd, or exited, the read fails
 * (ENOENT; a reused pid is a different process and fails the same way), and the file is closed
 * and tried once more by path (which then fails too, or finds the fd open again). An fd number
 * closed and reopened between two reads shows the new file's fdinfo, exactly as a fresh open
 * would: a non-DRM file parses as no client, another DRM open prints another client id (the
 * scanner then reads the link again). Kept files are closed when released and on `close()`.
 * A plain tree's kept files are checked (`keptCheck`, `kept_file_check.ts`): each before its
 * read (its directory watched, else `statx`; removed: closed, the path opened again), the
 * watches' events and the root once a scan (at `loadavg` or the pid list; root moved: close all).
 */
import { OVER_CAP, type OverCap } from "../bounded_read.ts";
import type { DeviceNode } from "../fdinfo/drm_device_nodes.ts";
import { FDINFO_CAP_BYTES } from "../fdinfo/fdinfo_cap.ts";
import { FdinfoLineCache, parseFdinfoBytes } from "../fdinfo/parse_fdinfo_bytes.ts";
import type { FdinfoMemo, ListFailure, ProcScanReader } from "../fdinfo/proc_scan_reader.ts";
import { AT_FDCWD, EACCES, EPERM, type Libc, OPEN_READ_FLAGS } from "./libc_binding.ts";
import { ListedFdDir } from "./listed_fd_dir.ts";
import { numericDirents } from "./dirents.ts";
import { DrmLinkNodes } from "./drm_link_nodes.ts";
import { sortAscending } from "./sort_ascending.ts";
import type { KeptFileCheck } from "./kept_file_check.ts";
import { ProcPathBytes, SUFFIX_LOADAVG, SUFFIX_STAT } from "./proc_path_bytes.ts";

interface BytesMemo extends FdinfoMemo {
  /** The last content (its first `length` bytes). */
  bytes: Uint8Array;
  length: number;
  /** The kept-open fdinfo file, or -1. */
  keptFd: number;
}

const NO_BYTES = new Uint8Array(0);
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
/** A link target longer than this cannot be a device node; it is read truncated and ignored. */
const LINK_BUFFER_BYTES = 256;

export class LibcProcReader implements ProcScanReader {
  readonly kind = "libc" as const;
  readonly #libc: Libc;
  readonly #path: ProcPathBytes;
  readonly #keepOpenLimit: number;
  readonly #kept = new Set<BytesMemo>();
  readonly #keys = new FdinfoLineCache();
  #scratch = new Uint8Array(16 * 1024);
  readonly #dirents = new Uint8Array(32 * 1024);
  /** What `listFds` hands out, refilled by each call. */
  readonly #fds: number[] = [];
  readonly #link = new Uint8Array(LINK_BUFFER_BYTES);
  /** The `<pid>/fd` directory listed last, held until `endListing`. */
  readonly #fdDir: ListedFdDir;
  readonly #nodes = new DrmLinkNodes();

  /** Whether memos keep a copy of the content (incremental scans compare the next read). */
  readonly #keepsContent: boolean;
  /**
   * A reader that remembers nothing (a one-shot scan: no file kept, no content compared) hands
   * out this one memo for every read, refilled each time: its caller keeps only the parse.
   */
  readonly #oneShotMemo: BytesMemo | null;
  readonly #keptCheck: KeptFileCheck | null;

  /**
   * `keepOpenLimit`: most fdinfo files kept open at once (0: none). `remember`: false for a
   * one-shot scan, which reads each file once: no copy of the content is kept to compare.
   * `keptCheck`: how a kept file is checked before each read (null: procfs, no check).
   */
  constructor(
    libc: Libc,
    procRoot: string,
    keepOpenLimit: number,
    remember = true,
    keptCheck: KeptFileCheck | null = null,
  ) {
    this.#keptCheck = keptCheck;
    this.#libc = libc;
    this.#path = new ProcPathBytes(procRoot);
    this.#fdDir = new ListedFdDir(libc, this.#path);
    this.#keepOpenLimit = keepOpenLimit;
    this.#keepsContent = remember;
    this.#oneShotMemo = remember || keepOpenLimit > 0 ? null : {
      fdinfo: null,
      changed: true,
      usedInScan: 0,
      bytes: NO_BYTES,
      length: -1,
      keptFd: -1,
    };
  }

  get keptOpen(): number {
    return this.#kept.size;
  }

  listPids(): number[] | ListFailure {
    this.endListing();
    this.#closeKeptWhenRootMoved();
    const fd = this.#libc.openat(AT_FDCWD, this.#path.root(), OPEN_READ_FLAGS);
    return this.#list(fd, [], -1);
  }

  /** The same array each time (refilled): a walk reads one pid's fds before listing the next. */
  listFds(pid: number): number[] | ListFailure {
    return this.#list(this.#fdDir.open(pid), this.#fds, pid);
  }

  endListing(): void {
    this.#fdDir.close();
  }

  fdNode(pid: number, fd: number): DeviceNode | null {
    const link = this.#link;
    const length = this.#fdDir.readLink(pid, fd, link);
    if (length <= 0 || length === link.length) return null;
    return this.#nodes.nodeOf(link, length);
  }

  readFdinfo(pid: number, fd: number, memo: FdinfoMemo | null): FdinfoMemo | null | OverCap {
    const previous = memo as BytesMemo | null;
    let length: number | null | OverCap = null;
    if (previous !== null && previous.keptFd >= 0) {
      const check = this.#keptCheck; // a plain tree: a removed file is read by path, not kept
      if (check === null || check.stillLinked(previous.keptFd)) {
        length = this.#readAll(previous.keptFd);
      }
      if (length === null) this.#unkeep(previous); // closed, exited: try the path once more
    }
    let openedFd = -1;
    if (length === null) {
      openedFd = this.#fdDir.openFdinfo(pid, fd);
      if (openedFd < 0) return this.#drop(previous, null);
      length = this.#readAll(openedFd);
    }
    if (length === null || length === OVER_CAP) {
      if (openedFd >= 0) this.#libc.close(openedFd);
      return this.#drop(previous, length);
    }
    const result = this.#remember(previous, length);
    if (openedFd >= 0) this.#keepOrClose(result, openedFd, pid);
    return result;
  }

  release(memo: FdinfoMemo): void {
    this.#unkeep(memo as BytesMemo);
  }

  readStat(pid: number): string | null {
    return this.#readText(this.#path.pid(pid, SUFFIX_STAT));
  }

  readLoadavg(): string | null {
    this.#closeKeptWhenRootMoved();
    return this.#readText(this.#path.rootFile(SUFFIX_LOADAVG));
  }

  close(): void {
    this.endListing();
    for (const memo of [...this.#kept]) this.#unkeep(memo);
  }

  #closeKeptWhenRootMoved(): void {
    if (this.#keptCheck !== null && this.#keptCheck.startSample()) this.close();
  }

  /**
   * The numeric entries of the directory opened as `fd` (or the failure to open it), ascending,
   * into `into` (refilled); `pid` ≥ 0: `<pid>/fd`, which stays open when listed in full.
   */
  #list(fd: number, into: number[], pid: number): number[] | ListFailure {
    const libc = this.#libc;
    if (fd < 0) return failureOf(libc.errno());
    const numbers = numericDirents(libc, fd, this.#dirents, into);
    if (numbers === null) {
      const failure = failureOf(libc.errno()); // before `close` sets errno again
      libc.close(fd);
      return failure;
    }
    if (pid >= 0) this.#fdDir.hold(pid, fd);
    else libc.close(fd);
    return sortAscending(numbers);
  }

  /**
   * The scratch buffer filled from offset 0 of `fd`: its length, null, or OVER_CAP. A read
   * shorter than asked ends it: procfs and sysfs hand over the whole text in one read when it
   * fits (seq_file prints all of it first), and a regular file reads short only at its end;
   * this saves the second read that would return 0.
   */
  #readAll(fd: number): number | null | OverCap {
    const first = this.#libc.pread(fd, this.#scratch, this.#scratch.length, 0);
    if (first < this.#scratch.length) return first < 0 ? null : first;
    const limit = FDINFO_CAP_BYTES + 1;
    let length = first;
    while (length < limit) {
      if (length === this.#scratch.length) {
        const grown = new Uint8Array(Math.min(limit, this.#scratch.length * 2));
        grown.set(this.#scratch);
        this.#scratch = grown;
      }
      const room = Math.min(limit, this.#scratch.length) - length;
      const count = this.#libc.pread(fd, this.#scratch.subarray(length), room, length);
      if (count < 0) return null;
      if (count === 0) return length;
      length += count;
    }
    return OVER_CAP;
  }

  /** Compares the scratch content with the memo's and parses it when it changed. */
  #remember(previous: BytesMemo | null, length: number): BytesMemo {
    const scratch = this.#scratch;
    if (
      previous !== null && previous.length === length &&
      (length === 0 || this.#libc.memcmp(previous.bytes, scratch, length) === 0)
    ) {
      previous.changed = false;
      return previous;
    }
    const memo: BytesMemo = previous ?? this.#oneShotMemo ?? {
      fdinfo: null,
      changed: true,
      usedInScan: 0,
      bytes: NO_BYTES,
      length: -1, // no content yet: never equal to a read
      keptFd: -1,
    };
    if (this.#keepsContent) {
      if (memo.bytes.length < length) memo.bytes = new Uint8Array(Math.max(length, 1024));
      memo.bytes.set(scratch.subarray(0, length));
      memo.length = length;
    }
    memo.fdinfo = parseFdinfoBytes(scratch, length, this.#keys);
    memo.changed = true;
    return memo;
  }

  #keepOrClose(memo: BytesMemo, fd: number, pid: number): void {
    if (memo.keptFd < 0 && this.#kept.size < this.#keepOpenLimit) {
      memo.keptFd = fd;
      this.#kept.add(memo);
      this.#keptCheck?.kept(fd, pid, "fdinfo");
    } else {
      this.#libc.close(fd);
    }
  }

  #unkeep(memo: BytesMemo): void {
    if (memo.keptFd < 0) return;
    this.#keptCheck?.released(memo.keptFd);
    this.#libc.close(memo.keptFd);
    memo.keptFd = -1;
    this.#kept.delete(memo);
  }

  #drop(previous: BytesMemo | null, outcome: null | OverCap): null | OverCap {
    if (previous !== null) this.#unkeep(previous);
    return outcome;
  }

  #readText(path: Uint8Array): string | null {
    const fd = this.#libc.openat(AT_FDCWD, path, OPEN_READ_FLAGS);
    if (fd < 0) return null;
    try {
      const length = this.#readAll(fd);
      return typeof length === "number" ? decoder.decode(this.#scratch.subarray(0, length)) : null;
    } finally {
      this.#libc.close(fd);
    }
  }
}

function failureOf(errno: number): ListFailure {
  return errno === EACCES || errno === EPERM ? "denied" : "failed";
}
