import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  contextInWorker,
  LIBRARY_ENVIRONMENT,
  workerContext,
} from "../../src/backends/library_worker_messages.ts";
import { testContext } from "../support/backend_context.ts";

const SRC = fileURLToPath(new URL("../../src/", import.meta.url));
/** What the vendor library backends run in the worker: their folders, the skeleton, ffi. */
const WORKER_SOURCES = ["backends/nvml", "backends/level-zero", "backends/amdsmi", "ffi"];

/** Every environment variable those sources name: lookups, overrides, named constants. */
function namedVariables(): Set<string> {
  const names = new Set<string>();
  const patterns = [/\benv\("(\w+)"\)/g, /override: "(\w+)"/g, /_ENV = "(\w+)"/g];
  const files = WORKER_SOURCES.flatMap((dir) =>
    [...Deno.readDirSync(`${SRC}${dir}`)]
      .filter((entry) => entry.isFile && entry.name.endsWith(".ts"))
      .map((entry) => `${SRC}${dir}/${entry.name}`)
  );
  files.push(`${SRC}backends/vendor_library_backend.ts`);
  for (const file of files) {
    const text = Deno.readTextFileSync(file);
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) names.add(match[1]!);
    }
  }
  return names;
}

Deno.test("LIBRARY_ENVIRONMENT is every variable the worker's backends look up", () => {
  assert.deepEqual([...namedVariables()].sort(), [...LIBRARY_ENVIRONMENT].sort());
});

Deno.test("the worker's context: plain fields and the environment as the main thread saw it", () => {
  const posted = workerContext(testContext({
    procRoot: "/p",
    sysRoot: "/s",
    lazyInit: true,
    rescanIntervalMs: 2000,
    sampleIntervalMs: 500,
    env: { GPUTOP_NVML_LIB: "/opt/fake.so", HOME: "/root" },
  }));
  assert.deepEqual(posted, {
    procRoot: "/p",
    sysRoot: "/s",
    os: "linux",
    lazyInit: true,
    rescanIntervalMs: 2000,
    sampleIntervalMs: 500,
    env: { GPUTOP_NVML_LIB: "/opt/fake.so" }, // only the library variables cross over
  });
  // What is posted survives a structured clone (postMessage), functions excepted.
  const ctx = contextInWorker(structuredClone(posted));
  assert.equal(ctx.env("GPUTOP_NVML_LIB"), "/opt/fake.so");
  assert.equal(ctx.env("GPUTOP_ZE_LIB"), undefined);
  assert.throws(() => ctx.env("HOME"), /HOME is not passed to the library worker/);
  assert.equal(typeof ctx.nowMs(), "number");
  assert.equal(ctx.sampleIntervalMs, 500);
});
