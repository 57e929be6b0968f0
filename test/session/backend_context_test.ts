import assert from "node:assert/strict";
import {
  createBackendContext,
  lazyInitFromEnv,
  unknownLazyInitValue,
} from "../../src/session/backend_context.ts";

Deno.test("lazyInitFromEnv(): 1, true and yes in any case; anything else is off", () => {
  const with_ = (value: string | undefined) =>
    lazyInitFromEnv((name) => name === "GPUTOP_LAZY_INIT" ? value : undefined);
  for (const on of ["1", "true", "TRUE", "Yes", " yes "]) assert.equal(with_(on), true, on);
  for (const off of [undefined, "", "0", "false", "no", "2", "y"]) {
    assert.equal(with_(off), false, String(off));
  }
});

Deno.test("unknownLazyInitValue: accepted values are null, anything else is returned as given", () => {
  const envOf = (value: string | undefined) => (name: string) =>
    name === "GPUTOP_LAZY_INIT" ? value : undefined;
  for (const ok of [undefined, "", "0", "1", "TRUE", " yes ", "No", "false"]) {
    assert.equal(unknownLazyInitValue(envOf(ok)), null, String(ok));
  }
  assert.equal(unknownLazyInitValue(envOf("maybe")), "maybe");
  assert.equal(unknownLazyInitValue(envOf("2")), "2");
});

Deno.test("createBackendContext: proc and sys under root unless given apart", () => {
  const rooted = createBackendContext({ root: "/host" });
  assert.equal(rooted.procRoot, "/host/proc");
  assert.equal(rooted.sysRoot, "/host/sys");
  assert.equal(rooted.rootDir, "/host");
  const apart = createBackendContext({ root: "/host/", procRoot: "/p" });
  assert.equal(apart.procRoot, "/p");
  assert.equal(apart.sysRoot, "/host/sys");
});
