/** serve() with a fake session and fake signals: one reading feeds scrapes; SIGTERM closes. */
import assert from "node:assert/strict";
import { serve } from "../../src/serve/serve.ts";
import { makeDevice, makeSnapshot } from "../render/snapshot_builder.ts";
import { FakeSource, tick } from "../live/fake_source.ts";
import { FakeTerminalIo } from "../live/fake_io.ts";

const OPTIONS = {
  listen: { hostname: "127.0.0.1", port: 0 },
  intervalMs: 60_000,
  processMetrics: true,
  maxProcessSeries: 200,
  version: "0.1.0",
};

async function listeningPort(io: FakeTerminalIo): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const match = /serving http:\/\/127\.0\.0\.1:(\d+)\/metrics/.exec(io.errors);
    if (match) return Number(match[1]);
    await tick(10);
  }
  throw new Error(`serve did not start: ${io.errors}`);
}

// 128 + the signal's number, as a shell reports a process the signal ended.
const EXIT_BY_SIGNAL = { SIGTERM: 128 + 15, SIGINT: 128 + 2, SIGHUP: 128 + 1 } as const;

for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
  Deno.test(`serve: 100 concurrent scrapes over a socket, one reading; ${signal} closes the session`, async () => {
    const io = new FakeTerminalIo();
    const source = new FakeSource(() =>
      makeSnapshot({ devices: [makeDevice({ memoryUsedBytes: 7 })] })
    );
    const done = serve(source, OPTIONS, io);
    const port = await listeningPort(io);
    const bodies = await Promise.all(
      Array.from(
        { length: 100 },
        () => fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text()),
      ),
    );
    for (const body of bodies) assert.match(body, /gputop_device_memory_used_bytes\{.*\} 7$/m);
    assert.equal(source.samples, 1);
    io.raise(signal);
    assert.equal(await done, EXIT_BY_SIGNAL[signal]);
    assert.equal(source.closes, 1, "session closed on the way out");
    assert.equal(io.listenerCount(), 0);
  });
}
