/**
 * Each known process's `/proc/<pid>/stat`, kept open between samples of a long-running session
 * and re-read with `pread` at offset 0 (procfs prints it afresh on each read), as the scan keeps
 * fdinfo files (`libc_proc_reader.ts`): one `pread` a process a sample instead of `openat`,
 * `pread` and `close`. Only under a procfs root: a kept file names the process, not the pid
 * number, so once it exits the read fails (ESRCH), even when the pid names another process by
 * then; the file is closed and the path opened again, which reads the new process (or fails).
 * Under a plain directory tree a kept file is checked before each read (`check`,
 * `kept_file_check.ts`: its pid directory watched, else one `statx`): once removed (the pid
 * directory removed, or replaced by a reused pid's) it is closed and the path opened again, as
 * after a failed read; and the first read of a sample (after `retain`) reads the watches'
 * events and checks the root: all are closed when it names another directory (`startSample`).
 * At most `limit` files are kept; past it, files are opened for each read. Files of pids no
 * longer wanted are closed by `retain`, all of them by `close`.
 */
import { AT_FDCWD, type Libc, OPEN_READ_FLAGS } from "./libc_binding.ts";
import { ProcPathBytes, SUFFIX_STAT } from "./proc_path_bytes.ts";
import type { KeptFileCheck } from "./kept_file_check.ts";

/** A `stat` line is ~300 bytes; one longer than this is read short and parsed as it is. */
const STAT_BUFFER_BYTES = 4096;
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

export class KeptStatFiles {
  readonly #libc: Libc;
  readonly #path: ProcPathBytes;
  readonly #limit: number;
  readonly #kept = new Map<number, number>();
  readonly #buffer = new Uint8Array(STAT_BUFFER_BYTES);

  readonly #check: KeptFileCheck | null;
  /** Whether this sample's reads checked the root yet (`retain` ends a sample). */
  #rootChecked = false;

  /** `check`: how a kept file is checked before each read (null: procfs, no check). */
  constructor(libc: Libc, procRoot: string, limit: number, check: KeptFileCheck | null = null) {
    this.#libc = libc;
    this.#check = check;
    this.#path = new ProcPathBytes(procRoot);
    this.#limit = limit;
  }

  /** Files kept open now (tests). */
  get keptOpen(): number {
    return this.#kept.size;
  }

  /** The `stat` text of `pid`, or null when it cannot be read (exited, no such file). */
  read(pid: number): string | null {
    if (!this.#rootChecked && this.#check !== null) {
      if (this.#check.startSample()) this.close();
      this.#rootChecked = true;
    }
    const kept = this.#kept.get(pid);
    if (kept !== undefined) {
      const linked = this.#check === null || this.#check.stillLinked(kept);
      const text = linked ? this.#readFrom(kept) : null;
      if (text !== null) return text;
      this.#forget(pid, kept); // exited (or reaped and reused), removed: open the path again
    }
    const fd = this.#libc.openat(AT_FDCWD, this.#path.pid(pid, SUFFIX_STAT), OPEN_READ_FLAGS);
    if (fd < 0) return null;
    const text = this.#readFrom(fd);
    if (text !== null && this.#kept.size < this.#limit) {
      this.#kept.set(pid, fd);
      this.#check?.kept(fd, pid, "pid");
    } else this.#libc.close(fd);
    return text;
  }

  /** Closes the files of pids `wanted` says no to. */
  retain(wanted: (pid: number) => boolean): void {
    this.#rootChecked = false;
    // forEach, not `for…of` over entries: no [pid, fd] array per process.
    this.#kept.forEach((fd, pid) => {
      if (!wanted(pid)) this.#forget(pid, fd);
    });
  }

  close(): void {
    this.retain(() => false);
  }

  #readFrom(fd: number): string | null {
    const length = this.#libc.pread(fd, this.#buffer, this.#buffer.length, 0);
    return length < 0 ? null : decoder.decode(this.#buffer.subarray(0, length));
  }

  #forget(pid: number, fd: number): void {
    this.#check?.released(fd);
    this.#libc.close(fd);
    this.#kept.delete(pid);
  }
}
