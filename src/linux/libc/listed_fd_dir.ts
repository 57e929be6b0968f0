/**
 * The `<pid>/fd` directory a walk listed, kept open while the walk reads that pid's fds
 * (`libc_proc_reader.ts`, from `listFds` to `endListing`): each link is read with `readlinkat`
 * relative to it, and each fdinfo opened as `../fdinfo/<fd>` relative to it, so the kernel looks
 * up one to three names instead of the whole path from `/` (no extra syscall: the directory was
 * opened to be listed anyway). A pid other than the listed one is read by its whole path.
 *
 * `..` of `<pid>/fd` is `<pid>` unless `fd` is itself a symlink (never on procfs; a user-given
 * tree might have one): the directory is opened with O_NOFOLLOW first, and where that fails
 * with ELOOP it is opened through the link and fdinfo is read by its whole path.
 */
import { AT_FDCWD, ELOOP, type Libc, O_NOFOLLOW, OPEN_READ_FLAGS } from "./libc_binding.ts";
import { type ProcPathBytes, SUFFIX_FD, SUFFIX_FD_DIR, SUFFIX_FDINFO } from "./proc_path_bytes.ts";

export class ListedFdDir {
  readonly #libc: Libc;
  readonly #path: ProcPathBytes;
  #fd = -1;
  /** The pid `#fd` lists (-1: none). */
  #pid = -1;
  /** `#pid` when `<pid>/fd` is no symlink (fdinfo relative to it), else -1. */
  #fdinfoPid = -1;
  /** Whether the last `open` went through a symlink. */
  #linked = false;

  constructor(libc: Libc, path: ProcPathBytes) {
    this.#libc = libc;
    this.#path = path;
  }

  /** Opens `<pid>/fd` to be listed (the one held before is closed): its fd, or -1 (errno). */
  open(pid: number): number {
    this.close();
    const path = this.#path.pid(pid, SUFFIX_FD_DIR);
    const fd = this.#libc.openat(AT_FDCWD, path, OPEN_READ_FLAGS | O_NOFOLLOW);
    this.#linked = fd < 0 && this.#libc.errno() === ELOOP;
    return this.#linked ? this.#libc.openat(AT_FDCWD, path, OPEN_READ_FLAGS) : fd;
  }

  /** Holds `fd`, the directory `open(pid)` returned, listed in full. */
  hold(pid: number, fd: number): void {
    this.#fd = fd;
    this.#pid = pid;
    this.#fdinfoPid = this.#linked ? -1 : pid;
  }

  close(): void {
    if (this.#fd < 0) return;
    this.#libc.close(this.#fd);
    this.#fd = -1;
    this.#pid = -1;
    this.#fdinfoPid = -1;
  }

  /** `readlink` of `<pid>/fd/<fd>` into `link`: its length, or -1. */
  readLink(pid: number, fd: number, link: Uint8Array): number {
    return pid === this.#pid
      ? this.#libc.readlinkat(this.#fd, this.#path.fdName(fd), link, link.length)
      : this.#libc.readlinkat(AT_FDCWD, this.#path.pid(pid, SUFFIX_FD, fd), link, link.length);
  }

  /** Opens `<pid>/fdinfo/<fd>` for reading: its fd, or -1. */
  openFdinfo(pid: number, fd: number): number {
    return pid === this.#fdinfoPid
      ? this.#libc.openat(this.#fd, this.#path.fdinfoName(fd), OPEN_READ_FLAGS)
      : this.#libc.openat(AT_FDCWD, this.#path.pid(pid, SUFFIX_FDINFO, fd), OPEN_READ_FLAGS);
  }
}
