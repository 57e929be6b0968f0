/**
 * Which paths in git would not check out on Windows or macOS: names with a character
 * Windows forbids (`: * ? " < > |` or a control character), a name ending in a dot or a space
 * (Windows drops them), two paths equal but for case (one overwrites the other on a
 * case-insensitive file system), and symlinks (need privileges on Windows, and a checkout
 * without them gets a text file instead). Fixture trees that need such names live in ttar
 * archives instead (see `test/linux/sysfs/tree_to_ttar.ts`).
 */

export interface IndexEntry {
  /** git's mode: `120000` for a symlink. */
  mode: string;
  path: string;
}

// deno-lint-ignore no-control-regex
const FORBIDDEN_CHARACTER = /[:*?"<>|\x00-\x1f]/;

/** One line per problem, empty when every path is portable. */
export function portabilityProblems(entries: readonly IndexEntry[]): string[] {
  const problems: string[] = [];
  // Every file path and every folder above one, keyed by its lower-case form.
  const byFolded = new Map<string, Set<string>>();
  for (const { mode, path } of entries) {
    if (mode === "120000") problems.push(`symlink: ${path}`);
    const parts = path.split("/");
    for (const [index, name] of parts.entries()) {
      const prefix = parts.slice(0, index + 1).join("/");
      const folded = prefix.toLowerCase();
      const seen = byFolded.get(folded) ?? new Set<string>();
      seen.add(prefix);
      byFolded.set(folded, seen);
      if (FORBIDDEN_CHARACTER.test(name)) problems.push(`forbidden character: ${prefix}`);
      if (/[. ]$/.test(name)) problems.push(`trailing dot or space: ${prefix}`);
    }
  }
  for (const spellings of byFolded.values()) {
    if (spellings.size > 1) problems.push(`differ only by case: ${[...spellings].join(", ")}`);
  }
  return [...new Set(problems)].sort();
}

/** `git ls-files --stage -z` output as entries (the stage's mode and path). */
export function parseLsFilesStage(output: string): IndexEntry[] {
  return output.split("\0").filter((record) => record !== "").map((record) => {
    // `<mode> <object> <stage>\t<path>`
    const tab = record.indexOf("\t");
    return { mode: record.slice(0, record.indexOf(" ")), path: record.slice(tab + 1) };
  });
}
