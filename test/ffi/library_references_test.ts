import assert from "node:assert/strict";
import { LibraryReferences } from "../../src/ffi/library_references.ts";
import { LibraryLifetime } from "../../src/ffi/library_lifetime.ts";

function countingSession(initOk: () => boolean) {
  const calls = { init: 0, shutdown: 0 };
  const session = new LibraryLifetime({
    init: () => {
      calls.init++;
      return initOk() ? { ok: true } : { ok: false, code: 7, message: "init refused" };
    },
    shutdown: () => calls.shutdown++,
  });
  return { session, calls };
}

Deno.test("LibraryReferences persistent: open()'s reference lasts, reads nest inside it", async () => {
  const { session, calls } = countingSession(() => true);
  const reads = new LibraryReferences();
  assert.equal((await session.acquire(0)).ok, true);
  reads.keepOpenReference(false);
  const fail = () => new Error("unexpected");
  assert.equal(await reads.read(session, fail, (epoch) => epoch), 1);
  assert.equal(await reads.read(session, fail, (epoch) => epoch), 1);
  assert.deepEqual(calls, { init: 1, shutdown: 0 });
  assert.equal(session.depth, 1);
});

Deno.test("LibraryReferences lazy: the first read ends open()'s reference; each read inits", async () => {
  const { session, calls } = countingSession(() => true);
  const reads = new LibraryReferences();
  await session.acquire(0);
  reads.keepOpenReference(true);
  const fail = () => new Error("unexpected");
  // Read 1 shares open()'s session (epoch 1), read 2 starts its own (epoch 2).
  assert.equal(await reads.read(session, fail, (epoch) => epoch), 1);
  assert.deepEqual(calls, { init: 1, shutdown: 1 });
  assert.equal(await reads.read(session, fail, (epoch) => epoch), 2);
  assert.deepEqual(calls, { init: 2, shutdown: 2 });
  assert.equal(session.depth, 0);
});

Deno.test("LibraryReferences: a failed init throws the backend's error and holds nothing", async () => {
  let ok = false;
  const { session, calls } = countingSession(() => ok);
  const reads = new LibraryReferences();
  await assert.rejects(
    reads.read(session, (failed) => new Error(`init: ${failed.code} ${failed.message}`), () => 0),
    { message: "init: 7 init refused" },
  );
  assert.equal(session.depth, 0);
  ok = true; // the next sample retries
  assert.equal(await reads.read(session, () => new Error("unexpected"), (epoch) => epoch), 1);
  assert.deepEqual(calls, { init: 2, shutdown: 1 });
});
