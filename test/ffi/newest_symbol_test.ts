import assert from "node:assert/strict";
import { newestSymbol } from "../../src/ffi/newest_symbol.ts";

const v2 = (): number => 2;
const v1 = (): number => 1;

Deno.test("newestSymbol() picks the first exported name, newest first", () => {
  const table = { "f_v3": null, "f_v2": v2, f: v1 };
  const chosen = newestSymbol(table, ["f_v3", "f_v2", "f"]);
  assert.equal(chosen?.name, "f_v2");
  assert.equal(chosen?.call(), 2);
});

Deno.test("newestSymbol() falls back to the base name, and null when none is exported", () => {
  assert.equal(newestSymbol({ "f_v2": null, f: v1 }, ["f_v2", "f"])?.name, "f");
  assert.equal(newestSymbol({ "f_v2": null, f: null }, ["f_v2", "f"]), null);
});
