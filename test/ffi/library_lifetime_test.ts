import assert from "node:assert/strict";
import { type LibraryInitResult, LibraryLifetime } from "../../src/ffi/library_lifetime.ts";

/** A library whose init answers from a script, counting calls. */
function fakeLibrary(answers: LibraryInitResult[] = []) {
  const calls = { init: 0, shutdown: 0 };
  const session = new LibraryLifetime({
    init: () => {
      calls.init++;
      return answers.shift() ?? { ok: true };
    },
    shutdown: () => {
      calls.shutdown++;
    },
  });
  return { session, calls };
}

const NOT_LOADED: LibraryInitResult = { ok: false, code: 9, message: "Driver Not Loaded" };

Deno.test("LibraryLifetime inits on 0 → 1 only and shuts down on 1 → 0 only", async () => {
  const { session, calls } = fakeLibrary();
  assert.deepEqual(await session.acquire(), { ok: true });
  assert.deepEqual(await session.acquire(), { ok: true }); // nested
  assert.equal(session.depth, 2);
  session.release();
  assert.deepEqual(calls, { init: 1, shutdown: 0 });
  session.release();
  assert.deepEqual(calls, { init: 1, shutdown: 1 });
  session.release(); // an extra release is ignored, never a second shutdown
  assert.deepEqual(calls, { init: 1, shutdown: 1 });
  assert.equal(session.depth, 0);
});

Deno.test("LibraryLifetime starts a new epoch with every successful init", async () => {
  const { session } = fakeLibrary();
  assert.equal(session.epoch, 0);
  await session.acquire();
  await session.acquire();
  assert.equal(session.epoch, 1); // nested: same session, same handles
  session.release();
  session.release();
  await session.acquire();
  assert.equal(session.epoch, 2); // re-init: handles of epoch 1 are stale
  session.release();
});

Deno.test("LibraryLifetime: a failed init leaves the count at 0 and is tried once per sample", async () => {
  const { session, calls } = fakeLibrary([NOT_LOADED, NOT_LOADED]);
  assert.deepEqual(await session.acquire(7), NOT_LOADED);
  assert.equal(session.depth, 0);
  // Same sample: the failure is returned, init is not called again.
  assert.deepEqual(await session.acquire(7), NOT_LOADED);
  assert.equal(calls.init, 1);
  // Next sample: one more try (fails), then the one after succeeds.
  assert.deepEqual(await session.acquire(8), NOT_LOADED);
  assert.deepEqual(await session.acquire(9), { ok: true });
  assert.deepEqual(calls, { init: 3, shutdown: 0 });
  assert.equal(session.epoch, 1);
  session.release();
  assert.equal(calls.shutdown, 1);
});

Deno.test("LibraryLifetime: concurrent acquires share one pending init", async () => {
  let finish: (result: LibraryInitResult) => void = () => {};
  let inits = 0;
  const session = new LibraryLifetime({
    init: () => {
      inits++;
      return new Promise((resolve) => finish = resolve);
    },
    shutdown: () => {},
  });
  const first = session.acquire();
  const second = session.acquire();
  assert.equal(session.initPending, true);
  finish({ ok: true });
  assert.deepEqual(await Promise.all([first, second]), [{ ok: true }, { ok: true }]);
  assert.equal(inits, 1);
  assert.equal(session.depth, 2);
});

Deno.test("LibraryLifetime.close() shuts down exactly once, whatever the depth", async () => {
  const { session, calls } = fakeLibrary();
  await session.acquire();
  await session.acquire();
  await session.close();
  await session.close();
  session.release();
  assert.deepEqual(calls, { init: 1, shutdown: 1 });
  assert.equal((await session.acquire()).ok, false); // closed for good
  assert.equal(calls.init, 1);
});

Deno.test("LibraryLifetime.close() during a pending init shuts down once the init returns", async () => {
  let finish: (result: LibraryInitResult) => void = () => {};
  let shutdowns = 0;
  const session = new LibraryLifetime({
    init: () => new Promise((resolve) => finish = resolve),
    shutdown: () => shutdowns++,
  });
  const acquiring = session.acquire();
  const closing = session.close();
  assert.equal(shutdowns, 0); // never shut down a library that is not initialised yet
  finish({ ok: true });
  await closing;
  assert.equal(shutdowns, 1);
  assert.equal((await acquiring).ok, false);
  assert.equal(session.depth, 0);
});

Deno.test("LibraryLifetime: an init that throws is a failure, not an exception", async () => {
  const session = new LibraryLifetime({
    init: () => {
      throw new Error("dlsym failed");
    },
    shutdown: () => {},
  });
  assert.deepEqual(await session.acquire(1), { ok: false, code: null, message: "dlsym failed" });
  assert.equal(session.depth, 0);
});
