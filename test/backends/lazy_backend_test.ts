/**
 * A lazy registry entry imports its backend module when a session opens the backend, and
 * only then; preloaded, it opens at once with the backend's own promise.
 */
import assert from "node:assert/strict";
import type { Backend, BackendDescriptor } from "../../src/backends/backend.ts";
import { lazyDescriptor } from "../../src/backends/lazy_backend.ts";
import { testContext } from "../support/backend_context.ts";

function fakeModule(log: string[]): BackendDescriptor {
  return {
    id: "drm",
    summary: "fake",
    defaultOn: () => true,
    create: (): Backend => {
      log.push("create");
      return {
        id: "drm",
        open: () => {
          log.push("open");
          return Promise.resolve({ status: "ok", detail: null, library: null, version: "1" });
        },
        read: () => Promise.resolve({ timestampMs: 1, devices: [], processes: [] }),
        close: () => log.push("close"),
      };
    },
  };
}

const INFO = { id: "drm", summary: "fake", defaultOn: () => true } as const;

Deno.test("lazyDescriptor: nothing loads until open; then create, open, read, close", async () => {
  const log: string[] = [];
  const descriptor = lazyDescriptor(INFO, () => {
    log.push("load");
    return Promise.resolve(fakeModule(log));
  });
  const backend = descriptor.create(testContext());
  assert.deepEqual(log, []);
  assert.equal(backend.id, "drm");
  assert.equal((await backend.open()).status, "ok");
  assert.deepEqual((await backend.read()).devices, []);
  backend.close();
  assert.deepEqual(log, ["load", "create", "open", "close"]);
});

Deno.test("lazyDescriptor: closed while loading, it opens nothing", async () => {
  const log: string[] = [];
  let finish: (d: BackendDescriptor) => void = () => {};
  const descriptor = lazyDescriptor(INFO, () => {
    log.push("load");
    return new Promise((resolve) => finish = resolve);
  });
  const backend = descriptor.create(testContext());
  const opening = backend.open();
  backend.close();
  finish(fakeModule(log));
  const result = await opening;
  assert.equal(result.status, "error");
  assert.deepEqual(log, ["load"]);
  await backend.settled?.();
});

Deno.test("lazyDescriptor: a failed load rejects open (preload never rejects) and is retried", async () => {
  let loads = 0;
  const descriptor = lazyDescriptor(INFO, () => {
    loads++;
    return Promise.reject(new Error("no module"));
  });
  await descriptor.preload?.();
  await assert.rejects(descriptor.create(testContext()).open(), /no module/);
  assert.equal(loads, 2);
});

Deno.test("lazyDescriptor: loads once; once loaded, open() is the backend's own settled promise", async () => {
  let loads = 0;
  const log: string[] = [];
  const descriptor = lazyDescriptor(INFO, () => {
    loads++;
    return Promise.resolve(fakeModule(log));
  });
  await descriptor.preload?.();
  await descriptor.preload?.();
  await descriptor.create(testContext()).open();
  assert.equal(loads, 1);
  // No module load in between: the open is settled within two microtask turns (no deadline
  // timer needed, see settleWithin).
  const opening = descriptor.create(testContext()).open();
  let settled = false;
  opening.then(() => settled = true);
  await Promise.resolve();
  await Promise.resolve();
  assert.equal(settled, true);
});

const NOTHING = {
  status: "unavailable",
  detail: "nothing here",
  library: null,
  version: "6.8",
} as const;

Deno.test("lazyDescriptor: where openWithoutModule answers, preload and open load nothing", async () => {
  const log: string[] = [];
  let looks = 0;
  const descriptor = lazyDescriptor(
    INFO,
    () => {
      log.push("load");
      return Promise.resolve(fakeModule(log));
    },
    () => {
      looks++;
      return NOTHING;
    },
  );
  const ctx = testContext();
  await descriptor.preload?.(ctx);
  const backend = descriptor.create(ctx);
  // Settled at once (no deadline timer), and preload's look is reused, not repeated.
  let settled = false;
  const opening = backend.open().then((result) => (settled = true, result));
  await Promise.resolve();
  await Promise.resolve();
  assert.equal(settled, true);
  assert.deepEqual(await opening, NOTHING);
  assert.equal(looks, 1);
  backend.close();
  // Opened without a preload it looks for itself.
  assert.deepEqual(await descriptor.create(ctx).open(), NOTHING);
  assert.equal(looks, 2);
  assert.deepEqual(log, []);
});

Deno.test("lazyDescriptor: where openWithoutModule gives null, the module loads and opens", async () => {
  const log: string[] = [];
  const descriptor = lazyDescriptor(INFO, () => {
    log.push("load");
    return Promise.resolve(fakeModule(log));
  }, () => null);
  const ctx = testContext();
  await descriptor.preload?.(ctx);
  assert.deepEqual(log, ["load"]);
  assert.equal((await descriptor.create(ctx).open()).status, "ok");
  assert.deepEqual(log, ["load", "create", "open"]);
});
