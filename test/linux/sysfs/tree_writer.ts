/**
 * Writes a fixture tree (files, kernel-style value files and relative symlinks) under one
 * root, for the fixture builders (`build_sys_fixtures.ts`, `build_platform_fixtures.ts`),
 * and packs it into the ttar archive that is committed.
 */
import { dirname, join } from "node:path";
import { formatTtar, treeEntries } from "./tree_to_ttar.ts";

export class TreeWriter {
  constructor(readonly root: string) {}

  /** Modes are not kept: git records only the executable bit, and nothing reads them. */
  file(path: string, content: string): void {
    const full = join(this.root, path);
    Deno.mkdirSync(dirname(full), { recursive: true });
    Deno.writeTextFileSync(full, content);
  }

  /** A sysfs value file: the value plus the newline the kernel prints. */
  value(path: string, value: string | number): void {
    this.file(path, `${value}\n`);
  }

  /** A value file `<dir>/<name>` for each entry of `values`. */
  values(dir: string, values: Record<string, string | number>): void {
    for (const [name, value] of Object.entries(values)) this.value(`${dir}/${name}`, value);
  }

  link(path: string, target: string): void {
    const full = join(this.root, path);
    Deno.mkdirSync(dirname(full), { recursive: true });
    Deno.symlinkSync(target, full);
  }

  /** A symlink at `from` pointing at `to`, both relative to the root, written relatively. */
  linkTo(from: string, to: string): void {
    const depth = from.split("/").length - 1;
    this.link(from, `${"../".repeat(depth)}${to}`);
  }
}

/**
 * Builds a tree with `build` in a scratch directory (removed afterwards) and writes it to
 * `file` as a ttar archive whose header comment is `header`.
 */
export function writeTreeArchive(
  file: string,
  header: readonly string[],
  build: (tree: TreeWriter) => void,
): void {
  const scratch = Deno.makeTempDirSync({ prefix: "gputop-build-" });
  try {
    const tree = new TreeWriter(join(scratch, "tree"));
    build(tree);
    Deno.mkdirSync(dirname(file), { recursive: true });
    Deno.writeTextFileSync(file, formatTtar(treeEntries(tree.root), header));
  } finally {
    Deno.removeSync(scratch, { recursive: true });
  }
}
