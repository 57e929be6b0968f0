/**
 * `bounded_read.ts`'s reads through libc (`libc_binding.ts`): the path encoded into one reused
 * buffer, `openat` with O_NONBLOCK, `pread` into one reused buffer up to the cap + 1 bytes.
 * No `stat` first, on any root: opening a FIFO O_NONBLOCK for reading never blocks, and
 * `pread` on a FIFO or socket fails (ESPIPE), so such a file reads as null; a device that
 * streams (`/dev/zero`) runs into the cap, and one with nothing to read fails with EAGAIN.
 */
import { OVER_CAP, type OverCap } from "../bounded_read.ts";
import { AT_FDCWD, type Libc, OPEN_READ_FLAGS } from "./libc_binding.ts";

const encoder = new TextEncoder();
/** Like `Deno.readTextFileSync`: invalid UTF-8 becomes U+FFFD, a BOM is kept. */
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

export class LibcBoundedReader {
  readonly #libc: Libc;
  #path = new Uint8Array(512);
  #scratch = new Uint8Array(16 * 1024);

  constructor(libc: Libc) {
    this.#libc = libc;
  }

  /**
   * The file's text; null when it cannot be read; OVER_CAP past `capBytes`. `wholeInOneRead`:
   * the file is one that a read with room for it returns whole (`read_file.ts`
   * `readPidFileTextOrNull`), so a read shorter than asked is its end and the read that would
   * return 0 is not made.
   */
  readText(path: string, capBytes: number, wholeInOneRead = false): string | null | OverCap {
    const length = this.#fill(path, capBytes, wholeInOneRead);
    return typeof length === "number" ? decoder.decode(this.#scratch.subarray(0, length)) : length;
  }

  /** The file's bytes (a copy); null when it cannot be read; OVER_CAP past `capBytes`. */
  readBytes(path: string, capBytes: number): Uint8Array | null | OverCap {
    const length = this.#fill(path, capBytes);
    return typeof length === "number" ? this.#scratch.slice(0, length) : length;
  }

  /** Bytes read into the scratch buffer, null, or OVER_CAP. */
  #fill(path: string, capBytes: number, wholeInOneRead = false): number | null | OverCap {
    const encoded = this.#encodePath(path);
    if (encoded === null) return null;
    const libc = this.#libc;
    const fd = libc.openat(AT_FDCWD, encoded, OPEN_READ_FLAGS);
    if (fd < 0) return null;
    try {
      const limit = capBytes + 1;
      let length = 0;
      while (length < limit) {
        if (length === this.#scratch.length) this.#grow(limit);
        const room = Math.min(limit, this.#scratch.length) - length;
        const buffer = length === 0 ? this.#scratch : this.#scratch.subarray(length);
        const count = libc.pread(fd, buffer, room, length);
        if (count < 0) return null;
        if (count === 0 || (wholeInOneRead && count < room)) return length + count;
        length += count;
      }
      return OVER_CAP;
    } finally {
      libc.close(fd);
    }
  }

  #grow(limit: number): void {
    const grown = new Uint8Array(Math.min(limit, this.#scratch.length * 2));
    grown.set(this.#scratch);
    this.#scratch = grown;
  }

  /** `path` NUL-terminated in the reused buffer; null when it holds a NUL itself. */
  #encodePath(path: string): Uint8Array | null {
    if (path.includes("\u0000")) return null;
    if (this.#path.length < path.length * 3 + 1) this.#path = new Uint8Array(path.length * 3 + 1);
    const { written } = encoder.encodeInto(path, this.#path);
    this.#path[written] = 0;
    return this.#path;
  }
}
