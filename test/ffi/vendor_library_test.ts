import assert from "node:assert/strict";
import { openLibraryAs } from "../../src/ffi/open_library.ts";
import { VendorCallError } from "../../src/ffi/vendor_call_error.ts";
import { VendorLibrary } from "../../src/ffi/vendor_library.ts";

/** libc.so.6 stands in for a vendor library: Linux only. */
const linuxTest = (name: string, fn: () => void | Promise<void>) =>
  Deno.test({ name, ignore: Deno.build.os !== "linux", fn });

const LIBC = { getpid: { parameters: [], result: "i32" } } as const;

/** A backend's wrapper in miniature, over libc. */
class TinyLibrary extends VendorLibrary<typeof LIBC, VendorCallError> {
  constructor(library: Deno.DynamicLibrary<typeof LIBC>, path: string) {
    super(library, path, {
      success: 0,
      notExported: 99,
      create: (code, symbol, message) => new VendorCallError(code, symbol, message),
    });
  }

  override message(code: number): string {
    return `tiny code ${code}`;
  }

  /** getpid as if it were a status: any pid is a "failure" with that code. */
  pidAsStatus(): void {
    this.calls.check("getpid", this.symbols.getpid());
  }

  pidLater(): Promise<number> {
    const symbol = { name: "getpid", parameters: [], result: "i32" } as const;
    return this.nonblockingInit(symbol, () => -1).call();
  }
}

linuxTest("VendorLibrary: checked calls use the backend's error and message", () => {
  const opened = openLibraryAs(["/nonexistent/libc.so", "libc.so.6"], LIBC, (library, path) => {
    return new TinyLibrary(library, path);
  });
  assert.ok(opened.ok);
  const tiny = opened.library;
  assert.equal(tiny.path, "libc.so.6");
  assert.equal(opened.failed.length, 1);
  assert.throws(() => tiny.pidAsStatus(), (error: unknown) => {
    assert.ok(error instanceof VendorCallError);
    assert.deepEqual([error.code, error.symbol], [Deno.pid, "getpid"]);
    assert.equal(error.message, `tiny code ${Deno.pid}`);
    return true;
  });
  tiny.close();
});

linuxTest(
  "VendorLibrary: the nonblocking init is closed with the library, and close is safe twice",
  async () => {
    const opened = openLibraryAs(["libc.so.6"], LIBC, (library, path) => {
      return new TinyLibrary(library, path);
    });
    assert.ok(opened.ok);
    assert.equal(await opened.library.pidLater(), Deno.pid);
    opened.library.close();
    opened.library.close();
  },
);

Deno.test("openLibraryAs: nothing loaded is every name tried and why", () => {
  const opened = openLibraryAs(["/nonexistent/a.so"], LIBC, () => "never");
  assert.equal(opened.ok, false);
  if (opened.ok) return;
  assert.deepEqual(opened.tried, ["/nonexistent/a.so"]);
  assert.equal(opened.failed[0]?.name, "/nonexistent/a.so");
});
