/**
 * NUL-terminated `/proc` paths written straight into one reused byte buffer, for the libc
 * calls of `libc_proc_reader.ts`: `<root>/<pid>/fdinfo/<fd>` is the root's bytes (encoded
 * once), the digits and the fixed parts copied in, with no string built or encoded per call.
 */
const encoder = new TextEncoder();

export const SUFFIX_FD_DIR = encoder.encode("/fd");
export const SUFFIX_FD = encoder.encode("/fd/");
export const SUFFIX_FDINFO = encoder.encode("/fdinfo/");
export const SUFFIX_STAT = encoder.encode("/stat");
export const SUFFIX_LOADAVG = encoder.encode("loadavg");
const FDINFO_FROM_FD_DIR = encoder.encode("../fdinfo/");

export class ProcPathBytes {
  /** `<root>/`, encoded once. */
  readonly #root: Uint8Array;
  readonly #buffer: Uint8Array;
  /** `fdName`'s: a name relative to an open directory. */
  readonly #name = new Uint8Array(16);
  /** `fdinfoName`'s: `../fdinfo/` then the number. */
  readonly #fdinfoName = new Uint8Array(32);

  constructor(procRoot: string) {
    this.#root = encoder.encode(procRoot.endsWith("/") ? procRoot : `${procRoot}/`);
    this.#buffer = new Uint8Array(this.#root.length + 64);
    this.#buffer.set(this.#root);
    this.#fdinfoName.set(FDINFO_FROM_FD_DIR);
  }

  /** `<root>` itself (its trailing slash kept: the same directory). */
  root(): Uint8Array {
    this.#buffer[this.#root.length] = 0;
    return this.#buffer;
  }

  /** `<root>/<name>`. */
  rootFile(name: Uint8Array): Uint8Array {
    const at = copyInto(this.#buffer, this.#root.length, name);
    this.#buffer[at] = 0;
    return this.#buffer;
  }

  /** `<root>/<pid><suffix>`, then `<fd>` when fd ≥ 0. */
  pid(pid: number, suffix: Uint8Array, fd = -1): Uint8Array {
    const buffer = this.#buffer;
    let at = writeNumber(buffer, this.#root.length, pid);
    at = copyInto(buffer, at, suffix);
    if (fd >= 0) at = writeNumber(buffer, at, fd);
    buffer[at] = 0;
    return buffer;
  }

  /** `<fd>` alone (a path relative to an open `<pid>/fd` directory), in a buffer of its own. */
  fdName(fd: number): Uint8Array {
    this.#name[writeNumber(this.#name, 0, fd)] = 0;
    return this.#name;
  }

  /** `../fdinfo/<fd>`: the fd's fdinfo relative to an open `<pid>/fd` directory. */
  fdinfoName(fd: number): Uint8Array {
    const name = this.#fdinfoName;
    name[writeNumber(name, FDINFO_FROM_FD_DIR.length, fd)] = 0;
    return name;
  }
}

/** Writes `value`'s decimal digits into `buffer` at `at`; returns the index after them. */
function writeNumber(buffer: Uint8Array, at: number, value: number): number {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  let rest = value;
  for (let i = at + digits - 1; i >= at; i--) {
    buffer[i] = 48 + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  return at + digits;
}

/**
 * Copies `bytes` into `buffer` at `at`; returns the index after them. A loop, not
 * `Uint8Array.set`: for the few bytes of a suffix, `set`'s call into the runtime (a `memmove`)
 * cost more than the copy, three times per DRM fd.
 */
function copyInto(buffer: Uint8Array, at: number, bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) buffer[at++] = bytes[i]!;
  return at;
}
