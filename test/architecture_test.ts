/**
 * The layer table of ARCHITECTURE.md holds for every import in `src/`: no import the table
 * forbids, no import cycle between modules, every module in a layer of the table, and the
 * table itself without a loop. The checker is also run on planted graphs, so a broken rule is
 * seen to fail.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  forbiddenImports,
  importCycles,
  importsOf,
  layerOf,
  layerTableCycles,
  parseLayerTable,
  readImportGraph,
} from "./support/import_graph.ts";

const ARCHITECTURE = fileURLToPath(new URL("../ARCHITECTURE.md", import.meta.url));
const SRC = fileURLToPath(new URL("../src/", import.meta.url));
const rules = parseLayerTable(Deno.readTextFileSync(ARCHITECTURE));
const edges = readImportGraph(SRC);

Deno.test("ARCHITECTURE.md: the table names every top-level part of src/, and only those", () => {
  const parts = [...Deno.readDirSync(SRC)]
    .map((entry) => entry.isDirectory ? `${entry.name}/` : entry.name)
    .sort();
  assert.deepEqual(rules.map((rule) => rule.layer).sort(), parts);
});

Deno.test("ARCHITECTURE.md: the layer table has no loop", () => {
  assert.deepEqual(layerTableCycles(rules), []);
});

Deno.test("src/: every import is one the layer table allows", () => {
  assert.ok(edges.length > 300, `only ${edges.length} imports found: the reader is broken`);
  assert.deepEqual(forbiddenImports(edges, rules), []);
});

Deno.test("src/: no import cycle between modules", () => {
  assert.deepEqual(importCycles(edges), []);
});

Deno.test("checker: a planted upward import and a planted cycle are reported", () => {
  const planted = [
    ...importsOf("model/planted.ts", 'import { run } from "../cli/run.ts";'),
    ...importsOf("platform/a.ts", 'export { b } from "./b.ts";'),
    ...importsOf("platform/b.ts", 'const a = await import("./a.ts");'),
    ...importsOf("render/planted.ts", 'import "npm:left-pad@1";'),
  ];
  assert.deepEqual(forbiddenImports(planted, rules), [
    "src/model/planted.ts:1 imports cli/run.ts: model/ may import deps/",
    "src/render/planted.ts:1 imports npm:left-pad@1: only deps/ may",
  ]);
  assert.deepEqual(importCycles(planted), ["platform/a.ts → platform/b.ts → platform/a.ts"]);
});

Deno.test("checker: imports inside comments are not imports; type imports are", () => {
  const found = importsOf(
    "cli/x.ts",
    [
      '// import { a } from "../live/a.ts";',
      '/* import { b } from "../serve/b.ts"; */',
      'import type { C } from "../model/c.ts";',
      "const d = await import('./d.ts');",
    ].join("\n"),
  );
  assert.deepEqual(found.map((edge) => [edge.to, edge.line]), [["model/c.ts", 3], ["cli/d.ts", 4]]);
});

Deno.test("checker: a layer is the first folder, or the file itself at the top", () => {
  assert.deepEqual(layerOf("backends/nvml/backend.ts"), "backends/");
  assert.deepEqual(layerOf("main.ts"), "main.ts");
});

/**
 * Folders of test/ that hold tooling of the tests themselves, or tests of a top-level folder
 * other than src/ (scripts/, deploy/), not tests of a src/ folder.
 */
const TEST_TOOLING = new Set(["support", "fakes", "docs", "repo", "scripts", "deploy"]);

Deno.test("test/ mirrors src/: every test folder is the folder of the src/ part it tests", () => {
  const TEST = fileURLToPath(new URL("./", import.meta.url));
  const orphans: string[] = [];
  const walk = (relativeDir: string) => {
    for (const entry of Deno.readDirSync(`${TEST}${relativeDir}`)) {
      if (!entry.isDirectory) continue;
      const path = relativeDir === "" ? entry.name : `${relativeDir}/${entry.name}`;
      if (relativeDir === "" && TEST_TOOLING.has(entry.name)) continue;
      try {
        if (!Deno.statSync(`${SRC}${path}`).isDirectory) orphans.push(path);
      } catch {
        orphans.push(path);
      }
      walk(path);
    }
  };
  walk("");
  assert.deepEqual(orphans, []);
});
