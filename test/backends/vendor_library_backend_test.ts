/**
 * The vendor-library skeleton with a vendor written in a few lines of TypeScript: no C, no
 * dlopen. The fake library logs every init, shutdown and unload; its devices are handles named
 * after the init that listed them, so a handle kept from an earlier epoch shows.
 */
import assert from "node:assert/strict";
import type { BackendOpenResult } from "../../src/backends/backend.ts";
import {
  type LoadedLibrary,
  type LoadResult,
  VendorLibraryBackend,
  type VendorLibraryParts,
} from "../../src/backends/vendor_library_backend.ts";
import type { LibraryInitResult } from "../../src/ffi/library_lifetime.ts";
import type { InitFailure } from "../../src/ffi/library_references.ts";
import { testContext } from "../support/backend_context.ts";

class FakeCallError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

/** What the fake vendor does; everything succeeds unless told otherwise. */
interface Script {
  /** Answers of init, one per call; an empty list answers ok. */
  inits?: LibraryInitResult[];
  /** The status load() gives instead of a library. */
  loadFails?: BackendOpenResult;
  /** Where a bug (an exception that is no library failure) is thrown. */
  bugIn?: "beforeInit" | "openedStatus";
  /** openedStatus refuses the library (an unknown generation, say). */
  refuse?: boolean;
  skipped?: string;
  /** Device keys as each listing gives them, in the library's own order. */
  keys?: string[][];
  /** What listing the devices could not do. */
  listProblems?: string[];
}

class FakeLibrary implements LoadedLibrary {
  readonly path = "libfake.so.1";
  readonly skipped: string | null;
  readonly log: string[] = [];
  readonly #script: Script;
  #inits = 0;

  constructor(script: Script) {
    this.#script = script;
    this.skipped = script.skipped ?? null;
  }

  get inits(): number {
    return this.#inits;
  }

  beforeInit(): void {
    if (this.#script.bugIn === "beforeInit") throw new TypeError("broken before init");
  }

  async init(): Promise<LibraryInitResult> {
    await Promise.resolve();
    this.#inits++;
    this.log.push("init");
    return this.#script.inits?.shift() ?? { ok: true };
  }

  shutdown(): void {
    this.log.push("shutdown");
  }

  unload(): void {
    this.log.push("unload");
  }
}

class FakeParts implements VendorLibraryParts<FakeLibrary, string> {
  readonly label = "Fake";
  readonly library: FakeLibrary;
  /** The handles every read was given. */
  readonly seen: string[][] = [];
  listings = 0;
  readonly #script: Script;

  constructor(script: Script) {
    this.#script = script;
    this.library = new FakeLibrary(script);
  }

  load(): LoadResult<FakeLibrary> {
    const failed = this.#script.loadFails;
    return failed ? { ok: false, status: failed } : { ok: true, library: this.library };
  }

  initFailedStatus(library: FakeLibrary, failure: InitFailure): BackendOpenResult {
    const status = failure.code === 9 ? "unavailable" : "error";
    const detail = `Fake initialisation failed: ${failure.message}`;
    return { status, detail, library: library.path, version: null };
  }

  openedStatus(library: FakeLibrary): BackendOpenResult {
    if (this.#script.bugIn === "openedStatus") throw new TypeError("broken after init");
    if (this.#script.refuse) {
      return { status: "unavailable", detail: "unknown", library: library.path, version: null };
    }
    return { status: "ok", detail: null, library: library.path, version: "Fake 1.0" };
  }

  initCallError(code: number, message: string): Error {
    return new FakeCallError(code, message);
  }

  listDevices(library: FakeLibrary) {
    this.listings++;
    const keys = this.#script.keys?.[this.listings - 1] ?? ["a", "b"];
    const devices = keys.map((key) => ({ key, handle: `${key}@init${library.inits}` }));
    return { devices, problems: this.#script.listProblems ?? [] };
  }

  read(_library: FakeLibrary, devices: () => readonly string[]) {
    const handles = [...devices()];
    this.seen.push(handles);
    return {
      devices: handles.map((localId) => ({ localId, vendor: "other" as const })),
      processes: [],
      problems: handles.includes("bad@init1") ? ["GPU bad: no processes"] : [],
    };
  }
}

function fakeBackend(script: Script = {}, lazyInit = false) {
  const parts = new FakeParts(script);
  const backend = new VendorLibraryBackend("nvml", testContext({ lazyInit }), parts);
  return { backend, parts, log: parts.library.log };
}

Deno.test("vendor library: a bug in open is an error status naming the library, and it is unloaded", async () => {
  for (const bugIn of ["beforeInit", "openedStatus"] as const) {
    const { backend, log } = fakeBackend({ bugIn });
    const opened = await backend.open();
    assert.equal(opened.status, "error");
    assert.equal(opened.library, "libfake.so.1");
    assert.match(opened.detail ?? "", /^Fake: broken (before|after) init$/);
    await backend.settled();
    const expected = bugIn === "beforeInit" ? ["unload"] : ["init", "shutdown", "unload"];
    assert.deepEqual(log, expected);
  }
});

Deno.test("vendor library: a load failure is the vendor's status, and nothing is held", async () => {
  const status: BackendOpenResult = {
    status: "unavailable",
    detail: "no Fake library could be loaded: libfake.so.1: not found",
    library: "libfake.so.1",
    version: null,
  };
  const { backend, log } = fakeBackend({ loadFails: status });
  assert.deepEqual(await backend.open(), status);
  await assert.rejects(backend.read(), /^Error: Fake is not open$/);
  backend.close();
  await backend.settled();
  assert.deepEqual(log, []);
});

Deno.test("vendor library: an init failure at open is unavailable or error, in the vendor's words", async () => {
  const cases = [
    { answer: { ok: false, code: 9, message: "Driver Not Loaded" }, status: "unavailable" },
    { answer: { ok: false, code: 999, message: "Unknown Error" }, status: "error" },
  ] as const;
  for (const { answer, status } of cases) {
    const { backend, log } = fakeBackend({ inits: [answer], skipped: "not loaded: libfake.so.2" });
    assert.deepEqual(await backend.open(), {
      status,
      detail: `Fake initialisation failed: ${answer.message} (not loaded: libfake.so.2)`,
      library: "libfake.so.1",
      version: null,
    });
    await backend.settled();
    assert.deepEqual(log, ["init", "unload"]); // never initialised: no shutdown
  }
});

Deno.test("vendor library: ok, with the candidates passed over as a note", async () => {
  const { backend } = fakeBackend({ skipped: "not loaded: libfake.so.2" });
  assert.deepEqual(await backend.open(), {
    status: "ok",
    detail: "not loaded: libfake.so.2",
    library: "libfake.so.1",
    version: "Fake 1.0",
  });
  backend.close();
});

Deno.test("vendor library: a refused library is closed after its init", async () => {
  const { backend, log } = fakeBackend({ refuse: true });
  assert.equal((await backend.open()).status, "unavailable");
  await backend.settled();
  assert.deepEqual(log, ["init", "shutdown", "unload"]);
});

Deno.test("vendor library: persistent holds one init from open to close, devices listed once", async () => {
  const { backend, parts, log } = fakeBackend();
  assert.equal((await backend.open()).status, "ok");
  for (let i = 0; i < 3; i++) await backend.read();
  assert.deepEqual(log, ["init"]);
  assert.equal(parts.listings, 1);
  assert.deepEqual(parts.seen, [["a@init1", "b@init1"], ["a@init1", "b@init1"], [
    "a@init1",
    "b@init1",
  ]]);
  backend.close();
  await backend.settled();
  assert.deepEqual(log, ["init", "shutdown", "unload"]);
});

Deno.test("vendor library: lazy inits per sample (the first shared with open) and lists again each epoch", async () => {
  const { backend, parts, log } = fakeBackend(
    { keys: [["a", "b"], ["b", "a"], ["c", "b", "a"]] },
    true,
  );
  assert.equal((await backend.open()).status, "ok");
  assert.deepEqual(log, ["init"]);
  for (let i = 0; i < 3; i++) await backend.read();
  assert.deepEqual(log, ["init", "shutdown", "init", "shutdown", "init", "shutdown"]);
  assert.equal(parts.listings, 3);
  // New handles every epoch, each device in the place it was first seen; new ones last.
  assert.deepEqual(parts.seen, [
    ["a@init1", "b@init1"],
    ["a@init2", "b@init2"],
    ["a@init3", "b@init3", "c@init3"],
  ]);
  backend.close();
  await backend.settled();
  assert.deepEqual(log.slice(6), ["unload"]);
});

Deno.test("vendor library: a failed init at a read throws the vendor's error and holds nothing", async () => {
  const { backend, log } = fakeBackend({
    inits: [{ ok: true }, { ok: false, code: 7, message: "GPU is lost" }, {
      ok: false,
      code: null,
      message: "no driver",
    }],
  }, true);
  assert.equal((await backend.open()).status, "ok");
  await backend.read();
  await assert.rejects(backend.read(), (error: unknown) => {
    assert.ok(error instanceof FakeCallError);
    assert.equal(error.code, 7);
    assert.equal(error.message, "Fake initialisation failed: GPU is lost");
    return true;
  });
  await assert.rejects(backend.read(), (error: unknown) => {
    assert.ok(!(error instanceof FakeCallError));
    assert.equal((error as Error).message, "Fake initialisation failed: no driver");
    return true;
  });
  assert.deepEqual(log, ["init", "shutdown", "init", "init"]);
  backend.close();
});

Deno.test("vendor library: listing problems come first in every reading's detail", async () => {
  const { backend } = fakeBackend({ keys: [["bad", "a"]], listProblems: ["socket 1: busy"] });
  await backend.open();
  const first = await backend.read();
  assert.equal(first.detail, "socket 1: busy; GPU bad: no processes");
  assert.deepEqual(first.devices.map((device) => device.localId), ["bad@init1", "a@init1"]);
  backend.close();
});

Deno.test("vendor library: close twice is safe; settled waits for an init still running", async () => {
  let finish: (result: LibraryInitResult) => void = () => {};
  const { backend, parts, log } = fakeBackend();
  parts.library.init = () => {
    log.push("init");
    return new Promise((resolve) => finish = resolve);
  };
  const opening = backend.open();
  await Promise.resolve();
  backend.close();
  backend.close();
  let settled = false;
  const waiting = backend.settled().then(() => settled = true);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(settled, false); // the init has not returned: nothing may be unloaded yet
  assert.deepEqual(log, ["init"]);
  finish({ ok: true });
  await waiting;
  assert.deepEqual(log, ["init", "shutdown", "unload"]);
  const opened = await opening;
  assert.equal(opened.status, "error");
  assert.equal(opened.detail, "Fake initialisation failed: library session is closed");
  await backend.settled();
  await assert.rejects(backend.read(), /Fake is not open/);
});
