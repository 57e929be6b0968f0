/**
 * `serve --token-file PATH`: the shared secret every request but `/healthz` must carry as
 * `Authorization: Bearer <token>`.
 *
 * The file is read once, at start, and its surrounding whitespace trimmed (an editor's final
 * newline is no part of the secret). A file that is missing, unreadable, empty or readable by
 * every user (mode & 0o004: the secret would be no secret) is a usage error naming it.
 *
 * The comparison hashes both sides with SHA-256 and compares the digests byte by byte without
 * stopping early, so its time depends on neither where the two differ nor the token's length.
 */
import { errorMessage } from "../model/errors.ts";
import { UsageError } from "../platform/usage_error.ts";

const WORLD_READABLE = 0o004;

/** The token in PATH, trimmed; a usage error naming PATH when it cannot be the secret. */
export function readTokenFile(path: string): string {
  const bad = (why: string) => new UsageError(`invalid value for --token-file: '${path}' (${why})`);
  let info: Deno.FileInfo;
  let text: string;
  try {
    info = Deno.statSync(path);
    if (!info.isFile) throw bad("not a regular file");
    text = Deno.readTextFileSync(path);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw bad(errorMessage(error));
  }
  if (info.mode !== null && (info.mode & WORLD_READABLE) !== 0) {
    throw bad("readable by every user; chmod o-r it");
  }
  const token = text.trim();
  if (token === "") throw bad("empty");
  return token;
}

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** Does the Authorization header carry exactly `Bearer <token>`? (Scheme case-insensitive.) */
export async function bearerMatches(authorization: string | null, token: string): Promise<boolean> {
  const match = /^Bearer +(.+?) *$/i.exec(authorization ?? "");
  const offered = match?.[1] ?? "";
  const [a, b] = await Promise.all([sha256(offered), sha256(token)]);
  let difference = match === null ? 1 : 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}
