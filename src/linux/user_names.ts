/**
 * uid → user name from /etc/passwd, read once. An unknown uid is shown as the number
 * (as `ps` does), so a row is never blank just because the name service is elsewhere.
 */
import { joinPath, resolvedParent } from "./path_join.ts";
import { readTextOrNull } from "./read_file.ts";

// Keyed by passwd path; filled on first use, never at import.
const cache = new Map<string, Map<number, string>>();

export function parsePasswd(text: string): Map<number, string> {
  const names = new Map<number, string>();
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const [name, , uid] = line.split(":");
    if (!name || uid === undefined || !/^\d+$/.test(uid)) continue;
    const id = Number(uid);
    if (!names.has(id)) names.set(id, name);
  }
  return names;
}

export function userNameForUid(uid: number, passwdPath = "/etc/passwd"): string {
  let names = cache.get(passwdPath);
  if (!names) {
    names = parsePasswd(readTextOrNull(passwdPath) ?? "");
    cache.set(passwdPath, names);
  }
  return names.get(uid) ?? String(uid);
}

/**
 * The passwd file that belongs with a proc root: a host's /proc mounted at /host/proc has
 * its users in /host/etc/passwd, which this container's /etc/passwd does not know.
 * Falls back to /etc/passwd when there is none beside it.
 */
export function passwdPathFor(procRoot: string): string {
  const beside = joinPath(resolvedParent(procRoot), "etc", "passwd");
  return readTextOrNull(beside) === null ? "/etc/passwd" : beside;
}
