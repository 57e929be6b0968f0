/**
 * Whether, and how safely, a long-running reader may keep `/proc` files open between samples
 * and re-read them with `pread` at offset 0 (the scan's fdinfo files, `libc_proc_reader.ts`;
 * the enrichment's `stat` files, `kept_stat_files.ts`).
 *
 * Under a procfs root nothing is checked: procfs looks the fd or process up again on each read
 * of a kept file and fails it (ENOENT, ESRCH) once that fd closed or that process exited.
 * A plain directory tree (a `--proc-root` fixture, the bench's generated tree) does not: a
 * removed file still reads through a descriptor kept open. There the directories holding kept
 * files are watched with inotify (`kept_dir_watches.ts`): once a sample (`startSample`) one
 * non-blocking read of its events, and a kept file whose directory saw a name removed, renamed
 * away or renamed over (or was itself removed or moved) is reported gone: the reader closes it
 * and opens the path again, which fails (the fd or pid is dropped) or opens the file now there
 * (a reused pid, a recreated fdinfo). A file rewritten in place keeps its inode and reads its
 * new text through the kept descriptor. Where a directory cannot be watched (no inotify in the
 * libc, the watch limit reached, EACCES) and for a file opened before its directory's watch,
 * the file is checked before its read with one `statx(fd, "", AT_EMPTY_PATH, STATX_NLINK)`:
 * a link count of 0 means it was removed (its pid directory too, when the process "exited"),
 * or a rename replaced it. The root itself is checked once a sample (`rootMoved`: one `statx`
 * of its path): where it names another directory than before (a symlink repointed at another
 * tree, a directory renamed over it), every kept file is closed and opened again by path. Not
 * caught: a directory above the watched one moved (a pid directory renamed away while its
 * `fdinfo/` is watched), and, where files are `statx`ed, a file moved elsewhere within the tree
 * or one with another hard link (it keeps a link and reads on); a tree edited that way is no
 * image of procfs.
 *
 * `statx` is glibc ≥ 2.28 and musl ≥ 1.2.5; where the libc has no such symbol, files on a plain
 * tree are opened for every read, as before (no guessing at the per-arch `struct stat`).
 */
import { onKernelFilesystem } from "../kernel_mounts.ts";
import { AT_FDCWD } from "./libc_binding.ts";
import { type InotifyCalls, loadInotify } from "./inotify_binding.ts";
import { KeptDirWatches } from "./kept_dir_watches.ts";
import { ProcPathBytes, SUFFIX_FDINFO } from "./proc_path_bytes.ts";

/** `statx(dirfd, path, flags, mask, buffer)`, as the FFI calls it. */
export type StatxCall = (
  dirFd: number,
  path: Uint8Array,
  flags: number,
  mask: number,
  buffer: Uint8Array,
) => number;

/** From `<linux/fcntl.h>` and `<linux/stat.h>`; the same on every arch (layout test). */
export const AT_EMPTY_PATH = 0x1000;
export const STATX_NLINK = 0x4;
export const STATX_INO = 0x100;
/** `sizeof(struct statx)` and the byte offsets of the fields read (u32 each; `stx_ino` u64). */
export const STATX_BYTES = 256;
export const STATX_MASK_OFFSET = 0;
export const STATX_NLINK_OFFSET = 16;
export const STATX_INO_OFFSET = 32;
export const STATX_DEV_MAJOR_OFFSET = 136;
export const STATX_DEV_MINOR_OFFSET = 140;
/** The root's identity: `stx_ino` (two words), `stx_dev_major`, `stx_dev_minor`. */
const IDENTITY_WORDS = [
  STATX_INO_OFFSET / 4,
  STATX_INO_OFFSET / 4 + 1,
  STATX_DEV_MAJOR_OFFSET / 4,
  STATX_DEV_MINOR_OFFSET / 4,
];

/** `""`, NUL-terminated, made once: the path `AT_EMPTY_PATH` asks for. */
const EMPTY_PATH = new Uint8Array(1);
const SUFFIX_PID_DIR = new TextEncoder().encode("/");

/** The directory holding a kept file: the pid's `fdinfo/` or the pid directory (`stat`). */
export type KeptFileDir = "fdinfo" | "pid";

/** Is a kept file still linked into the tree: its directory's watch, or one `statx`. */
export class KeptFileCheck {
  readonly #statx: StatxCall;
  /** Null: every kept file is `statx`ed before its read. */
  readonly #watches: KeptDirWatches | null;
  readonly #paths: ProcPathBytes;
  readonly #buffer = new Uint8Array(STATX_BYTES);
  /** Native-endian u32 words over the buffer: the kernel writes the struct in host order. */
  readonly #words = new Uint32Array(this.#buffer.buffer);

  /** `<root>/`, NUL-terminated: the trailing slash follows a symlink to its directory. */
  readonly #root: Uint8Array;
  /** The root's identity words at the last `rootMoved`; null before the first. */
  #rootIdentity: number[] | null = null;

  constructor(statx: StatxCall, procRoot: string, watches: KeptDirWatches | null = null) {
    this.#statx = statx;
    this.#watches = watches;
    this.#paths = new ProcPathBytes(procRoot);
    this.#root = new TextEncoder().encode(`${procRoot}/\0`);
  }

  /**
   * Once a sample, before its reads: the watches' queued events (one read) and the root
   * (`rootMoved`). True when every kept file is to be closed.
   */
  startSample(): boolean {
    this.#watches?.readEvents();
    return this.rootMoved();
  }

  /** `fd`, just opened from `pid`'s `dir`, is kept: its directory is watched. */
  kept(fd: number, pid: number, dir: KeptFileDir): void {
    if (this.#watches === null) return;
    const path = this.#paths.pid(pid, dir === "fdinfo" ? SUFFIX_FDINFO : SUFFIX_PID_DIR);
    this.#watches.add(fd, pid * 2 + (dir === "fdinfo" ? 1 : 0), path);
  }

  /** `fd` is closed: its directory's watch goes with its last kept file. */
  released(fd: number): void {
    this.#watches?.remove(fd);
  }

  /**
   * Whether the root names another directory than at the last call (the first call records
   * it): every kept file then belongs to a tree no longer read, and is to be closed. A failed
   * call says so too (nothing is lost: the files are opened again by path).
   */
  rootMoved(): boolean {
    const words = this.#words;
    const before = this.#rootIdentity;
    if (
      this.#statx(AT_FDCWD, this.#root, 0, STATX_INO, this.#buffer) !== 0 ||
      (words[STATX_MASK_OFFSET / 4]! & STATX_INO) === 0
    ) {
      this.#rootIdentity = null;
      return true;
    }
    const now = IDENTITY_WORDS.map((index) => words[index]!);
    this.#rootIdentity = now;
    return before !== null && now.some((word, i) => word !== before[i]);
  }

  /**
   * False when the file is gone from the tree, or may be (its directory saw a change): read it
   * by path. Where it is `statx`ed: also when the call fails or says nothing of links.
   */
  stillLinked(fd: number): boolean {
    const need = this.#watches === null ? "statx" : this.#watches.need(fd);
    if (need !== "statx") return need === "nothing";
    const words = this.#words;
    if (this.#statx(fd, EMPTY_PATH, AT_EMPTY_PATH, STATX_NLINK, this.#buffer) !== 0) return false;
    return (words[STATX_MASK_OFFSET / 4]! & STATX_NLINK) !== 0 &&
      words[STATX_NLINK_OFFSET / 4]! > 0;
  }
}

const SYMBOLS = {
  // Numbers and buffers only, i32 result, not nonblocking: V8's fast-call path.
  statx: {
    parameters: ["i32", "buffer", "i32", "u32", "buffer"],
    result: "i32",
    optional: true,
  },
} as const;

const loaded = new Map<string, StatxCall | null>();

/**
 * `statx` from the library `name` (the libc the scan loaded), or null where it has none. Its own
 * `dlopen`, not a symbol of `libc_binding.ts`'s table: each symbol there costs every reader
 * (one-shot ones too) ~0.2 ms of `dlopen`, and only a long-running reader on a plain tree needs it.
 */
export function loadStatx(name: string): StatxCall | null {
  if (loaded.has(name)) return loaded.get(name) ?? null;
  let statx: StatxCall | null = null;
  try {
    const library = Deno.dlopen(name, SYMBOLS);
    const symbol = library.symbols.statx;
    if (symbol === null) library.close();
    else statx = (dirFd, path, flags, mask, buffer) => symbol(dirFd, path, flags, mask, buffer);
  } catch {
    statx = null;
  }
  loaded.set(name, statx);
  return statx;
}

/** How a long-running reader keeps files: null keeps none; `check` null checks none (procfs). */
export interface KeepOpenPlan {
  check: KeptFileCheck | null;
}

export interface KeepOpenChoice {
  /** The bench's `GPUTOP_BENCH_REOPEN_FILES=1` (`../keep_open_hook.ts`): keep none anywhere. */
  reopenFiles?: boolean;
  /** Tests: the `statx` binding (null: a libc without it); default loaded from the reader's libc. */
  statx?: StatxCall | null;
  /** Tests: the inotify calls (null: a libc without them: every kept file `statx`ed). */
  inotify?: InotifyCalls | null;
}

/**
 * Keep files under `procRoot`: unchecked on procfs, watched (or checked by `statx`) elsewhere,
 * or none (no `statx`: the fallback of every watch).
 */
export function keepOpenPlan(
  procRoot: string,
  libcName: string,
  choice: KeepOpenChoice = {},
): KeepOpenPlan | null {
  if (choice.reopenFiles === true) return null;
  if (onKernelFilesystem(procRoot)) return { check: null };
  const statx = choice.statx !== undefined ? choice.statx : loadStatx(libcName);
  if (statx === null) return null;
  const inotify = choice.inotify !== undefined ? choice.inotify : loadInotify(libcName);
  const watches = inotify === null ? null : new KeptDirWatches(inotify);
  return { check: new KeptFileCheck(statx, procRoot, watches) };
}
