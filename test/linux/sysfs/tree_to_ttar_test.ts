import assert from "node:assert/strict";
import { join } from "node:path";
import { parseTtar, type TtarEntry } from "./ttar_to_tree.ts";
import { formatTtar, treeEntries, writeEntries } from "./tree_to_ttar.ts";
import { withTempDir } from "../../support/temp_dir.ts";

const ENTRIES: TtarEntry[] = [
  { kind: "dir", path: "devices", mode: null },
  { kind: "dir", path: "devices/pci0000:00", mode: null },
  { kind: "file", path: "devices/pci0000:00/cmdline", content: "a\0b\0", mode: null },
  { kind: "file", path: "devices/pci0000:00/empty", content: "", mode: null },
  { kind: "file", path: "devices/pci0000:00/newline", content: "\n", mode: null },
  { kind: "file", path: "devices/pci0000:00/no_newline", content: "x\ny", mode: null },
  { kind: "file", path: "devices/pci0000:00/vendor", content: "0x1002\n", mode: null },
  { kind: "symlink", path: "link", target: "devices/pci0000:00" },
];

Deno.test("formatTtar: the text parseTtar reads back, byte for byte", () => {
  const text = formatTtar(ENTRIES, ["a header"]);
  assert.ok(text.startsWith("# a header\nDirectory: devices\n# ttar - - -\n"));
  // Neither "x\ny" nor the cmdline ends in a newline: the last line is marked EOF.
  assert.ok(text.includes("Path: devices/pci0000:00/no_newline\nLines: 2\nx\nyEOF\n"));
  assert.ok(text.includes("Path: devices/pci0000:00/cmdline\nLines: 1\naNULLBYTEbNULLBYTEEOF\n"));
  assert.deepEqual(parseTtar(text), ENTRIES);
});

Deno.test("formatTtar refuses content it could not give back", () => {
  const file = (content: string): TtarEntry => ({ kind: "file", path: "f", content, mode: null });
  assert.throws(() => formatTtar([file("endsEOF\n")]), /EOF/);
  assert.throws(() => formatTtar([file("NULLBYTE")]), /round-trip/);
});

Deno.test("writeEntries then treeEntries: the same tree, links kept as links", () =>
  withTempDir((dir) => {
    writeEntries(ENTRIES, join(dir, "t"));
    assert.equal(Deno.lstatSync(join(dir, "t/link")).isSymlink, true);
    assert.equal(Deno.readTextFileSync(join(dir, "t/link/vendor")), "0x1002\n");
    assert.deepEqual(treeEntries(join(dir, "t")), ENTRIES);
  }));

Deno.test("writeEntries refuses a path that leaves the tree", () =>
  withTempDir((dir) => {
    assert.throws(
      () => writeEntries([{ kind: "file", path: "../x", content: "", mode: null }], dir),
      /leaves the tree/,
    );
  }));
