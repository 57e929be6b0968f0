import assert from "node:assert/strict";
import { lazyInitFromEnv } from "../../src/backends/context.ts";

Deno.test("lazyInitFromEnv(): 1, true and yes in any case; anything else is off", () => {
  const with_ = (value: string | undefined) =>
    lazyInitFromEnv((name) => name === "GPUTOP_LAZY_INIT" ? value : undefined);
  for (const on of ["1", "true", "TRUE", "Yes", " yes "]) assert.equal(with_(on), true, on);
  for (const off of [undefined, "", "0", "false", "no", "2", "y"]) {
    assert.equal(with_(off), false, String(off));
  }
});
