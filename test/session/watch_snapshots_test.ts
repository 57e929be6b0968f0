import assert from "node:assert/strict";
import { join } from "node:path";
import type { BackendDescriptor } from "../../src/backends/backend.ts";
import { drmBackend } from "../../src/backends/drm/backend.ts";
import type { Snapshot } from "../../src/model/types.ts";
import { watchSnapshots } from "../../src/session/watch_snapshots.ts";
import { testContext } from "../support/backend_context.ts";
import { countedBackend } from "../support/counted_backend.ts";
import { procRootOf, sysRootOf } from "../linux/sysfs/fixture_tree.ts";

/** A registry of the counted backend alone. */
function counted() {
  const { descriptor, calls } = countedBackend();
  return { registry: [descriptor], calls };
}

async function collect(iterable: AsyncIterable<Snapshot>): Promise<Snapshot[]> {
  const out: Snapshot[] = [];
  for await (const snapshot of iterable) out.push(snapshot);
  return out;
}

Deno.test("watchSnapshots() yields count readings from one open, then closes once", async () => {
  const { registry, calls } = counted();
  const readings = await collect(
    watchSnapshots({ registry, context: testContext(), intervalMs: 20, count: 3 }),
  );
  assert.equal(readings.length, 3);
  // One warm-up read, then one per reading.
  assert.deepEqual(calls, { open: 1, read: 4, close: 1 });
  const times = readings.map((r) => Date.parse(r.timestamp));
  assert.ok(times[0]! < times[1]! && times[1]! < times[2]!, times.join(" "));
});

Deno.test("watchSnapshots(): break closes every session", async () => {
  const { registry, calls } = counted();
  for await (const _ of watchSnapshots({ registry, context: testContext(), intervalMs: 10 })) {
    break;
  }
  assert.deepEqual(calls, { open: 1, read: 2, close: 1 });
});

Deno.test("watchSnapshots(): the signal ends it during the sleep, after a whole reading", async () => {
  const { registry, calls } = counted();
  const controller = new AbortController();
  const readings: Snapshot[] = [];
  const started = performance.now();
  for await (
    const snapshot of watchSnapshots({
      registry,
      context: testContext(),
      intervalMs: 60_000,
      signal: controller.signal,
      warmUpMs: 0,
    })
  ) {
    readings.push(snapshot);
    controller.abort(); // the next reading is a minute away: the sleep must end now
  }
  assert.equal(readings.length, 1);
  assert.ok(performance.now() - started < 30_000);
  assert.deepEqual(calls, { open: 1, read: 1, close: 1 });
});

Deno.test("watchSnapshots() rejects a non-positive interval", async () => {
  await assert.rejects(collect(watchSnapshots({ intervalMs: 0 })), RangeError);
});

/**
 * The DRM backend over i915-integrated, with proc switched to i915-integrated-later and the
 * injected clock moved 1 s on after the first read: the warm-up read is the first one.
 */
function drmThatMovesOn(dir: string) {
  const proc = join(dir, "proc");
  Deno.symlinkSync(procRootOf("i915-integrated"), proc);
  const clock = { ms: 1000 };
  const context = testContext({
    procRoot: proc,
    sysRoot: sysRootOf("i915-integrated"),
    nowMs: () => clock.ms,
    rescanIntervalMs: 2000,
  });
  let reads = 0;
  const descriptor: BackendDescriptor = {
    ...drmBackend,
    create: (ctx) => {
      const inner = drmBackend.create(ctx);
      return {
        id: "drm",
        open: () => inner.open(),
        close: () => inner.close(),
        read: async () => {
          const reading = await inner.read();
          if (++reads === 1) {
            Deno.removeSync(proc);
            Deno.symlinkSync(procRootOf("i915-integrated-later"), proc);
            clock.ms += 1000;
          }
          return reading;
        },
      };
    },
  };
  return { registry: [descriptor], context };
}

Deno.test("watchSnapshots(): the warm-up sample gives the first reading its rates", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const { registry, context } = drmThatMovesOn(dir);
    const [first] = await collect(
      watchSnapshots({ registry, context, intervalMs: 10, count: 1, backends: ["drm"] }),
    );
    // As in the DRM backend test: pid 1500 render 9288864723 → 9888864723 ns over 1 s = 60 %,
    // pid 7296 render +25 %; the device's render = 60 + 25 = 85 %.
    assert.equal(first?.devices[0]?.engines?.render, 85);
    assert.equal(first?.devices[0]?.utilizationPercent, 85);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("watchSnapshots(): without warm-up the first reading has no rates", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const { registry, context } = drmThatMovesOn(dir);
    const [first] = await collect(
      watchSnapshots({
        registry,
        context,
        intervalMs: 10,
        count: 1,
        warmUpMs: 0,
        backends: ["drm"],
      }),
    );
    assert.equal(first?.devices[0]?.engines, null);
    assert.equal(first?.devices[0]?.utilizationPercent, null);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
