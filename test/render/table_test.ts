import assert from "node:assert/strict";
import { displayWidth } from "../../src/render/display_width.ts";
import { type Column, MIN_LAST_COLUMN_WIDTH, renderTable } from "../../src/render/table.ts";

const lines = (text: string) => text.split("\n").slice(0, -1);

/** Display column at which `cell` starts in `line`. */
function columnOf(line: string, cell: string): number {
  const at = line.indexOf(cell);
  assert.ok(at >= 0, `${JSON.stringify(cell)} not in ${JSON.stringify(line)}`);
  return displayWidth(line.slice(0, at));
}

const NAME_FIRST: readonly Column[] = [
  { title: "NAME", align: "left" },
  { title: "MEM", align: "right" },
];

const ROWS = [
  ["plain", "1.0 GiB"],
  ["日本語のプロセス", "512 MiB"],
  ["🚀rocket😀", "12 B"],
  ["e\u0301tude", "-"],
];

Deno.test("renderTable: every line has the same display width with CJK and emoji cells", () => {
  const out = renderTable(NAME_FIRST, ROWS, { header: true });
  const rendered = lines(out);
  assert.equal(rendered.length, ROWS.length + 1);
  const widths = rendered.map(displayWidth);
  assert.deepEqual(new Set(widths).size, 1, `widths ${widths.join(",")}:\n${out}`);
  // name column: widest name is 16 columns, then a 2-space gap, then MEM right-aligned to 7
  assert.equal(widths[0], 16 + 2 + 7);
});

Deno.test("renderTable: a left-aligned last column starts at the same column, no trailing spaces", () => {
  const columns: readonly Column[] = [
    { title: "PID", align: "right" },
    { title: "NAME", align: "left" },
    { title: "COMMAND", align: "left" },
  ];
  const rows = [
    ["1", "日本語", "a b c"],
    ["22222", "😀", "x"],
    ["3", "plain-name", ""],
  ];
  const rendered = lines(renderTable(columns, rows, { header: true }));
  assert.equal(columnOf(rendered[0] ?? "", "COMMAND"), columnOf(rendered[1] ?? "", "a b c"));
  assert.equal(columnOf(rendered[0] ?? "", "COMMAND"), columnOf(rendered[2] ?? "", "x"));
  assert.equal(columnOf(rendered[0] ?? "", "NAME"), columnOf(rendered[2] ?? "", "😀"));
  for (const line of rendered) assert.ok(!line.endsWith(" "), JSON.stringify(line));
  assert.equal(rendered[3], "    3  plain-name");
});

Deno.test("renderTable: header false drops the title row", () => {
  const out = renderTable(NAME_FIRST, ROWS, { header: false });
  assert.equal(lines(out).length, ROWS.length);
  assert.ok(!out.includes("NAME"));
});

Deno.test("renderTable: empty without rows and header, title row alone with header", () => {
  assert.equal(renderTable(NAME_FIRST, [], { header: false }), "");
  assert.equal(renderTable(NAME_FIRST, [], { header: true }), "NAME  MEM\n");
});

Deno.test("renderTable: cells are escaped before they are measured", () => {
  const out = renderTable(NAME_FIRST, [["\x1b[31mred", "1"], ["ok", "2"]], { header: false });
  assert.ok(!out.includes("\x1b"));
  assert.equal(out, "\\e[31mred  1\nok         2\n");
});

Deno.test("renderTable: maxWidth truncates with an ellipsis", () => {
  const columns: readonly Column[] = [{ title: "N", align: "left", maxWidth: 5 }, {
    title: "V",
    align: "right",
  }];
  assert.equal(renderTable(columns, [["abcdefgh", "1"]], { header: false }), "abcd…  1\n");
});

Deno.test("renderTable: color bolds the header only; without color no ESC at all", () => {
  const colored = renderTable(NAME_FIRST, ROWS, { header: true, color: true });
  assert.ok(lines(colored)[0]?.startsWith("\x1b[1m"));
  assert.ok(!lines(colored).slice(1).some((line) => line.includes("\x1b")));
  assert.ok(!renderTable(NAME_FIRST, ROWS, { header: true, color: false }).includes("\x1b"));
});

Deno.test("renderTable: a ZWJ family emoji is one 2-column cell, so MEM stays aligned", () => {
  const family = "\u{1f468}\u200d\u{1f469}\u200d\u{1f467}";
  const out = renderTable(NAME_FIRST, [["ab", "1 B"], [`${family}xy`, "2 B"]], { header: false });
  // widest name: family (2) + "xy" (2) = 4 columns; "ab" is padded with 2 spaces to match
  assert.equal(out, `ab    1 B\n${family}xy  2 B\n`);
});

Deno.test("renderTable: maxLineWidth cuts a left-aligned last column so every line fits", () => {
  const columns = [
    { title: "PID", align: "right" },
    { title: "COMMAND", align: "left" },
  ] as const;
  const rows = [["1", "a".repeat(200)], ["22", "short"], ["333", "训练".repeat(50)]];
  const text = renderTable(columns, rows, { header: true, maxLineWidth: 40 });
  const printed = lines(text);
  for (const line of printed) assert.ok(displayWidth(line) <= 40, line);
  assert.equal(printed[1], `  1  ${"a".repeat(34)}…`);
  assert.equal(printed[2], " 22  short");
  // A wide character is never cut in half: the line may end one column short.
  assert.ok(printed[3]?.endsWith("…"));
  // Without it, the same rows print whole.
  assert.ok(renderTable(columns, rows, { header: true }).includes("a".repeat(200)));
});

Deno.test("renderTable: maxLineWidth leaves the last column at least MIN_LAST_COLUMN_WIDTH", () => {
  const columns = [
    { title: "NAME", align: "left" },
    { title: "COMMAND", align: "left" },
  ] as const;
  const text = renderTable(columns, [["n".repeat(50), "c".repeat(50)]], {
    header: false,
    maxLineWidth: 40,
  });
  assert.equal(text, `${"n".repeat(50)}  ${"c".repeat(MIN_LAST_COLUMN_WIDTH - 1)}…\n`);
  // A right-aligned last column is never cut (its lines all share one width).
  const right = renderTable([{ title: "N", align: "right" }], [["9".repeat(50)]], {
    header: false,
    maxLineWidth: 10,
  });
  assert.equal(right, `${"9".repeat(50)}\n`);
});
