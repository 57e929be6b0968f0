/**
 * The few libc calls the /proc scan makes through FFI (`libc_proc_reader.ts`): `openat`,
 * `pread`, `close`, `readlinkat`, `getdents64`, `memcmp`, `getrlimit` and `__errno_location`.
 * Loaded once per thread, on Linux only, and only where FFI is already granted: the library
 * API may run without `--allow-ffi`, and asking would prompt. Null wherever it cannot load;
 * the scan then uses Deno's file-system ops (`proc_reader.ts`).
 *
 * Every symbol takes numbers and buffers only and is not `nonblocking`, so Deno calls it
 * through V8's fast-call path (no promise, no per-call object). A 64-bit result comes back as
 * a bigint (an object per call), so `pread`, `readlinkat` and `getdents` are declared to return
 * `i32`: they return at most the count asked (a buffer's size, far below 2^31) or -1, and the
 * low 32 bits of the result register (x86-64 `eax`, AArch64 `w0`) hold exactly that. Size
 * arguments stay `usize` (a `number` there would leave the fast path) and are made bigints once
 * per distinct value (`sizeArgument`): the scan passes the same buffer sizes again and again. `openat` and `open` are
 * variadic in C (a mode follows with O_CREAT); we never pass O_CREAT, so the mode is never
 * read, and on x86-64 and AArch64 Linux the first three arguments travel in the same
 * registers either way.
 */

/** glibc, then musl (Alpine) on x86-64 and AArch64: the libcs tried, in order. */
export const LIBC_CANDIDATES: readonly string[] = [
  "libc.so.6",
  "libc.musl-x86_64.so.1",
  "libc.musl-aarch64.so.1",
];

const SYMBOLS = {
  openat: { parameters: ["i32", "buffer", "i32"], result: "i32" },
  pread: { parameters: ["i32", "buffer", "usize", "i64"], result: "i32" },
  close: { parameters: ["i32"], result: "i32" },
  readlinkat: { parameters: ["i32", "buffer", "buffer", "usize"], result: "i32" },
  // glibc 2.30+ exports getdents64; musl's getdents fills the same `struct dirent` layout
  // (d_ino u64, d_off i64, d_reclen u16, d_type u8, d_name), so either will do: a libc without
  // getdents64 is opened again with `getdents` under that name (`MUSL_SYMBOLS`). One symbol
  // table, not both optional: each symbol costs ~0.2 ms of dlopen (a fast-call trampoline).
  getdents64: { parameters: ["i32", "buffer", "usize"], result: "i32", optional: true },
  memcmp: { parameters: ["buffer", "buffer", "usize"], result: "i32" },
  getrlimit: { parameters: ["i32", "buffer"], result: "i32" },
  __errno_location: { parameters: [], result: "pointer" },
} as const;

const MUSL_SYMBOLS = {
  ...SYMBOLS,
  getdents64: { name: "getdents", parameters: ["i32", "buffer", "usize"], result: "i32" },
} as const;

/** The calls, typed for their callers; `getdents` is whichever of the two the libc has. */
export interface Libc {
  /** The candidate that loaded. */
  readonly name: string;
  openat(dirFd: number, path: Uint8Array, flags: number): number;
  pread(fd: number, buffer: Uint8Array, count: number, offset: number): number;
  close(fd: number): number;
  /** `path` relative to the open directory `dirFd` (or AT_FDCWD). */
  readlinkat(dirFd: number, path: Uint8Array, buffer: Uint8Array, size: number): number;
  getdents(fd: number, buffer: Uint8Array, size: number): number;
  memcmp(a: Uint8Array, b: Uint8Array, count: number): number;
  getrlimit(resource: number, limits: Uint8Array): number;
  /** errno of the last failed call. */
  errno(): number;
}

/** `openat`'s "relative to the working directory". */
export const AT_FDCWD = -100;
/**
 * O_RDONLY | O_NONBLOCK | O_CLOEXEC (same values on x86-64 and AArch64). O_NONBLOCK: a FIFO
 * or a device in a user-given tree opens and reads without ever blocking.
 */
export const OPEN_READ_FLAGS = 0o4000 | 0o2000000;
/** O_NOFOLLOW, which differs: x86-64 0400000, AArch64 0100000. */
export const O_NOFOLLOW = Deno.build.arch === "aarch64" ? 0o100000 : 0o400000;
/** What opening a symlink with O_NOFOLLOW fails with (the same on x86-64 and AArch64). */
export const ELOOP = 40;
export const EACCES = 13;
export const EPERM = 1;
const RLIMIT_NOFILE = 7;

/** `BigInt(n)` for a size argument, the last value's kept (no bigint made for a repeat). */
function sizeArgument(): (n: number) => bigint {
  let last = -1;
  let big = 0n;
  return (n) => n === last ? big : (big = BigInt(last = n));
}

function loadFirst(candidates: readonly string[]): Libc | null {
  for (const name of candidates) {
    let library: Deno.DynamicLibrary<typeof SYMBOLS>;
    try {
      library = Deno.dlopen(name, SYMBOLS);
      if (library.symbols.getdents64 === null) {
        library.close();
        library = Deno.dlopen(name, MUSL_SYMBOLS);
      }
    } catch {
      continue;
    }
    const s = library.symbols;
    const getdents = s.getdents64;
    if (getdents === null) {
      library.close();
      continue;
    }
    const [preadCount, linkSize, direntsSize, compared] = [1, 2, 3, 4].map(sizeArgument);
    return {
      name,
      openat: (dirFd, path, flags) => s.openat(dirFd, path, flags),
      pread: (fd, buffer, count, offset) =>
        s.pread(fd, buffer, preadCount!(count), offset === 0 ? 0n : BigInt(offset)),
      close: (fd) => s.close(fd),
      readlinkat: (dirFd, path, buffer, size) => s.readlinkat(dirFd, path, buffer, linkSize!(size)),
      getdents: (fd, buffer, size) => getdents(fd, buffer, direntsSize!(size)),
      memcmp: (a, b, count) => s.memcmp(a, b, compared!(count)),
      getrlimit: (resource, limits) => s.getrlimit(resource, limits),
      errno: () => {
        const at = s.__errno_location();
        return at === null ? 0 : new Deno.UnsafePointerView(at).getInt32();
      },
    };
  }
  return null;
}

/** Whether this process may dlopen without a prompt (granted, not merely promptable). */
function ffiGranted(): boolean {
  try {
    return Deno.permissions.querySync({ name: "ffi" }).state === "granted";
  } catch {
    return false;
  }
}

const loaded = new Map<string, Libc | null>();

/**
 * The libc, loaded once per candidate list (tests pass a list of missing files to see the
 * fallback); null off Linux, without FFI permission, or when no candidate loads.
 */
export function loadLibc(candidates: readonly string[] = LIBC_CANDIDATES): Libc | null {
  const key = candidates.join("\u0000");
  if (loaded.has(key)) return loaded.get(key) ?? null;
  const libc = Deno.build.os === "linux" && ffiGranted() ? loadFirst(candidates) : null;
  loaded.set(key, libc);
  return libc;
}

/** The soft RLIMIT_NOFILE (open files), or null when getrlimit fails or it is unlimited. */
export function softOpenFileLimit(libc: Libc): number | null {
  const limits = new Uint8Array(16); // struct rlimit: rlim_cur, rlim_max (u64 each)
  if (libc.getrlimit(RLIMIT_NOFILE, limits) !== 0) return null;
  const soft = new DataView(limits.buffer).getBigUint64(0, true);
  return soft >= 1n << 31n ? null : Number(soft);
}
