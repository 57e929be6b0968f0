import assert from "node:assert/strict";
import { NonblockingInit } from "../../src/ffi/nonblocking_init.ts";

/** libc.so.6 stands in for a vendor library: Linux only. */
const linuxTest = (name: string, fn: () => void | Promise<void>) =>
  Deno.test({ name, ignore: Deno.build.os !== "linux", fn });

// Any exported function will do as the "init": getpid takes nothing and answers an int.
const GETPID = { name: "getpid", parameters: [], result: "i32" } as const;

linuxTest(
  "NonblockingInit runs the call on a worker thread and answers through a Promise",
  async () => {
    const init = new NonblockingInit("libc.so.6", GETPID, () => -1);
    const answer = init.call();
    assert.ok(answer instanceof Promise);
    assert.equal(await answer, Deno.pid);
    assert.equal(await init.call(), Deno.pid); // the second open is kept
    init.close();
    init.close();
  },
);

Deno.test("NonblockingInit falls back to the synchronous init when the second open fails", async () => {
  const calls: unknown[][] = [];
  const init = new NonblockingInit("/nonexistent/libfake.so", GETPID, (...args) => {
    calls.push(args);
    return 7;
  });
  assert.equal(await init.call(2n), 7);
  assert.equal(await init.call(2n), 7); // tried again each time, never cached as open
  assert.deepEqual(calls, [[2n], [2n]]);
  init.close();
});
