/**
 * `SHA256SUMS` for the release files, in the format `sha256sum -c` and `shasum -a 256 -c`
 * read: the hex digest, two spaces, the file name; one line per file, sorted by name.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";

export const CHECKSUMS_FILE = "SHA256SUMS";

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export function checksumLines(dir: string, names: readonly string[]): string {
  return [...names].sort().map((name) =>
    `${sha256Hex(Deno.readFileSync(join(dir, name)))}  ${name}\n`
  ).join("");
}

/** Writes `dir/SHA256SUMS` for `names` (files in `dir`); returns its path. */
export function writeChecksums(dir: string, names: readonly string[]): string {
  const path = join(dir, CHECKSUMS_FILE);
  Deno.writeTextFileSync(path, checksumLines(dir, names));
  return path;
}
