/**
 * Reads the "ttar" archive format that prometheus/procfs keeps its sysfs test data in, so the
 * real captures in `shared/realdata/sysfs/*ttar*` can be laid out as fixture trees. Used by
 * `build_sys_fixtures.ts` only; the generated trees are committed.
 *
 * The format, one entry after another, separated by `# ttar - - -` lines:
 *   Directory: <path>            Mode: <octal>
 *   Path: <path>  Lines: <n>     <n content lines>   Mode: <octal>
 *   Path: <path>  SymlinkTo: <target>
 * In content, a NUL byte is written `NULLBYTE`, and a last line ending in `EOF` means the
 * file had no trailing newline. Lines starting with `#` outside content are comments.
 */

export type TtarEntry =
  | { kind: "dir"; path: string; mode: number | null }
  | { kind: "file"; path: string; content: string; mode: number | null }
  | { kind: "symlink"; path: string; target: string };

export function parseTtar(text: string): TtarEntry[] {
  const lines = text.split("\n");
  const entries: TtarEntry[] = [];
  let i = 0;
  const modeAt = (index: number): number | null => {
    const match = /^Mode: ([0-7]+)$/.exec(lines[index] ?? "");
    return match ? parseInt(match[1] as string, 8) : null;
  };
  while (i < lines.length) {
    const line = lines[i] ?? "";
    if (line.startsWith("Directory: ")) {
      const mode = modeAt(i + 1);
      entries.push({ kind: "dir", path: line.slice("Directory: ".length), mode });
      i += mode === null ? 1 : 2;
      continue;
    }
    if (line.startsWith("Path: ")) {
      const path = line.slice("Path: ".length);
      const next = lines[i + 1] ?? "";
      if (next.startsWith("SymlinkTo: ")) {
        entries.push({ kind: "symlink", path, target: next.slice("SymlinkTo: ".length) });
        i += 2;
        continue;
      }
      const count = /^Lines: (\d+)$/.exec(next);
      if (!count) throw new Error(`ttar: no Lines: after Path: ${path} (line ${i + 2})`);
      const n = Number(count[1]);
      let content = lines.slice(i + 2, i + 2 + n).join("\n");
      if (content.endsWith("EOF")) content = content.slice(0, -3);
      else if (n > 0) content += "\n";
      content = content.replaceAll("NULLBYTE", "\0");
      const mode = modeAt(i + 2 + n);
      entries.push({ kind: "file", path, content, mode });
      i += 2 + n + (mode === null ? 0 : 1);
      continue;
    }
    i++;
  }
  return entries;
}

/**
 * The entries under `fromPrefix`, with that prefix removed (`""` for the prefix itself).
 * Symlinks are returned too; the caller decides where their targets should point, since a
 * capture's relative targets depend on where it sat in the original tree.
 */
export function entriesUnder(entries: readonly TtarEntry[], fromPrefix: string): TtarEntry[] {
  const prefix = fromPrefix.endsWith("/") ? fromPrefix : `${fromPrefix}/`;
  return entries.flatMap((entry) => {
    if (entry.path === fromPrefix) return [{ ...entry, path: "" }];
    if (!entry.path.startsWith(prefix)) return [];
    return [{ ...entry, path: entry.path.slice(prefix.length) }];
  });
}
