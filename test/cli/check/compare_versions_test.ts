import assert from "node:assert/strict";
import { compareVersions, versionParts } from "../../../src/cli/check/compare_versions.ts";

Deno.test("compareVersions() compares dotted numbers part by part, not as text", () => {
  const cmp = (a: string, b: string) =>
    Math.sign(compareVersions(versionParts(a)!, versionParts(b)!));
  assert.equal(cmp("535.261.03", "535.104"), 1); // 261 > 104
  assert.equal(cmp("535.9", "535.10"), -1); // 9 < 10, though "9" > "1" as text
  assert.equal(cmp("535", "535.0.0"), 0);
  assert.equal(cmp("550.54.14-1", "550.54.14"), 1);
  assert.equal(versionParts("unknown"), null);
});
