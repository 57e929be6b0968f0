/**
 * The other direction of `ttar_to_tree.ts`: a directory tree (files, directories, symlinks)
 * as ttar text, and ttar entries written back out as a tree. Fixture trees are kept in git as
 * ttar archives, because a sysfs or proc tree holds names with `:` and symlinks that a
 * Windows or macOS checkout cannot hold; tests unpack them into a temporary directory.
 *
 * Modes are not written: git records only the executable bit, and nothing reads them.
 */
import { dirname, join } from "node:path";
import type { TtarEntry } from "./ttar_to_tree.ts";

const SEPARATOR = "# ttar - - -";

/** Every entry under `dir`, sorted by path, paths relative to `dir` with `/` separators. */
export function treeEntries(dir: string, prefix = ""): TtarEntry[] {
  const entries: TtarEntry[] = [];
  const names = [...Deno.readDirSync(dir)].sort((a, b) => a.name < b.name ? -1 : 1);
  for (const entry of names) {
    const path = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
    const full = join(dir, entry.name);
    if (entry.isSymlink) entries.push({ kind: "symlink", path, target: Deno.readLinkSync(full) });
    else if (entry.isDirectory) {
      entries.push({ kind: "dir", path, mode: null });
      entries.push(...treeEntries(full, path));
    } else {
      entries.push({ kind: "file", path, content: Deno.readTextFileSync(full), mode: null });
    }
  }
  return entries;
}

/** One file's content as ttar lines: NUL as `NULLBYTE`, no trailing newline as `EOF`. */
function contentLines(path: string, content: string): string[] {
  if (content.includes("NULLBYTE") || content.includes("\r")) {
    throw new Error(`ttar: ${path} holds text the format cannot round-trip`);
  }
  if (content === "") return [];
  const text = content.replaceAll("\0", "NULLBYTE");
  const lines = text.split("\n");
  if (text.endsWith("\n")) {
    lines.pop();
    if ((lines.at(-1) ?? "").endsWith("EOF")) {
      throw new Error(`ttar: ${path} ends in "EOF", which the format reads as "no newline"`);
    }
  } else lines[lines.length - 1] += "EOF";
  return lines;
}

/** The entries as ttar text (the reader's `parseTtar` gives them back). */
export function formatTtar(entries: readonly TtarEntry[], header: readonly string[] = []): string {
  const blocks = entries.map((entry) => {
    switch (entry.kind) {
      case "dir":
        return [`Directory: ${entry.path}`];
      case "symlink":
        return [`Path: ${entry.path}`, `SymlinkTo: ${entry.target}`];
      case "file": {
        const lines = contentLines(entry.path, entry.content);
        return [`Path: ${entry.path}`, `Lines: ${lines.length}`, ...lines];
      }
    }
  });
  const body = blocks.map((block) => block.join("\n")).join(`\n${SEPARATOR}\n`);
  return [...header.map((line) => `# ${line}`), body, ""].join("\n");
}

/** Writes the entries under `dir` (created), symlinks with their targets unchanged. */
export function writeEntries(entries: readonly TtarEntry[], dir: string): void {
  Deno.mkdirSync(dir, { recursive: true });
  for (const entry of entries) {
    if (entry.path.split("/").includes("..") || entry.path.startsWith("/")) {
      throw new Error(`ttar: path leaves the tree: ${entry.path}`);
    }
    const full = join(dir, entry.path);
    if (entry.kind === "dir") {
      Deno.mkdirSync(full, { recursive: true });
      continue;
    }
    Deno.mkdirSync(dirname(full), { recursive: true });
    if (entry.kind === "symlink") Deno.symlinkSync(entry.target, full);
    else Deno.writeTextFileSync(full, entry.content);
  }
}
