/**
 * The exporter over the fake NVML, in this process so the fake's counters can be read: 100
 * concurrent scrapes make no vendor call beyond the sampler's own, and SIGTERM shuts NVML
 * down exactly once.
 */
import assert from "node:assert/strict";
import { serve } from "../../src/serve/serve.ts";
import { createSession } from "../../src/session/read_snapshot.ts";
import {
  buildFakeNvml,
  openFakeNvmlHooks,
  setFakeNvmlScenario,
} from "../fakes/nvml/build_fake_nvml.ts";
import { fakeNvmlTest } from "../backends/nvml/_support.ts";
import { testContext } from "../support/backend_context.ts";
import { tick } from "../live/fake_source.ts";
import { FakeTerminalIo } from "../live/fake_io.ts";

fakeNvmlTest(
  "serve over the fake NVML: 100 scrapes, no extra NVML calls; SIGTERM shuts NVML down",
  async () => {
    const path = await buildFakeNvml();
    setFakeNvmlScenario("two-gpus");
    const hooks = openFakeNvmlHooks(path);
    const io = new FakeTerminalIo();
    try {
      const session = createSession({
        backends: ["nvml"],
        context: testContext({ env: { GPUTOP_NVML_LIB: path }, nowMs: () => performance.now() }),
      }, { intervalMs: 60_000 });
      const initsBefore = hooks.symbols.fakeNvmlInitCalls();
      const shutdownsBefore = hooks.symbols.fakeNvmlShutdownCalls();
      const done = serve(session, {
        listen: { hostname: "127.0.0.1", port: 0 },
        intervalMs: 60_000, // one reading in this test, then none until it ends
        processMetrics: true,
        maxProcessSeries: 200,
        version: "0.1.0",
      }, io);
      let port = 0;
      for (let i = 0; i < 300 && port === 0; i++) {
        port = Number(/127\.0\.0\.1:(\d+)\/metrics/.exec(io.errors)?.[1] ?? 0);
        if (port === 0) await tick(10);
      }
      assert.ok(port > 0, io.errors);
      const first = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      // fake_nvml.c DEVICES[0]: used_v2 4861198336; pid 4242 holds 2147483648 bytes
      assert.match(first, /^gputop_device_memory_used_bytes\{index="0",.*\} 4861198336$/m);
      assert.match(
        first,
        /^gputop_process_gpu_memory_bytes\{pid="4242",comm="",device="0"\} 2147483648$/m,
      );
      const listCalls = () =>
        [0, 1].flatMap((device) =>
          [0, 1].map((kind) => hooks.symbols.fakeNvmlListCalls(device, kind))
        )
          .reduce((a, b) => a + b, 0);
      const callsBefore = listCalls();
      assert.ok(callsBefore > 0, "the reading asked NVML for its process lists");
      const bodies = await Promise.all(
        Array.from(
          { length: 100 },
          () => fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text()),
        ),
      );
      assert.ok(
        bodies.every((body) => body === first),
        "every scrape renders the same reading",
      );
      assert.equal(listCalls(), callsBefore, "100 scrapes, no NVML call");
      assert.equal(hooks.symbols.fakeNvmlInitCalls() - initsBefore, 1);
      io.raise("SIGTERM");
      assert.equal(await done, 128 + 15);
      assert.equal(hooks.symbols.fakeNvmlShutdownCalls() - shutdownsBefore, 1, "nvmlShutdown once");
    } finally {
      hooks.close();
    }
  },
);
