import assert from "node:assert/strict";
import {
  describeLoadFailures,
  loadFailureReason,
  openFirstLibrary,
  windowsSystemLibrary,
} from "../../src/ffi/open_library.ts";

const SYMBOLS = { nothing: { parameters: [], result: "void", optional: true } } as const;

/** A stand-in for Deno.dlopen that loads only `loadable`. */
function fakeDlopen(loadable: string, opened: string[]) {
  return <S extends Deno.ForeignLibraryInterface>(path: string, _symbols: S) => {
    opened.push(path);
    if (path !== loadable) {
      throw new Error(
        `Could not open library: Could not open library: ${path}: cannot open shared object file: No such file or directory`,
      );
    }
    return { symbols: {}, close() {} } as unknown as Deno.DynamicLibrary<S>;
  };
}

Deno.test("openFirstLibrary() returns the first candidate that loads and the ones before it", () => {
  const opened: string[] = [];
  const result = openFirstLibrary(["/custom/lib.so", "", "lib.so.1", "lib.so"], SYMBOLS, {
    dlopen: fakeDlopen("lib.so.1", opened),
  });
  assert.equal(result.ok, true);
  if (!result.ok) return;
  assert.equal(result.path, "lib.so.1");
  assert.deepEqual(result.failed, [{
    name: "/custom/lib.so",
    reason: "cannot open shared object file: No such file or directory",
  }]);
  assert.deepEqual(opened, ["/custom/lib.so", "lib.so.1"]);
});

Deno.test("openFirstLibrary() reports every name tried, each once, when none loads", () => {
  const opened: string[] = [];
  const result = openFirstLibrary(["a.so", "b.so", "a.so"], SYMBOLS, {
    dlopen: fakeDlopen("none", opened),
  });
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.deepEqual(result.tried, ["a.so", "b.so"]);
  assert.equal(
    describeLoadFailures(result.failed),
    "a.so, b.so: cannot open shared object file: No such file or directory",
  );
});

Deno.test("describeLoadFailures() groups names by reason, reasons in first-seen order", () => {
  assert.equal(
    describeLoadFailures([
      { name: "a.so", reason: "not found" },
      { name: "b.so", reason: "required symbol x not found" },
      { name: "c.so", reason: "not found" },
    ]),
    "a.so, c.so: not found; b.so: required symbol x not found",
  );
});

Deno.test("openFirstLibrary() with the real Deno.dlopen turns a missing file into data", () => {
  const result = openFirstLibrary(["/nonexistent/libgputop-test.so"], SYMBOLS);
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.equal(result.failed.length, 1);
  assert.match(result.failed[0]?.reason ?? "", /No such file or directory|cannot find|not found/i);
  assert.ok(!result.failed[0]?.reason.startsWith("Could not open library"));
});

Deno.test("loadFailureReason() keeps a message that does not repeat the name", () => {
  assert.equal(
    loadFailureReason("x.so", new Error("Failed to register symbol nvmlInit_v2: undefined symbol")),
    "Failed to register symbol nvmlInit_v2: undefined symbol",
  );
  assert.equal(loadFailureReason("x.so", "odd"), "odd");
});

Deno.test("windowsSystemLibrary() builds an absolute System32 path", () => {
  const env = (values: Record<string, string>) => (name: string) => values[name];
  assert.equal(
    windowsSystemLibrary(env({ SystemRoot: "C:\\WINDOWS\\" }), "nvml.dll"),
    "C:\\WINDOWS\\System32\\nvml.dll",
  );
  assert.equal(windowsSystemLibrary(env({}), "nvml.dll"), "C:\\Windows\\System32\\nvml.dll");
});

Deno.test("a missing required symbol is named in table order, not Deno's order", () => {
  const table = {
    present: { parameters: [], result: "void" },
    firstMissing: { parameters: [], result: "void" },
    optionalMissing: { parameters: [], result: "void", optional: true },
    laterMissing: { parameters: [], result: "void" },
  } as const;
  const exported = new Set(["present"]);
  let closed = 0;
  // Like Deno.dlopen: a missing required symbol throws (here naming the later one, as Deno's
  // unordered registration may); a missing optional one is null.
  const dlopen = <S extends Deno.ForeignLibraryInterface>(path: string, symbols: S) => {
    const values: Record<string, unknown> = {};
    for (const [name, definition] of Object.entries(symbols)) {
      const optional = "optional" in definition && definition.optional === true;
      if (!exported.has(name) && !optional) {
        throw new Error(
          `Failed to register symbol laterMissing: Could not obtain symbol from the library: ` +
            `${path}: undefined symbol: laterMissing`,
        );
      }
      values[name] = exported.has(name) ? () => {} : null;
    }
    return { symbols: values, close: () => closed++ } as unknown as Deno.DynamicLibrary<S>;
  };
  const result = openFirstLibrary(["other.so"], table, { dlopen });
  assert.equal(result.ok, false);
  assert.deepEqual(result.failed, [
    { name: "other.so", reason: "required symbol firstMissing not found" },
  ]);
  assert.equal(closed, 1, "the probe is closed");
});
