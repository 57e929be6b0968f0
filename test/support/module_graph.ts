/**
 * An entry point's module graph as `deno info --json` reports it: which modules load at start
 * (static runtime imports, no types, no `import()`), and which are imported with `import()`.
 */
import assert from "node:assert/strict";

interface GraphModule {
  specifier: string;
  dependencies?: { code?: { specifier: string }; isDynamic?: boolean }[];
}

interface Graph {
  roots: string[];
  modules: GraphModule[];
}

const ROOT = new URL("../../", import.meta.url);

async function graphOf(entry: string): Promise<Graph> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", entry],
    cwd: ROOT,
  }).output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  return JSON.parse(new TextDecoder().decode(stdout)) as Graph;
}

/** A specifier relative to the repository (`src/cli/run.ts`); `node:`/`npm:` ones as they are. */
export function shortName(specifier: string): string {
  return specifier.startsWith(ROOT.href) ? specifier.slice(ROOT.href.length) : specifier;
}

/** Modules loaded at start by `entry`: static runtime imports only (no types, no import()). */
export async function startupModules(entry: string): Promise<string[]> {
  const graph = await graphOf(entry);
  const bySpecifier = new Map(graph.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const queue = [...graph.roots];
  while (queue.length > 0) {
    const specifier = queue.pop() ?? "";
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    for (const dependency of bySpecifier.get(specifier)?.dependencies ?? []) {
      if (dependency.code && !dependency.isDynamic) queue.push(dependency.code.specifier);
    }
  }
  return [...seen];
}

/** Every module that `entry`'s whole graph imports with a literal `import()`, sorted. */
export async function dynamicImports(entry: string): Promise<string[]> {
  const graph = await graphOf(entry);
  const targets = new Set<string>();
  for (const module of graph.modules) {
    for (const dependency of module.dependencies ?? []) {
      if (dependency.code && dependency.isDynamic) targets.add(dependency.code.specifier);
    }
  }
  return [...targets].map(shortName).sort();
}
