/**
 * No file in `src/` over 300 lines and no function over 60 lines, unless the file is a data
 * table (its first lines say "data table"; at most six such files). The rule is also run on
 * planted sources, so a breach is seen to fail and every kind of function is seen to count.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  codeSizeViolations,
  functionSpans,
  isDataTable,
  lineCount,
  readSources,
} from "./support/code_size.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const SRC = fileURLToPath(new URL("../src/", import.meta.url));

/** `lines` filler statements, one a line. */
function statements(lines: number): string[] {
  return Array.from({ length: lines }, (_, i) => `  total += ${i};`);
}

/** A function whose body (braces included) spans `lines` lines. */
function functionOf(name: string, lines: number): string[] {
  return [`function ${name}(total: number) {`, ...statements(lines - 2), "}"];
}

Deno.test("src/: no file over 300 lines, no function over 60, at most six data tables", () => {
  const sources = readSources(SRC, ROOT);
  assert.ok(sources.length > 100, `only ${sources.length} files found: the reader is broken`);
  const violations = codeSizeViolations(sources);
  assert.deepEqual(
    violations,
    [],
    `${violations.length} breaches of the code-size rule:\n${violations.join("\n")}`,
  );
});

Deno.test("checker: a planted 61-line function and a 301-line file are reported", () => {
  const long = [...functionOf("tooLong", 61), ...functionOf("justFits", 60)];
  const padding = Array.from({ length: 301 - long.length }, () => "// filler");
  const planted = [...long, ...padding].join("\n") + "\n";
  const fits = Array.from({ length: 300 }, () => "// filler").join("\n") + "\n";
  assert.deepEqual(
    codeSizeViolations([
      { path: "src/planted.ts", text: planted },
      { path: "src/fits.ts", text: fits },
    ]),
    [
      "src/planted.ts: 301 lines (over 300)",
      "src/planted.ts:1 tooLong: 61 lines (over 60)",
    ],
  );
});

Deno.test("checker: methods, accessors, constructors, arrows and function expressions count", () => {
  const body = statements(59);
  const text = [
    "class Frame {",
    "  constructor() {",
    ...body,
    "  }",
    "  layout(): void {",
    ...body,
    "  }",
    "  get width(): number {",
    ...body,
    "  }",
    "  onKey = () => {",
    ...body,
    "  };",
    "}",
    "const sortRows = function () {",
    ...body,
    "};",
    "export const help = { render: () => {",
    ...body,
    "} };",
    "[1].map((n) => {",
    ...body,
    "});",
  ].join("\n");
  assert.deepEqual(
    functionSpans("src/kinds.ts", text).map((span) => `${span.name}:${span.lines}`),
    [
      "Frame.constructor:61",
      "Frame.layout:61",
      "get Frame.width:61",
      "Frame.onKey:61",
      "sortRows:61",
      "render:61",
      "(arrow function):61",
    ],
  );
});

Deno.test("checker: a data table is exempt, but only six of them", () => {
  const table = ["/**", " * Data table: every column the exporter knows.", " */"];
  const big = [...table, ...functionOf("rows", 400)].join("\n");
  assert.equal(isDataTable(big), true);
  assert.equal(isDataTable(["// a comment", "", "", "// data table"].join("\n")), false);
  const six = Array.from({ length: 6 }, (_, i) => ({ path: `src/t${i}.ts`, text: big }));
  assert.deepEqual(codeSizeViolations(six), []);
  assert.deepEqual(codeSizeViolations([...six, { path: "src/t6.ts", text: big }]), [
    "7 data tables (at most 6): src/t0.ts, src/t1.ts, src/t2.ts, src/t3.ts, src/t4.ts, " +
    "src/t5.ts, src/t6.ts",
  ]);
});

Deno.test("checker: lines are counted as an editor shows them", () => {
  assert.equal(lineCount(""), 0);
  assert.equal(lineCount("a"), 1);
  assert.equal(lineCount("a\n"), 1);
  assert.equal(lineCount("a\nb"), 2);
  assert.equal(lineCount("a\n\n"), 2);
});

Deno.test("checker: braces in strings and comments do not stretch a function", () => {
  const text = [
    "function short() {",
    '  const open = "{";',
    "  // }",
    "  return open;",
    "}",
  ].join("\n");
  assert.deepEqual(functionSpans("src/braces.ts", text), [{ name: "short", line: 1, lines: 5 }]);
});
