import assert from "node:assert/strict";
import { localeIsUtf8 } from "../../src/live/locale.ts";

const envOf = (vars: Record<string, string>) => (name: string) => vars[name];

Deno.test("localeIsUtf8: the first of LC_ALL, LC_CTYPE, LANG that is set decides", () => {
  assert.equal(localeIsUtf8(envOf({ LANG: "C" })), false);
  assert.equal(localeIsUtf8(envOf({ LC_ALL: "C", LANG: "en_US.UTF-8" })), false);
  assert.equal(localeIsUtf8(envOf({ LC_ALL: "", LC_CTYPE: "de_DE.utf8", LANG: "C" })), true);
  assert.equal(localeIsUtf8(envOf({ LANG: "en_US.UTF-8" })), true);
  assert.equal(localeIsUtf8(envOf({ LANG: "POSIX" })), false);
  assert.equal(localeIsUtf8(envOf({})), true);
});
