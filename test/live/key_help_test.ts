/** The key line at the bottom of the `top` screen. */
import assert from "node:assert/strict";
import { HELP_LINES, keyLine } from "../../src/live/key_help.ts";
import { displayWidth } from "../../src/render/display_width.ts";

Deno.test("keyLine: the keys, then what is shown, exactly as wide as the screen", () => {
  const line = keyLine("processes 1-3 of 3", 100, false);
  assert.equal(displayWidth(line), 100);
  assert.match(
    line,
    /^ q quit {2}s sort {2}f filter {2}Enter details {2}K kill {2}h help {3}processes/,
  );
});

Deno.test("keyLine: cut at a narrow screen, never wider", () => {
  for (const width of [1, 10, 30]) assert.equal(displayWidth(keyLine("", width, false)), width);
});

Deno.test("keyLine: colour marks the keys, not the words", () => {
  assert.ok(keyLine("", 80, true).startsWith("\x1b[1m q\x1b[0m quit "));
});

Deno.test("HELP_LINES: every key of the view is listed, each line fits 80 columns", () => {
  const help = HELP_LINES.join("\n");
  for (const key of ["q, Ctrl-C", "s ", "f ", "g ", "r ", "/ ", "p ", "↑ ↓  j k", "PgUp PgDn"]) {
    assert.ok(help.includes(`  ${key}`), key);
  }
  for (const key of ["Home End", "Enter", "K ", "space ← → + -", "h, ?", "Esc"]) {
    assert.ok(help.includes(`  ${key}`), key);
  }
  for (const line of HELP_LINES) assert.ok(displayWidth(line) < 80, line);
});
