import assert from "node:assert/strict";
import { candidateList, libraryCandidates } from "../../src/ffi/library_candidates.ts";

const SPEC = {
  override: "GPUTOP_ZE_LIB",
  unix: ["libze_loader.so.1", "libze_loader.so"],
  windowsSystem: ["ze_loader.dll"],
};

function env(values: Record<string, string>): (name: string) => string | undefined {
  return (name) => values[name];
}

Deno.test("libraryCandidates() puts the override first, then the unix sonames", () => {
  assert.deepEqual(libraryCandidates(SPEC, env({ GPUTOP_ZE_LIB: "/tmp/fake.so" }), "linux"), [
    "/tmp/fake.so",
    "libze_loader.so.1",
    "libze_loader.so",
  ]);
});

Deno.test("libraryCandidates() ignores an empty override", () => {
  assert.deepEqual(libraryCandidates(SPEC, env({ GPUTOP_ZE_LIB: "" }), "linux"), [
    "libze_loader.so.1",
    "libze_loader.so",
  ]);
});

Deno.test("libraryCandidates() on Windows: system directory paths only, then extras", () => {
  const spec = { ...SPEC, windowsExtra: () => ["D:\\x\\ze_loader.dll"] };
  assert.deepEqual(libraryCandidates(spec, env({ SystemRoot: "C:\\Win\\" }), "windows"), [
    "C:\\Win\\System32\\ze_loader.dll",
    "D:\\x\\ze_loader.dll",
  ]);
});

Deno.test("libraryCandidates() gives none on a system the library does not exist on", () => {
  const linuxOnly = { ...SPEC, systems: ["linux"] as const };
  assert.deepEqual(libraryCandidates(linuxOnly, env({ GPUTOP_ZE_LIB: "/x.so" }), "darwin"), []);
  assert.deepEqual(libraryCandidates(linuxOnly, env({}), "linux"), SPEC.unix);
});

Deno.test("candidateList() binds a spec: the list a backend exports", () => {
  const candidates = candidateList(SPEC);
  assert.deepEqual(candidates(env({}), "linux"), libraryCandidates(SPEC, env({}), "linux"));
});
