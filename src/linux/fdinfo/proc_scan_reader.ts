/**
 * What the DRM client scan (`scan_drm_clients.ts`) reads of `/proc`, as one interface with two
 * implementations that must give the same answers: `ops_proc_reader.ts` (Deno's file-system
 * ops, everywhere) and `../libc/libc_proc_reader.ts` (libc through FFI on Linux: no string or
 * object per directory entry or link, fdinfo read into one reused buffer and parsed from bytes,
 * known fdinfo files kept open and re-read from offset 0).
 */
import type { OverCap } from "../bounded_read.ts";
import type { DeviceNode } from "./drm_device_nodes.ts";
import type { ParsedFdinfo } from "./parsed_fdinfo.ts";

/** A directory that could not be listed: for lack of permission, or for any other reason. */
export type ListFailure = "denied" | "failed";

/**
 * One fdinfo file as last read. The reader updates it in place on each read: `changed` says
 * whether the content differed from the read before (an unchanged text is not parsed again).
 */
export interface FdinfoMemo {
  /** The parse of the last content; null when it is not a DRM client. */
  fdinfo: ParsedFdinfo | null;
  changed: boolean;
  /** The scan sample that last used it (`ProcScanReader.release` frees the others). */
  usedInScan: number;
}

export interface ProcScanReader {
  readonly kind: "libc" | "ops";
  /** fdinfo files kept open now (always 0 on the ops path). */
  readonly keptOpen: number;
  /** Pids (numeric entries of the root), ascending. */
  listPids(): number[] | ListFailure;
  /**
   * Fd numbers of `<pid>/fd`, ascending. The array may be the reader's own, refilled by the
   * next `listFds` (the libc reader's is): read it before listing another pid.
   */
  listFds(pid: number): number[] | ListFailure;
  /** Done with the last `listFds`: frees what it held (the libc reader's open directory). */
  endListing(): void;
  /** The DRM or accel node `<pid>/fd/<fd>` links to; null for any other file or a failure. */
  fdNode(pid: number, fd: number): DeviceNode | null;
  /**
   * Reads `<pid>/fdinfo/<fd>` into `memo` (a new one when null; a reader for a one-shot scan
   * may hand out the same one each time, so only its parse is kept); null when it cannot be
   * read (the memo is then released); OVER_CAP past the fdinfo cap (likewise released).
   */
  readFdinfo(pid: number, fd: number, memo: FdinfoMemo | null): FdinfoMemo | null | OverCap;
  /** Frees what a memo holds (a kept-open file); the memo is not used again. */
  release(memo: FdinfoMemo): void;
  /** `<pid>/stat` text, or null. */
  readStat(pid: number): string | null;
  /** `loadavg` text, or null. */
  readLoadavg(): string | null;
  /** Frees everything held (kept-open files); the reader may still be used afterwards. */
  close(): void;
}
