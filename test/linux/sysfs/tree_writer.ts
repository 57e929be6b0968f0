/**
 * Writes a fixture tree (files, kernel-style value files and relative symlinks) under one
 * root, for the fixture builders (`build_sys_fixtures.ts`, `build_platform_fixtures.ts`),
 * whose output is then packed into ttar archives.
 */
import { dirname, join } from "node:path";

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
