/**
 * Numeric names of a directory read with `getdents64` into a caller's buffer, straight from the
 * `struct linux_dirent64` records: d_reclen (u16) at byte 16, d_name (NUL-terminated) from byte
 * 19 (Linux `include/linux/dirent.h`). Pids and fd numbers are read from the name's bytes; no
 * string is made per entry.
 */
import type { Libc } from "./libc_binding.ts";

const RECLEN_AT = 16;
const NAME_AT = 19;

/**
 * The numeric names (1–10 ASCII digits, like `proc_pids.ts`'s numericName) of the open
 * directory `fd`, in directory order, into `numbers` (emptied first; returned); null when
 * getdents fails (errno says why).
 */
export function numericDirents(
  libc: Libc,
  fd: number,
  buffer: Uint8Array,
  numbers: number[] = [],
): number[] | null {
  // Written by index and cut at the end: `length = 0` would drop the array's backing store.
  let count = 0;
  for (;;) {
    const filled = libc.getdents(fd, buffer, buffer.length);
    if (filled < 0) return null;
    if (filled === 0) {
      numbers.length = count;
      return numbers;
    }
    for (let at = 0; at < filled;) {
      const recordLength = (buffer[at + RECLEN_AT] ?? 0) | ((buffer[at + RECLEN_AT + 1] ?? 0) << 8);
      if (recordLength === 0) return null; // corrupt: never from a kernel
      const value = numericName(buffer, at + NAME_AT, at + recordLength);
      if (value >= 0) numbers[count++] = value;
      at += recordLength;
    }
  }
}

/** The decimal name at `from` (up to its NUL, before `end`) as a number; -1 for any other. */
function numericName(buffer: Uint8Array, from: number, end: number): number {
  let value = 0;
  let at = from;
  for (; at < end; at++) {
    const code = buffer[at] ?? 0;
    if (code === 0) break;
    if (code < 48 || code > 57 || at - from >= 10) return -1;
    value = value * 10 + (code - 48);
  }
  return at === from ? -1 : value;
}
