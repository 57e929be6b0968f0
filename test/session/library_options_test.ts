import assert from "node:assert/strict";
import { readSnapshot, selfUsage, watchSnapshots } from "../../src/mod.ts";
import type { BackendId } from "../../src/model/types.ts";

Deno.test("readSnapshot() rejects an unknown backend id, naming the option", async () => {
  await assert.rejects(
    () => readSnapshot({ backends: ["nope" as BackendId] }),
    (error: unknown) =>
      error instanceof RangeError && /^backends: unknown backend "nope" \(known: .*drm/.test(
        error.message,
      ),
  );
  await assert.rejects(
    () => readSnapshot({ backends: "drm" as unknown as BackendId[] }),
    (error: unknown) => error instanceof TypeError && error.message.startsWith("backends:"),
  );
});

Deno.test("readSnapshot() rejects a sysRoot or procRoot that is not a directory", async () => {
  await assert.rejects(
    () => readSnapshot({ backends: ["drm"], sysRoot: "/nonexistent-gputop" }),
    (error: unknown) =>
      error instanceof RangeError &&
      error.message === "sysRoot: '/nonexistent-gputop' is not a directory",
  );
  const file = Deno.makeTempFileSync({ prefix: "gputop-not-a-dir-" });
  try {
    await assert.rejects(
      () => readSnapshot({ backends: ["drm"], procRoot: file }),
      (error: unknown) => error instanceof RangeError && error.message.startsWith("procRoot: "),
    );
  } finally {
    Deno.removeSync(file);
  }
});

Deno.test("selfUsage() and watchSnapshots() check their options the same way", async () => {
  await assert.rejects(
    () => selfUsage({ backends: ["nope" as BackendId] }),
    (error: unknown) => error instanceof RangeError && error.message.startsWith("backends:"),
  );
  await assert.rejects(
    () => watchSnapshots({ intervalMs: 100, sysRoot: "/nonexistent-gputop" }).next(),
    (error: unknown) => error instanceof RangeError && error.message.startsWith("sysRoot:"),
  );
});

Deno.test("readSnapshot() rejects a root that is not a directory", async () => {
  await assert.rejects(
    () => readSnapshot({ backends: ["drm"], root: "/nonexistent-gputop" }),
    (error: unknown) =>
      error instanceof RangeError &&
      error.message === "root: '/nonexistent-gputop' is not a directory",
  );
});
