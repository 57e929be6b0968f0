/**
 * The repository must check out on Windows and macOS. This walks what git holds (the index of
 * the worktree under test, so a new file counts once it is added) and fails on any name or
 * link that those systems cannot hold.
 */
import assert from "node:assert/strict";
import { REPO_ROOT } from "../support/run_cli.ts";
import { parseLsFilesStage, portabilityProblems } from "./portable_names.ts";

Deno.test("portabilityProblems finds each kind of unportable path and passes clean ones", () => {
  const problems = portabilityProblems([
    { mode: "100644", path: "src/main.ts" },
    { mode: "100644", path: "fixtures/linux/xe-discrete/sys.ttar" },
    { mode: "100644", path: "fixtures/sys/devices/pci0000:00/vendor" },
    { mode: "100644", path: "a/what?.txt" },
    { mode: "100644", path: 'a/"q".txt' },
    { mode: "100644", path: "a/x<y>|z*" },
    { mode: "100644", path: "a/trailing." },
    { mode: "100644", path: "a/space /file" },
    { mode: "100644", path: "README.md" },
    { mode: "100644", path: "readme.md" },
    { mode: "100644", path: "Docs/one.md" },
    { mode: "100644", path: "docs/two.md" },
    { mode: "120000", path: "fixtures/link" },
  ]);
  assert.deepEqual(problems, [
    "differ only by case: Docs, docs",
    "differ only by case: README.md, readme.md",
    'forbidden character: a/"q".txt',
    "forbidden character: a/what?.txt",
    "forbidden character: a/x<y>|z*",
    "forbidden character: fixtures/sys/devices/pci0000:00",
    "symlink: fixtures/link",
    "trailing dot or space: a/space ",
    "trailing dot or space: a/trailing.",
  ]);
});

Deno.test("parseLsFilesStage reads mode and path, tabs and spaces in names kept", () => {
  const output = "100644 0123abcd 0\tsrc/a b.ts\x00120000 4567ef01 0\tfix/link\0";
  assert.deepEqual(parseLsFilesStage(output), [
    { mode: "100644", path: "src/a b.ts" },
    { mode: "120000", path: "fix/link" },
  ]);
});

Deno.test('every path in git checks out on Windows and macOS (no : * ? " < > |, links, ...)', async () => {
  const result = await new Deno.Command("git", {
    args: ["ls-files", "--stage", "-z"],
    cwd: REPO_ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(result.stderr);
  assert.equal(result.code, 0, `git ls-files failed: ${stderr}`);
  const entries = parseLsFilesStage(new TextDecoder().decode(result.stdout));
  assert.ok(entries.length > 100, `expected the whole repository, got ${entries.length} paths`);
  assert.deepEqual(portabilityProblems(entries), []);
});
