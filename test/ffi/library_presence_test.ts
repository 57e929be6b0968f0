/**
 * mayLoad: "no" only when certain. The loader cache text is built here the way glibc lays it out
 * (NUL-terminated soname keys and paths in one string table), not taken from this machine.
 */
import assert from "node:assert/strict";
import { mayLoad, type PresenceProbe } from "../../src/ffi/library_presence.ts";
import { openFirstLibrary } from "../../src/ffi/open_library.ts";

function probe(files: string[], cache: string | null, env: Record<string, string> = {}) {
  const looked: string[] = [];
  const fake: PresenceProbe = {
    exists: (path) => {
      looked.push(path);
      return files.includes(path);
    },
    loaderCache: () => cache,
    loaderSearchPath: () => env.LD_LIBRARY_PATH,
  };
  return { fake, looked };
}

const CACHE = "ld.so-1.7.0\0glibc-ld.so.cache1.1\0libze_loader.so.1\0/lib/x86_64-linux-gnu/" +
  "libze_loader.so.1\0libc.so.6\0/lib/x86_64-linux-gnu/libc.so.6\0";

Deno.test("mayLoad: a soname in the loader cache may load; one nowhere does not", () => {
  assert.equal(mayLoad("libze_loader.so.1", probe([], CACHE).fake), true);
  const { fake, looked } = probe([], CACHE);
  assert.equal(mayLoad("libamd_smi.so.26", fake), false);
  assert.ok(looked.includes("/usr/lib/libamd_smi.so.26"), "default directories are looked in");
  // A prefix of a cached name is not that name.
  assert.equal(mayLoad("libze_loader.so", probe([], CACHE).fake), false);
});

Deno.test("mayLoad: LD_LIBRARY_PATH and the default directories count; a path is checked as is", () => {
  const env = { LD_LIBRARY_PATH: "/opt/x/lib:/opt/y" };
  assert.equal(
    mayLoad("libnvidia-ml.so.1", probe(["/opt/y/libnvidia-ml.so.1"], CACHE, env).fake),
    true,
  );
  assert.equal(
    mayLoad("libnvidia-ml.so.1", probe(["/usr/lib64/libnvidia-ml.so.1"], CACHE).fake),
    true,
  );
  assert.equal(mayLoad("/opt/rocm/lib/libamd_smi.so", probe([], CACHE).fake), false);
  assert.equal(
    mayLoad("/opt/rocm/lib/libamd_smi.so", probe(["/opt/rocm/lib/libamd_smi.so"], CACHE).fake),
    true,
  );
});

Deno.test("mayLoad: without a loader cache (musl, other loaders) every soname may load", () => {
  assert.equal(mayLoad("libamd_smi.so.26", probe([], null).fake), true);
});

Deno.test("openFirstLibrary: a candidate known absent is not dlopened, and reads as dlopen's failure", () => {
  const opened: string[] = [];
  const result = openFirstLibrary(["absent.so", "there.so"], {}, {
    dlopen: <S extends Deno.ForeignLibraryInterface>(path: string) => {
      opened.push(path);
      return { symbols: {}, close() {} } as unknown as Deno.DynamicLibrary<S>;
    },
    mayLoad: (name) => name !== "absent.so",
  });
  assert.equal(result.ok, true);
  assert.deepEqual(opened, ["there.so"]);
  assert.deepEqual(result.failed, [{
    name: "absent.so",
    reason: "cannot open shared object file: No such file or directory",
  }]);
});
