/**
 * `--token-file PATH` for `--hosts`: the token sent to each host, by the rules `serve` holds its
 * own token file to. Read once at start, surrounding whitespace trimmed; a file that is
 * missing, unreadable, empty or readable by every user is a usage error naming it.
 */
import { errorMessage } from "../model/errors.ts";
import { UsageError } from "../platform/usage_error.ts";

const WORLD_READABLE = 0o004;

export function readClientTokenFile(path: string): string {
  const bad = (why: string) => new UsageError(`invalid value for --token-file: '${path}' (${why})`);
  let text: string;
  let mode: number | null;
  try {
    const info = Deno.statSync(path);
    if (!info.isFile) throw bad("not a regular file");
    mode = info.mode;
    text = Deno.readTextFileSync(path);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw bad(errorMessage(error));
  }
  if (mode !== null && (mode & WORLD_READABLE) !== 0) {
    throw bad("readable by every user; chmod o-r it");
  }
  const token = text.trim();
  if (token === "") throw bad("empty");
  return token;
}
