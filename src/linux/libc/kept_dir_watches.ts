/**
 * inotify watches on the directories that hold kept files of a plain tree (a pid's `fdinfo/`,
 * a pid directory for its `stat`), so that a sample with nothing changed costs one `read` of
 * the inotify fd (EAGAIN) instead of one `statx` per kept file (`kept_file_check.ts`).
 *
 * Each watch asks for the events that take a name away from its inode: IN_DELETE (removed),
 * IN_MOVED_FROM (renamed away), IN_MOVED_TO (renamed over: `rename(tmp, target)` queues
 * IN_MOVED_TO for `target` in its directory; no IN_CREATE is needed, since creating a name
 * that exists fails or opens the same inode), and the directory's own IN_DELETE_SELF and
 * IN_MOVE_SELF (the kernel adds IN_IGNORED and IN_UNMOUNT). Any event for a directory marks
 * every kept file in it to be reopened by path (not merely `statx`ed: a file moved away keeps
 * its link), and drops that watch; reopening watches the directory afresh. IN_Q_OVERFLOW, or a
 * failed read, marks every kept file. A file opened before its directory's watch was added is
 * `statx`ed once (it may have gone in between); a directory whose watch cannot be added
 * (EACCES, ENOSPC at max_user_watches, the same inode watched under another name) and every file
 * when inotify cannot start are `statx`ed before each read, as without watches.
 *
 * Watches are removed with the last kept file of their directory; the inotify fd is closed with
 * the last watch (the session's close releases every kept file) and opened again when needed.
 * Not seen: a directory above the watched one moved or repointed (a pid directory renamed away
 * while its `fdinfo/` is watched); the root's own identity is `kept_file_check.ts`'s `rootMoved`.
 */
import {
  EAGAIN,
  IN_CLOEXEC,
  IN_DELETE,
  IN_DELETE_SELF,
  IN_IGNORED,
  IN_MOVE_SELF,
  IN_MOVED_FROM,
  IN_MOVED_TO,
  IN_NONBLOCK,
  IN_ONLYDIR,
  IN_Q_OVERFLOW,
  INOTIFY_EVENT_BYTES,
  INOTIFY_EVENT_LEN_OFFSET,
  INOTIFY_NAME_MAX_BYTES,
  type InotifyCalls,
} from "./inotify_binding.ts";

const WATCH_MASK = IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF |
  IN_ONLYDIR;
/** Room for many events: a read that leaves more than one event's room free drained the queue. */
const EVENT_BUFFER_BYTES = 64 * 1024;
/** The kernel writes the events in host byte order. */
const HOST_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** What a kept file needs before its read. */
export type KeptFileNeed = "nothing" | "statx" | "reopen";

interface WatchedDir {
  readonly key: number;
  /** The watch descriptor; -1: none (each file `statx`ed), or dropped after an event. */
  wd: number;
  readonly fds: Set<number>;
}

interface WatchedFile {
  readonly dir: WatchedDir;
  need: KeptFileNeed;
}

export class KeptDirWatches {
  readonly #calls: InotifyCalls;
  #fd = -1;
  /** inotify could not start (or its read failed): no more watches, every file `statx`ed. */
  #unusable = false;
  /** Directories with kept files, by the caller's key. */
  readonly #dirs = new Map<number, WatchedDir>();
  readonly #byWd = new Map<number, WatchedDir>();
  readonly #files = new Map<number, WatchedFile>();
  readonly #events = new Uint8Array(EVENT_BUFFER_BYTES);
  readonly #view = new DataView(this.#events.buffer);

  constructor(calls: InotifyCalls) {
    this.#calls = calls;
  }

  /** Watches held now (tests). */
  get watches(): number {
    return this.#byWd.size;
  }

  /** Whether the inotify fd is open (tests). */
  get open(): boolean {
    return this.#fd >= 0;
  }

  /** `fd` was just opened and kept, in the directory `key` (its path NUL-terminated: `path`). */
  add(fd: number, key: number, path: Uint8Array): void {
    this.remove(fd);
    let dir = this.#dirs.get(key);
    let need: KeptFileNeed = "nothing";
    if (dir === undefined) {
      dir = { key, wd: this.#watch(path), fds: new Set() };
      this.#dirs.set(key, dir);
      if (dir.wd >= 0) this.#byWd.set(dir.wd, dir);
      need = "statx"; // opened before its directory was watched: it may have gone in between
    }
    dir.fds.add(fd);
    this.#files.set(fd, { dir, need });
  }

  /** `fd` is closed (or no longer kept): its directory's watch goes with its last file. */
  remove(fd: number): void {
    const file = this.#files.get(fd);
    if (file === undefined) return;
    this.#files.delete(fd);
    const dir = file.dir;
    dir.fds.delete(fd);
    if (dir.fds.size === 0 && this.#dirs.get(dir.key) === dir) this.#drop(dir, true);
    this.#closeWhenUnused();
  }

  /** What `fd` needs before its read; a file never added is `statx`ed. */
  need(fd: number): KeptFileNeed {
    const file = this.#files.get(fd);
    if (file === undefined) return "statx";
    const need = file.need;
    if (need === "reopen") return need;
    if (file.dir.wd < 0) return "statx";
    file.need = "nothing"; // a "statx" once: the watch sees what comes after
    return need;
  }

  /** Once a sample: one non-blocking read of the queued events (EAGAIN: nothing changed). */
  readEvents(): void {
    while (this.#fd >= 0) {
      const length = this.#calls.read(this.#fd, this.#events);
      if (length < 0) {
        if (this.#calls.errno() !== EAGAIN) this.#fail();
        break;
      }
      this.#apply(length);
      if (length > EVENT_BUFFER_BYTES - INOTIFY_EVENT_BYTES - INOTIFY_NAME_MAX_BYTES) continue;
      break; // the next event would have fit: the queue is empty
    }
    this.#closeWhenUnused();
  }

  #apply(length: number): void {
    const view = this.#view;
    for (let at = 0; at + INOTIFY_EVENT_BYTES <= length;) {
      const wd = view.getInt32(at, HOST_LITTLE_ENDIAN);
      const mask = view.getUint32(at + 4, HOST_LITTLE_ENDIAN);
      if ((mask & IN_Q_OVERFLOW) !== 0) this.#dropAll();
      else {
        const dir = this.#byWd.get(wd);
        if (dir !== undefined) this.#drop(dir, (mask & IN_IGNORED) === 0);
      }
      at += INOTIFY_EVENT_BYTES + view.getUint32(at + INOTIFY_EVENT_LEN_OFFSET, HOST_LITTLE_ENDIAN);
    }
  }

  #watch(path: Uint8Array): number {
    if (this.#unusable) return -1;
    if (this.#fd < 0) {
      this.#fd = this.#calls.init(IN_NONBLOCK | IN_CLOEXEC);
      if (this.#fd < 0) {
        this.#unusable = true;
        return -1;
      }
    }
    const wd = this.#calls.addWatch(this.#fd, path, WATCH_MASK);
    // Another directory's wd: the same inode under two names; removing it would blind the other.
    return wd < 0 || this.#byWd.has(wd) ? -1 : wd;
  }

  /**
   * Marks every kept file of `dir` to be reopened and forgets the directory: the files reopened
   * watch it afresh. `remove`: the watch still exists (not IN_IGNORED) and is removed here.
   */
  #drop(dir: WatchedDir, remove: boolean): void {
    for (const fd of dir.fds) this.#files.get(fd)!.need = "reopen";
    if (this.#dirs.get(dir.key) === dir) this.#dirs.delete(dir.key);
    if (dir.wd < 0) return;
    this.#byWd.delete(dir.wd);
    if (remove) this.#calls.rmWatch(this.#fd, dir.wd);
    dir.wd = -1;
  }

  #dropAll(): void {
    for (const dir of [...this.#dirs.values()]) this.#drop(dir, true);
  }

  /** A read failed other than EAGAIN: events may be lost; every file is reopened, no watch kept. */
  #fail(): void {
    this.#dropAll();
    this.#unusable = true;
  }

  #closeWhenUnused(): void {
    if (this.#fd >= 0 && this.#byWd.size === 0) {
      this.#calls.close(this.#fd);
      this.#fd = -1;
    }
  }
}
