/**
 * The import graph of `src/` and the layer rules of ARCHITECTURE.md, for
 * `test/architecture_test.ts`. Kept apart from the test so that the rules can be checked on a
 * planted graph (a forbidden arrow, a cycle) as well as on the real code.
 */
import { dirname, join, normalize, relative } from "node:path";

/** One layer row of ARCHITECTURE.md: its name (`cli/`, `main.ts`) and what it may import. */
export interface LayerRule {
  layer: string;
  mayImport: readonly string[];
}

/** One import: the importing module, the specifier as written, and the module it resolves to. */
export interface ImportEdge {
  from: string;
  specifier: string;
  /** Path relative to `src/`, or null for a specifier outside it (`npm:`, `node:`). */
  to: string | null;
  line: number;
}

/**
 * The layer table: every row of the first Markdown table under "## The layers", each first
 * cell a backticked layer name and the last cell a comma list (names without backticks; a
 * directory layer is written with its slash in the first cell and without it in the list).
 */
export function parseLayerTable(markdown: string): LayerRule[] {
  const section = markdown.split(/^## The layers$/m)[1]?.split(/^## /m)[0] ?? "";
  const rules: LayerRule[] = [];
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    const name = /^`([^`]+)`$/.exec(cells[1] ?? "")?.[1];
    if (name === undefined) continue;
    const list = cells[cells.length - 2] ?? "";
    rules.push({
      layer: name,
      mayImport: list.split(",").map((item) => item.trim()).filter((item) => item !== ""),
    });
  }
  return rules;
}

/** The layer of a module (`cli/commands/top.ts` → `cli/`, `main.ts` → `main.ts`). */
export function layerOf(modulePath: string): string {
  const slash = modulePath.indexOf("/");
  return slash === -1 ? modulePath : modulePath.slice(0, slash + 1);
}

/** `cli` or `cli/` or `main.ts`: the name as the table's first cells spell it. */
function asLayerName(listed: string, known: ReadonlySet<string>): string {
  return known.has(listed) ? listed : `${listed}/`;
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;

/** Every import of one module's text (static, re-export, side-effect and literal dynamic). */
export function importsOf(modulePath: string, text: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  const withoutComments = text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " "))
    .replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
  for (const match of withoutComments.matchAll(SPECIFIER)) {
    const specifier = match[1]!;
    const line = withoutComments.slice(0, match.index).split("\n").length;
    const to = specifier.startsWith(".")
      ? normalize(join(dirname(modulePath), specifier)).replaceAll("\\", "/")
      : null;
    edges.push({ from: modulePath, specifier, to, line });
  }
  return edges;
}

/** Every `.ts` module under `srcDir`, as paths relative to it, with its imports. */
export function readImportGraph(srcDir: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  const walk = (dir: string) => {
    for (const entry of Deno.readDirSync(dir)) {
      const path = join(dir, entry.name);
      if (entry.isDirectory) walk(path);
      else if (entry.name.endsWith(".ts")) {
        const modulePath = relative(srcDir, path).replaceAll("\\", "/");
        edges.push(...importsOf(modulePath, Deno.readTextFileSync(path)));
      }
    }
  };
  walk(srcDir);
  return edges;
}

/**
 * Imports the table forbids, one line each (`file:line imports X (layer a/ may import: …)`).
 * An import outside `src/` (an `npm:` or `node:` specifier) is allowed only in `deps/`.
 */
export function forbiddenImports(edges: readonly ImportEdge[], rules: readonly LayerRule[]) {
  const known = new Set(rules.map((rule) => rule.layer));
  const allowed = new Map(
    rules.map((rule) => [
      rule.layer,
      new Set([rule.layer, ...rule.mayImport.map((name) => asLayerName(name, known))]),
    ]),
  );
  const problems: string[] = [];
  for (const edge of edges) {
    const from = layerOf(edge.from);
    const where = `src/${edge.from}:${edge.line}`;
    const mayImport = allowed.get(from);
    if (mayImport === undefined) {
      problems.push(`${where}: module is in no layer of ARCHITECTURE.md (${from})`);
      continue;
    }
    if (edge.to === null) {
      if (from !== "deps/") problems.push(`${where} imports ${edge.specifier}: only deps/ may`);
      continue;
    }
    const to = layerOf(edge.to);
    if (!mayImport.has(to)) {
      const list = [...mayImport].filter((name) => name !== from).join(", ") || "nothing";
      problems.push(`${where} imports ${edge.to}: ${from} may import ${list}`);
    }
  }
  return problems;
}

/** Each import cycle between modules, as `a.ts → b.ts → a.ts` (one line per cycle found). */
export function importCycles(edges: readonly ImportEdge[]): string[] {
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.to === null) continue;
    next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  }
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const cycles: string[] = [];
  const visit = (module: string) => {
    state.set(module, "open");
    stack.push(module);
    for (const target of next.get(module) ?? []) {
      const seen = state.get(target);
      if (seen === "open") {
        cycles.push([...stack.slice(stack.indexOf(target)), target].join(" → "));
      } else if (seen === undefined) visit(target);
    }
    stack.pop();
    state.set(module, "done");
  };
  for (const module of [...next.keys()].sort()) {
    if (!state.has(module)) visit(module);
  }
  return cycles;
}

/** Layers of the table that may import each other round a loop (the table itself is wrong). */
export function layerTableCycles(rules: readonly LayerRule[]): string[] {
  const known = new Set(rules.map((rule) => rule.layer));
  return importCycles(
    rules.flatMap((rule) =>
      rule.mayImport.map((name) => ({
        from: rule.layer,
        specifier: name,
        to: asLayerName(name, known),
        line: 0,
      }))
    ),
  );
}
