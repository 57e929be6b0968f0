/**
 * What /proc says about a process, for every backend's process rows: short name (`comm`),
 * full command line, owning user and resident memory. Anything unreadable (the process
 * exited, hidepid, permissions, a file over its read cap: `bounded_read.ts`) is null; nothing
 * here throws.
 */
import { CMDLINE_CAP_BYTES } from "./bounded_read.ts";
import { readBytesOrNull, readPidFileTextOrNull, readTextOrNull } from "./read_file.ts";
import { passwdPathFor, userNameForUid } from "./user_names.ts";

export interface ProcessInfo {
  name: string | null;
  command: string | null;
  user: string | null;
  rssBytes: number | null;
  /** `status`'s `NSpid:` (see StatusFields.namespacePid). */
  namespacePid: number | null;
  /** `status`'s `State:` letter, for when `stat` cannot be read. */
  stateLetter: string | null;
}

/**
 * `users`: the passwd file to name users from (pass it in when reading many processes, so it
 * is looked up once), or a uid → name lookup (a long-running session's `UserNames`).
 */
export function readProcessInfo(
  procRoot: string,
  pid: number,
  users: string | ((uid: number) => string) = passwdPathFor(procRoot),
): ProcessInfo {
  // Concatenation, not node:path join: this runs for every process of every sample.
  const dir = `${procRoot}/${pid}`;
  const status = parseStatus(readPidFileTextOrNull(`${dir}/status`));
  return {
    name: parseComm(readPidFileTextOrNull(`${dir}/comm`)) ?? status.name,
    command: parseCmdline(readTextOrNull(`${dir}/cmdline`, CMDLINE_CAP_BYTES)),
    user: status.uid === null
      ? null
      : typeof users === "string"
      ? userNameForUid(status.uid, users)
      : users(status.uid),
    rssBytes: status.rssBytes,
    namespacePid: status.namespacePid,
    stateLetter: status.stateLetter,
  };
}

/** `comm` ends in one newline; the name itself may contain spaces. */
export function parseComm(text: string | null): string | null {
  if (text === null) return null;
  const name = text.endsWith("\n") ? text.slice(0, -1) : text;
  return name === "" ? null : name;
}

/** Arguments are NUL-separated with a trailing NUL; kernel threads have an empty file. */
export function parseCmdline(text: string | null): string | null {
  if (text === null) return null;
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0) end--;
  return end === 0 ? null : text.slice(0, end).replaceAll("\0", " ");
}

export interface StatusFields {
  name: string | null;
  uid: number | null;
  rssBytes: number | null;
  /**
   * The pid in the innermost PID namespace: the last of `NSpid:`'s values (one per namespace
   * level, outermost first; Linux 4.1 and later). Null when the line is missing or malformed.
   */
  namespacePid: number | null;
  /** The first letter of `State:` (`S (sleeping)`); null when missing. */
  stateLetter: string | null;
}

/**
 * The value of the first `key:` line of a status text, trimmed; null when there is none.
 * Found with indexOf: status has some 55 lines and only three are wanted.
 */
function statusValue(text: string, key: string): string | null {
  const prefix = `${key}:`;
  let at = 0;
  if (!text.startsWith(prefix)) {
    at = text.indexOf(`\n${prefix}`);
    if (at < 0) return null;
    at += 1; // past the newline
  }
  const end = text.indexOf("\n", at);
  return text.slice(at + prefix.length, end < 0 ? undefined : end).trim();
}

const UID = /^\d{1,10}(?=\s|$)/;
const NSPIDS = /^\d{1,10}(?:\s+\d{1,10})*$/;
const STATE_LETTER = /^[A-Za-z]/;
const KIB_VALUE = /^(\d{1,15})\s*kB$/i;

/**
 * `Name:`, the real uid (first of four on `Uid:`), `VmRSS:` in kB (kernel kB = 1024), the
 * innermost `NSpid:` and the `State:` letter.
 */
export function parseStatus(text: string | null): StatusFields {
  const fields: StatusFields = {
    name: null,
    uid: null,
    rssBytes: null,
    namespacePid: null,
    stateLetter: null,
  };
  if (text === null) return fields;
  const name = statusValue(text, "Name");
  if (name !== null && name !== "") fields.name = name;
  const uid = UID.exec(statusValue(text, "Uid") ?? "");
  if (uid) fields.uid = Number(uid[0]);
  const rss = KIB_VALUE.exec(statusValue(text, "VmRSS") ?? "");
  if (rss) {
    const bytes = Number(rss[1]) * 1024;
    if (Number.isSafeInteger(bytes)) fields.rssBytes = bytes;
  }
  const nsPids = statusValue(text, "NSpid") ?? "";
  if (NSPIDS.test(nsPids)) fields.namespacePid = Number(nsPids.slice(nsPids.search(/\d+$/)));
  fields.stateLetter = STATE_LETTER.exec(statusValue(text, "State") ?? "")?.[0] ?? null;
  return fields;
}

export interface StatFields {
  /** Field 22, clock ticks after boot, as printed: a pid with another start time is another
   * process. */
  startTime: string;
  /** Field 24, resident pages; null when the process has no memory map (a kernel thread, a
   * zombie: field 23, vsize, is then 0, as `status` then has no `VmRSS:` line). */
  rssPages: number | null;
  /** Field 22 as a number of clock ticks; null past 2^53 (`startTime` still tells apart). */
  startTicks: number | null;
  /** Field 3, the state letter (`R`, `S`, `D`, `T`, `Z`, ...). */
  state: string;
  /** Fields 14 + 15, user and system CPU time, in clock ticks; null when unreadable. */
  cpuTicks: number | null;
}

/**
 * `/proc/<pid>/stat`: start time and resident pages, from one small file (what a long-running
 * session re-reads for a process it already knows). The name (field 2) may hold spaces and
 * parentheses, so fields are counted after the LAST ')'. Null when the text is not a stat line.
 */
export function parseStat(text: string | null): StatFields | null {
  if (text === null) return null;
  const close = text.lastIndexOf(")");
  if (close < 0) return null;
  // After ") ": field 3 (state) is token 0, so field N is token N - 3; tokens are cut at
  // single spaces (as `split(" ")` would), found with indexOf so that no array and only the
  // strings kept are made (this runs for every known process on every sample).
  const bounds = STAT_BOUNDS;
  const count = tokenBounds(text, close + 2, bounds);
  if (count < 20) return null;
  const startTime = text.slice(bounds[38], bounds[39]).trim();
  if (!/^\d{1,20}$/.test(startTime)) return null;
  let rssPages: number | null = null;
  if (count > 21 && positiveDigits(text, bounds[40]!, bounds[41]!)) {
    const rss = text.slice(bounds[42], bounds[43]).trim();
    if (/^\d{1,15}$/.test(rss)) rssPages = Number(rss);
  }
  return {
    startTime,
    rssPages,
    startTicks: safeNumber(startTime),
    state: bounds[1]! > bounds[0]! ? text.charAt(bounds[0]!) : "",
    cpuTicks: sumOfTicks(text, bounds),
  };
}

/** Start and end of the first 22 tokens of `parseStat` (pairs); one array for every call. */
const STAT_BOUNDS = new Int32Array(44);

/** Fills `bounds` with the tokens of `text` from `from`, cut at each space; their count. */
function tokenBounds(text: string, from: number, bounds: Int32Array): number {
  let count = 0;
  let start = Math.min(from, text.length);
  while (count < 22) {
    const space = text.indexOf(" ", start);
    const end = space < 0 ? text.length : space;
    bounds[2 * count] = start;
    bounds[2 * count + 1] = end;
    count++;
    if (space < 0) break;
    start = space + 1;
  }
  return count;
}

/** Whether text[start, end) is digits only, at least one, and not all zeros (vsize > 0). */
function positiveDigits(text: string, start: number, end: number): boolean {
  if (end <= start) return false;
  let nonZero = false;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
    if (code !== 48) nonZero = true;
  }
  return nonZero;
}

/** The value of text[start, end) when it is 1–15 digits, else null. */
function smallDigits(text: string, start: number, end: number): number | null {
  if (end <= start || end - start > 15) return null;
  let value = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return null;
    value = value * 10 + (code - 48);
  }
  return value;
}

function safeNumber(digits: string): number | null {
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : null;
}

/** Fields 14 + 15 (tokens 11 and 12), user and system ticks; null unless both are digits. */
function sumOfTicks(text: string, bounds: Int32Array): number | null {
  const user = smallDigits(text, bounds[22]!, bounds[23]!);
  const system = smallDigits(text, bounds[24]!, bounds[25]!);
  return user === null || system === null ? null : user + system;
}

/** `AT_PAGESZ` in the auxiliary vector: the kernel's page size, in bytes. */
const AT_PAGESZ = 6n;

/**
 * The page size the kernel counts `stat`'s resident pages in (4 KiB on x86-64, 4, 16 or
 * 64 KiB on arm64), from `/proc/self/auxv`: pairs of 64-bit words (type, value), little-endian
 * on every platform Deno runs on. Null when it cannot be read (no /proc, a 32-bit layout).
 */
export function readPageSizeBytes(auxvPath = "/proc/self/auxv"): number | null {
  const bytes = readBytesOrNull(auxvPath);
  if (bytes === null) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at + 16 <= bytes.byteLength; at += 16) {
    const type = view.getBigUint64(at, true);
    if (type === 0n) break; // AT_NULL ends the vector
    if (type === AT_PAGESZ) {
      const size = Number(view.getBigUint64(at + 8, true));
      // A power of two from 1 KiB to 1 MiB, or the layout was not what we think.
      return size >= 1024 && size <= 1 << 20 && (size & (size - 1)) === 0 ? size : null;
    }
  }
  return null;
}
