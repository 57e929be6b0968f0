/**
 * uid → user name from /etc/passwd. An unknown uid is shown as the number (as `ps` does), so
 * a row is never blank just because the name service is elsewhere. `userNameForUid` reads a
 * passwd file once per process (one-shot commands); a `UserNames` of a long-running session
 * reads it again at most once per refresh interval, so a user added later gets a name.
 */
import { joinPath, resolvedParent } from "./path_join.ts";
import { PASSWD_CAP_BYTES } from "./bounded_read.ts";
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
    names = parsePasswd(readTextOrNull(passwdPath, PASSWD_CAP_BYTES) ?? "");
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
  return passwdBeside(procRoot).path;
}

/** The passwd file for a proc root and its text ("" when even /etc/passwd is unreadable). */
function passwdBeside(procRoot: string): { path: string; text: string } {
  const beside = joinPath(resolvedParent(procRoot), "etc", "passwd");
  const text = readTextOrNull(beside, PASSWD_CAP_BYTES);
  if (text !== null) return { path: beside, text };
  return { path: "/etc/passwd", text: readTextOrNull("/etc/passwd", PASSWD_CAP_BYTES) ?? "" };
}

/**
 * The user names of one proc root for a long-running session. Nothing is read until the
 * first lookup; after that the file (and which file: beside the proc root or /etc/passwd) is
 * read again on a lookup once `refreshMs` has passed since the last read, never more often.
 * `refreshMs` null: read once for the object's life.
 */
export class UserNames {
  readonly #procRoot: string;
  readonly #refreshMs: number | null;
  readonly #nowMs: () => number;
  readonly #passwdPath: string | null;
  #names: Map<number, string> | null = null;
  #readAtMs = 0;

  /**
   * `passwdPath`: read this file and no other (`--root`'s `etc/passwd`: a host's users, which
   * this container's /etc/passwd does not know); null: the file beside the proc root, else
   * /etc/passwd.
   */
  constructor(
    procRoot: string,
    refreshMs: number | null,
    nowMs: () => number,
    passwdPath: string | null = null,
  ) {
    this.#procRoot = procRoot;
    this.#refreshMs = refreshMs;
    this.#nowMs = nowMs;
    this.#passwdPath = passwdPath;
  }

  nameFor(uid: number): string {
    const now = this.#nowMs();
    const stale = this.#refreshMs !== null &&
      (now - this.#readAtMs >= this.#refreshMs || now < this.#readAtMs);
    if (this.#names === null || stale) {
      const text = this.#passwdPath === null
        ? passwdBeside(this.#procRoot).text
        : readTextOrNull(this.#passwdPath) ?? "";
      this.#names = parsePasswd(text);
      this.#readAtMs = now;
    }
    return this.#names.get(uid) ?? String(uid);
  }
}
