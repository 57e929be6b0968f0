/**
 * The fdinfo parser is re-entrant: every parse keeps its state in its own builder and number
 * reader, so parses that interleave, or one that runs in the middle of another, give exactly
 * what each gives alone. And no module of the parser holds state at module level.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { FdinfoBuilder } from "../../../src/linux/fdinfo/fdinfo_builder.ts";
import { FdinfoNumberReader } from "../../../src/linux/fdinfo/fdinfo_numbers.ts";
import { parseFdinfo } from "../../../src/linux/fdinfo/parse_fdinfo.ts";
import ts from "../../support/typescript.ts";
import { capture, CAPTURES_DIR } from "./captures.ts";

const FDINFO_SRC = fileURLToPath(new URL("../../../src/linux/fdinfo/", import.meta.url));

/** Every capture's text, plus a legacy amdgpu text and one that is no DRM client. */
const TEXTS: string[] = [
  ...[...Deno.readDirSync(CAPTURES_DIR)]
    .filter((entry) => entry.isDirectory)
    .flatMap((dir) =>
      [...Deno.readDirSync(CAPTURES_DIR + dir.name)].map((file) =>
        capture(`${dir.name}/${file.name}`)
      )
    ),
  "pdev:\t0000:03:00.0\npasid:\t7\nvram mem:\t1024 kB\ngfx0:\t12.5%\ndrm-memory-gtt: 3 KiB\n",
  "pos:\t0\nflags:\t02\nmnt_id:\t25\n",
];

/** The [start, end) of each line of `text`, as parseFdinfo cuts them. */
function lineRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (let start = 0; start < text.length;) {
    const newline = text.indexOf("\n", start);
    const end = newline < 0 ? text.length : newline;
    ranges.push([start, end]);
    start = end + 1;
  }
  return ranges;
}

Deno.test("the texts cover many captures, the legacy format and a non-client", () => {
  assert.ok(TEXTS.length >= 12, `only ${TEXTS.length} texts`);
  assert.notEqual(parseFdinfo(TEXTS.at(-2)!), null);
  assert.equal(parseFdinfo(TEXTS.at(-1)!), null);
});

Deno.test("two parses fed line by line in turn each give what they give alone", () => {
  for (const a of TEXTS) {
    for (const b of TEXTS) {
      const [linesA, linesB] = [lineRanges(a), lineRanges(b)];
      const [builderA, builderB] = [new FdinfoBuilder(), new FdinfoBuilder()];
      for (let i = 0; i < Math.max(linesA.length, linesB.length); i++) {
        if (i < linesA.length) builderA.addLine(a, ...linesA[i]!);
        if (i < linesB.length) builderB.addLine(b, ...linesB[i]!);
      }
      assert.deepEqual(builderA.finish(), parseFdinfo(a));
      assert.deepEqual(builderB.finish(), parseFdinfo(b));
    }
  }
});

Deno.test("a whole parse run between two lines of another disturbs neither", () => {
  const alone = TEXTS.map(parseFdinfo);
  TEXTS.forEach((outer, o) => {
    const builder = new FdinfoBuilder();
    lineRanges(outer).forEach(([start, end], i) => {
      builder.addLine(outer, start, end);
      const inner = i % TEXTS.length;
      assert.deepEqual(parseFdinfo(TEXTS[inner]!), alone[inner]);
    });
    assert.deepEqual(builder.finish(), alone[o]);
  });
});

Deno.test("two number readers keep their own scan", () => {
  const kib = new FdinfoNumberReader();
  const mhz = new FdinfoNumberReader();
  const unit = (text: string) => new TextEncoder().encode(text);
  assert.equal(kib.scanText("12 KiB"), true);
  assert.equal(mhz.scanText("1300 MHz trailing words"), true);
  assert.deepEqual([kib.number(), kib.unitIs(unit("KiB")), kib.size()], [12, true, 12 * 1024]);
  assert.deepEqual([mhz.number(), mhz.unitIs(unit("MHz"))], [1300, true]);
  assert.equal(mhz.scanText("not a number"), false);
  assert.equal(mhz.scanText("18446744073709551615 ns") && mhz.counter(true), 2 ** 64);
  assert.equal(kib.size(), 12 * 1024); // the other reader's scans left this one's alone
  assert.equal(kib.scanText("3 MiB") && kib.size(), 3 * 1024 * 1024);
  assert.equal(kib.scanText("18446744073709551616") && kib.counter(false), null);
});

Deno.test("no module of the fdinfo parser has a module-level let or var", () => {
  const found: string[] = [];
  for (const entry of Deno.readDirSync(FDINFO_SRC)) {
    if (!entry.name.endsWith(".ts")) continue;
    const text = Deno.readTextFileSync(FDINFO_SRC + entry.name);
    const source = ts.createSourceFile(entry.name, text, ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      if (statement.declarationList.flags & ts.NodeFlags.Const) continue;
      const line = source.getLineAndCharacterOfPosition(statement.getStart(source)).line + 1;
      found.push(`${entry.name}:${line}`);
    }
  }
  assert.deepEqual(found, []);
});
