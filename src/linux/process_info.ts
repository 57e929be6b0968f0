/**
 * What /proc says about a process, for every backend's process rows: short name (`comm`),
 * full command line, owning user and resident memory. Anything unreadable (the process
 * exited, hidepid, permissions) is null; nothing here throws.
 */
import { join } from "node:path";
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
  const dir = join(procRoot, String(pid));
  const status = parseStatus(readTextOrNull(join(dir, "status")));
  return {
    name: parseComm(readTextOrNull(join(dir, "comm"))) ?? status.name,
    command: parseCmdline(readTextOrNull(join(dir, "cmdline"))),
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
  const args = text.split("\0");
  while (args.length > 0 && args[args.length - 1] === "") args.pop();
  return args.length === 0 ? null : args.join(" ");
}

export interface StatusFields {
  name: string | null;
  uid: number | null;
  rssBytes: number | null;
}

/** A count too large to hold exactly (a corrupt or hostile file) is unknown, not rounded. */
function safeOrNull(value: number): number | null {
  return Number.isSafeInteger(value) ? value : null;
}

/** `Name:`, the real uid (first of four on `Uid:`), and `VmRSS:` in kB (kernel kB = 1024). */
export function parseStatus(text: string | null): StatusFields {
  const fields: StatusFields = { name: null, uid: null, rssBytes: null };
  if (text === null) return fields;
  for (const line of text.split("\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon);
    const value = line.slice(colon + 1).trim();
    if (key === "Name") fields.name = value === "" ? null : value;
    else if (key === "Uid") {
      const uid = value.split(/\s+/)[0] ?? "";
      fields.uid = /^\d+$/.test(uid) ? safeOrNull(Number(uid)) : null;
    } else if (key === "VmRSS") {
      const match = /^(\d+)\s*kB$/i.exec(value);
      fields.rssBytes = match ? safeOrNull(Number(match[1]) * 1024) : null;
    }
  }
  return fields;
}
