/**
 * The code-size rule of `test/code_size_test.ts`: no source file over 300 lines and no function
 * whose body spans over 60 lines, unless the file is a data table (its first lines say "data
 * table"; at most six such files). Functions are found in the TypeScript syntax tree, so every
 * kind counts (declarations, methods, arrows, function expressions, accessors, constructors)
 * and braces inside strings or comments cannot confuse the count. Kept apart from the test so
 * the rule can be run on planted sources as well as on `src/`.
 */
import { join, relative } from "node:path";
import ts from "./typescript.ts";

export interface SizeLimits {
  maxFileLines: number;
  maxFunctionLines: number;
  maxDataTables: number;
}

export const LIMITS: SizeLimits = { maxFileLines: 300, maxFunctionLines: 60, maxDataTables: 6 };

/** One source file, its path as it should be reported (`src/live/top.ts`). */
export interface SourceText {
  path: string;
  text: string;
}

/** One function: a readable name, the line it starts on (1-based), its body's line span. */
export interface FunctionSpan {
  name: string;
  line: number;
  lines: number;
}

/** How many lines the marker may be within: the file's opening comment. */
const DATA_TABLE_HEAD_LINES = 3;

/** Lines as an editor shows them (a final newline does not start another line). */
export function lineCount(text: string): number {
  if (text === "") return 0;
  const newlines = text.split("\n").length - 1;
  return text.endsWith("\n") ? newlines : newlines + 1;
}

/** A file whose first lines say "data table" (a table of facts, exempt from the sizes). */
export function isDataTable(text: string): boolean {
  const head = text.split("\n", DATA_TABLE_HEAD_LINES).join("\n");
  return /\bdata table\b/i.test(head);
}

/** Every function-like node with a body, in source order, with its body's span in lines. */
export function functionSpans(path: string, text: string): FunctionSpan[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const spans: FunctionSpan[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node)) {
      const body = (node as { body?: ts.Node }).body;
      if (body !== undefined) {
        spans.push({
          name: functionName(node),
          line: lineOf(node.getStart(source)),
          lines: lineOf(body.end) - lineOf(body.getStart(source)) + 1,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return spans;
}

function nameText(name: ts.Node | undefined): string | null {
  if (name === undefined) return null;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return name.getText();
}

/** The class a member belongs to, as `Name.` (empty outside a class or for an anonymous one). */
function ownerPrefix(node: ts.Node): string {
  const parent = node.parent;
  if (parent !== undefined && ts.isClassLike(parent)) {
    const owner = nameText(parent.name);
    return owner === null ? "" : `${owner}.`;
  }
  return "";
}

/** What a reader would call the function: its own name, or the name it is assigned to. */
export function functionName(node: ts.SignatureDeclaration): string {
  if (ts.isConstructorDeclaration(node)) return `${ownerPrefix(node)}constructor`;
  const own = nameText(node.name);
  if (ts.isGetAccessorDeclaration(node)) return `get ${ownerPrefix(node)}${own}`;
  if (ts.isSetAccessorDeclaration(node)) return `set ${ownerPrefix(node)}${own}`;
  if (own !== null) return `${ownerPrefix(node)}${own}`;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return nameText(parent.name) ?? "(anonymous)";
  }
  if (ts.isPropertyDeclaration(parent)) return `${ownerPrefix(parent)}${nameText(parent.name)}`;
  const kind = ts.isArrowFunction(node) ? "arrow function" : "function expression";
  let outer: ts.Node | undefined = parent;
  while (outer !== undefined && !ts.isFunctionLike(outer)) outer = outer.parent;
  return outer === undefined ? `(${kind})` : `(${kind} in ${functionName(outer)})`;
}

/**
 * Every breach of the rule, one line each: `path: N lines …` for a file,
 * `path:line name: N lines …` for a function, and one line for too many data tables.
 */
export function codeSizeViolations(
  sources: readonly SourceText[],
  limits: SizeLimits = LIMITS,
): string[] {
  const problems: string[] = [];
  const dataTables: string[] = [];
  for (const { path, text } of sources) {
    if (isDataTable(text)) {
      dataTables.push(path);
      continue;
    }
    const lines = lineCount(text);
    if (lines > limits.maxFileLines) {
      problems.push(`${path}: ${lines} lines (over ${limits.maxFileLines})`);
    }
    for (const span of functionSpans(path, text)) {
      if (span.lines <= limits.maxFunctionLines) continue;
      problems.push(
        `${path}:${span.line} ${span.name}: ${span.lines} lines (over ${limits.maxFunctionLines})`,
      );
    }
  }
  if (dataTables.length > limits.maxDataTables) {
    problems.push(
      `${dataTables.length} data tables (at most ${limits.maxDataTables}): ${
        dataTables.join(", ")
      }`,
    );
  }
  return problems;
}

/** Every `.ts` file under `dir`, sorted, each path reported relative to `base`. */
export function readSources(dir: string, base: string): SourceText[] {
  const sources: SourceText[] = [];
  const walk = (folder: string) => {
    for (const entry of Deno.readDirSync(folder)) {
      const path = join(folder, entry.name);
      if (entry.isDirectory) walk(path);
      else if (entry.name.endsWith(".ts")) {
        sources.push({
          path: relative(base, path).replaceAll("\\", "/"),
          text: Deno.readTextFileSync(path),
        });
      }
    }
  };
  walk(dir);
  return sources.sort((a, b) => a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}
