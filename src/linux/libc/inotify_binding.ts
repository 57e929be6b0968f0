/**
 * The libc calls that watch the directories of kept files on a plain tree
 * (`kept_dir_watches.ts`): `inotify_init1`, `inotify_add_watch`, `inotify_rm_watch`, `read`,
 * `close` and `__errno_location` (glibc and musl export them all). Their own `dlopen` of the
 * scan's libc, as `statx` has (`kept_file_check.ts`): only a long-running reader on a plain tree
 * needs them, and each symbol in `libc_binding.ts`'s table costs every reader's `dlopen`.
 *
 * Constants checked against this machine's `/usr/include/linux/inotify.h` and
 * `/usr/include/asm-generic/fcntl.h` (x86-64; `test/linux/libc/inotify_binding_test.ts` compares
 * them with the C headers): the event bits are arch-independent in the kernel's uapi header, and
 * IN_NONBLOCK / IN_CLOEXEC are O_NONBLOCK / O_CLOEXEC, which x86-64 and AArch64 both take from
 * asm-generic.
 */

/** The calls, as the watches make them (tests inject their own). */
export interface InotifyCalls {
  init(flags: number): number;
  addWatch(fd: number, path: Uint8Array, mask: number): number;
  rmWatch(fd: number, wd: number): number;
  /** `read(fd, buffer, buffer.length)`: bytes read, or -1. */
  read(fd: number, buffer: Uint8Array): number;
  close(fd: number): number;
  /** errno of the last failed call. */
  errno(): number;
}

export const IN_NONBLOCK = 0o4000;
export const IN_CLOEXEC = 0o2000000;
export const IN_MOVED_FROM = 0x40;
export const IN_MOVED_TO = 0x80;
export const IN_DELETE = 0x200;
export const IN_DELETE_SELF = 0x400;
export const IN_MOVE_SELF = 0x800;
export const IN_UNMOUNT = 0x2000;
export const IN_Q_OVERFLOW = 0x4000;
export const IN_IGNORED = 0x8000;
export const IN_ONLYDIR = 0x1000000;
export const EAGAIN = 11;
/** `sizeof(struct inotify_event)`: wd (i32), mask, cookie, len (u32 each); `len` name bytes follow. */
export const INOTIFY_EVENT_BYTES = 16;
export const INOTIFY_EVENT_LEN_OFFSET = 12;
/** NAME_MAX + 1: the longest name an event carries (with its NUL). */
export const INOTIFY_NAME_MAX_BYTES = 256;

const SYMBOLS = {
  // Numbers and buffers only, not nonblocking: V8's fast-call path (`libc_binding.ts`).
  inotify_init1: { parameters: ["i32"], result: "i32", optional: true },
  inotify_add_watch: { parameters: ["i32", "buffer", "u32"], result: "i32", optional: true },
  inotify_rm_watch: { parameters: ["i32", "i32"], result: "i32", optional: true },
  // `ssize_t` read as i32: at most the buffer's size or -1 (as `pread` in `libc_binding.ts`).
  read: { parameters: ["i32", "buffer", "usize"], result: "i32", optional: true },
  close: { parameters: ["i32"], result: "i32" },
  __errno_location: { parameters: [], result: "pointer" },
} as const;

const loaded = new Map<string, InotifyCalls | null>();

/** The calls from the library `name` (the scan's libc), or null where any is missing. */
export function loadInotify(name: string): InotifyCalls | null {
  if (loaded.has(name)) return loaded.get(name) ?? null;
  let calls: InotifyCalls | null = null;
  try {
    const library = Deno.dlopen(name, SYMBOLS);
    calls = callsOf(library.symbols);
    if (calls === null) library.close();
  } catch {
    calls = null;
  }
  loaded.set(name, calls);
  return calls;
}

function callsOf(s: Deno.DynamicLibrary<typeof SYMBOLS>["symbols"]): InotifyCalls | null {
  const { inotify_init1: init, inotify_add_watch: add, inotify_rm_watch: rm, read } = s;
  if (init === null || add === null || rm === null || read === null) return null;
  let lastCount = -1;
  let count = 0n; // the read size as a bigint, made once per distinct size
  return {
    init: (flags) => init(flags),
    addWatch: (fd, path, mask) => add(fd, path, mask),
    rmWatch: (fd, wd) => rm(fd, wd),
    read: (fd, buffer) => {
      if (buffer.length !== lastCount) count = BigInt(lastCount = buffer.length);
      return read(fd, buffer, count);
    },
    close: (fd) => s.close(fd),
    errno: () => {
      const at = s.__errno_location();
      return at === null ? 0 : new Deno.UnsafePointerView(at).getInt32();
    },
  };
}
