/**
 * Reads a file through an open handle into a bounded buffer: at most `capBytes + 1` bytes are
 * ever read, so a file that is far larger than any real /proc or /sys file (a fixture's
 * fdinfo symlinked to a disk image, a hostile tree) costs one buffer, not its whole size in
 * memory and time. A file with more than `capBytes` bytes is reported as over the cap and the
 * caller skips that item (and counts it where it reports skips). Callers go through
 * `read_file.ts`, which first refuses files a read could block on.
 */

/** fdinfo, status, stat, sysfs values: real ones are a few KiB at most. */
export const VALUE_CAP_BYTES = 256 * 1024;

/**
 * `/proc/<pid>/cmdline`: the argument area, which the kernel bounds by a quarter of the stack
 * limit (2 MiB under the usual 8 MiB). Java and torchrun command lines run to kilobytes and
 * are kept whole.
 */
export const CMDLINE_CAP_BYTES = 2 * 1024 * 1024;

/** A passwd file (user names): one line per user, read at most once per rescan interval. */
export const PASSWD_CAP_BYTES = 16 * 1024 * 1024;

/** The file holds more than the cap: skipped, never read whole. */
export const OVER_CAP = Symbol("over cap");
export type OverCap = typeof OVER_CAP;

/** `capBytes` for people: "256 KiB", "2 MiB". */
export function capLabel(capBytes: number): string {
  return capBytes % (1024 * 1024) === 0
    ? `${capBytes / (1024 * 1024)} MiB`
    : `${Math.round(capBytes / 1024)} KiB`;
}

/**
 * One buffer for every read, grown on demand (never past the largest cap + 1). Reads are
 * synchronous and the bytes are copied out (decoded or sliced) before returning, so no two
 * reads share it at once.
 */
let scratch = new Uint8Array(16 * 1024);

/** Like `Deno.readTextFileSync`: invalid UTF-8 becomes U+FFFD, a BOM is kept. */
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * Reads up to `capBytes + 1` bytes into `scratch`; the count read, or OVER_CAP. Throws what
 * the open or the read throws.
 */
function fillScratch(path: string, capBytes: number): number | OverCap {
  const file = Deno.openSync(path);
  try {
    const limit = capBytes + 1;
    let length = 0;
    while (length < limit) {
      if (length === scratch.length) {
        const grown = new Uint8Array(Math.min(limit, scratch.length * 2));
        grown.set(scratch);
        scratch = grown;
      }
      const count = file.readSync(scratch.subarray(length, Math.min(limit, scratch.length)));
      if (count === null) return length; // end of file
      length += count;
    }
    return OVER_CAP;
  } finally {
    file.close();
  }
}

/** The file's text; null when it cannot be read; OVER_CAP past `capBytes`. */
export function readTextBounded(path: string, capBytes: number): string | null | OverCap {
  try {
    const length = fillScratch(path, capBytes);
    return length === OVER_CAP ? OVER_CAP : decoder.decode(scratch.subarray(0, length));
  } catch {
    return null;
  }
}

/** The file's bytes (a copy); null when it cannot be read; OVER_CAP past `capBytes`. */
export function readBytesBounded(path: string, capBytes: number): Uint8Array | null | OverCap {
  try {
    const length = fillScratch(path, capBytes);
    return length === OVER_CAP ? OVER_CAP : scratch.slice(0, length);
  } catch {
    return null;
  }
}
