/**
 * What /proc says about a process, for every backend's process rows: short name (`comm`),
 * full command line, owning user and resident memory. Anything unreadable (the process
 * exited, hidepid, permissions) is null; nothing here throws.
 */
import { readTextOrNull } from "./read_file.ts";
import { passwdPathFor, userNameForUid } from "./user_names.ts";

export interface ProcessInfo {
  name: string | null;
  command: string | null;
  user: string | null;
  rssBytes: number | null;
}

/** `passwdPath`: pass it in when reading many processes, so it is looked up once. */
export function readProcessInfo(
  procRoot: string,
  pid: number,
  passwdPath: string = passwdPathFor(procRoot),
): ProcessInfo {
  // Concatenation, not node:path join: this runs for every process of every sample.
  const dir = `${procRoot}/${pid}`;
  const status = parseStatus(readTextOrNull(`${dir}/status`));
  return {
    name: parseComm(readTextOrNull(`${dir}/comm`)) ?? status.name,
    command: parseCmdline(readTextOrNull(`${dir}/cmdline`)),
    user: status.uid === null ? null : userNameForUid(status.uid, passwdPath),
    rssBytes: status.rssBytes,
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
const KIB_VALUE = /^(\d{1,15})\s*kB$/i;

/** `Name:`, the real uid (first of four on `Uid:`), and `VmRSS:` in kB (kernel kB = 1024). */
export function parseStatus(text: string | null): StatusFields {
  const fields: StatusFields = { name: null, uid: null, rssBytes: null };
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
  return fields;
}
