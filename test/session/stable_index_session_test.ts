import assert from "node:assert/strict";
import type { Backend, BackendContext, BackendDescriptor } from "../../src/backends/backend.ts";
import { planBackends } from "../../src/session/plan_backends.ts";
import type { BackendId, BackendReading, Snapshot } from "../../src/model/types.ts";
import { Session } from "../../src/session/session.ts";
import { testContext } from "../support/backend_context.ts";

function context(continuous: boolean): BackendContext {
  return testContext({ rescanIntervalMs: continuous ? 2000 : null });
}

/** A backend whose open waits for `opened` and whose n-th read gives `readings[n]` (last repeats). */
function scripted(
  id: BackendId,
  readings: readonly BackendReading[],
  opened: Promise<void> = Promise.resolve(),
): BackendDescriptor {
  return {
    id,
    summary: "fake",
    defaultOn: () => true,
    create(): Backend {
      let n = 0;
      return {
        id,
        open: () =>
          opened.then(() => ({ status: "ok", detail: null, library: null, version: null })),
        read: () => Promise.resolve(readings[Math.min(n++, readings.length - 1)] as BackendReading),
        close() {},
      };
    },
  };
}

function devicesOf(pcis: string[], pidOnFirst = 0): BackendReading {
  return {
    timestampMs: 0,
    devices: pcis.map((pci) => ({ localId: pci, vendor: "other", pciBusId: pci })),
    processes: pidOnFirst > 0
      ? [{ pid: pidOnFirst, deviceLocalId: pcis[0] as string, gpuMemoryBytes: 1, perProcess: true }]
      : [],
  };
}

const EMPTY: BackendReading = { timestampMs: 0, devices: [], processes: [] };

function table(snapshot: Snapshot): [number, string | null][] {
  return snapshot.devices.map((d) => [d.index, d.pciBusId]);
}

Deno.test("a continuous Session keeps index 0 on the card it first saw when a backend opens late", async () => {
  let release = () => {};
  const late = new Promise<void>((resolve) => release = resolve);
  // "nvml" sees 07:00.0 and 81:00.0 but opens late; "drm" sees 90:00.0 from the start.
  const registry = [
    scripted("nvml", [devicesOf(["0000:07:00.0", "0000:81:00.0"], 4242)], late),
    scripted("drm", [devicesOf(["0000:90:00.0"], 2001)]),
  ];
  const session = new Session(planBackends(registry, "linux", null), context(true), {
    openDeadlineMs: 10,
  });
  try {
    const first = await session.sample();
    assert.deepEqual(table(first), [[0, "0000:90:00.0"]]);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const second = await session.sample();
    // 90:00.0 keeps 0; the late ones get 1 and 2 in PCI order; the list is in index order.
    assert.deepEqual(table(second), [[0, "0000:90:00.0"], [1, "0000:07:00.0"], [
      2,
      "0000:81:00.0",
    ]]);
    assert.deepEqual(second.processes.map((p) => [p.pid, p.deviceIndex]), [[2001, 0], [4242, 1]]);
  } finally {
    await session.close();
  }
});

Deno.test("a continuous Session reserves the index of a device that misses a reading", async () => {
  const registry = [
    scripted("nvml", [devicesOf(["0000:07:00.0"]), EMPTY, devicesOf(["0000:07:00.0"])]),
    scripted("drm", [devicesOf(["0000:90:00.0"]), devicesOf(["0000:90:00.0", "0000:a0:00.0"])]),
  ];
  const session = new Session(planBackends(registry, "linux", null), context(true));
  try {
    assert.deepEqual(table(await session.sample()), [[0, "0000:07:00.0"], [1, "0000:90:00.0"]]);
    // 07:00.0 is gone for one reading: 90:00.0 stays 1, the new a0:00.0 gets 2 (0 is reserved).
    assert.deepEqual(table(await session.sample()), [[1, "0000:90:00.0"], [2, "0000:a0:00.0"]]);
    assert.deepEqual(table(await session.sample()), [[0, "0000:07:00.0"], [1, "0000:90:00.0"], [
      2,
      "0000:a0:00.0",
    ]]);
  } finally {
    await session.close();
  }
});

Deno.test("a one-shot Session numbers each reading in PCI order from 0", async () => {
  const registry = [
    scripted("nvml", [EMPTY, devicesOf(["0000:07:00.0"])]),
    scripted("drm", [devicesOf(["0000:90:00.0"])]),
  ];
  const session = new Session(planBackends(registry, "linux", null), context(false));
  try {
    assert.deepEqual(table(await session.sample()), [[0, "0000:90:00.0"]]);
    assert.deepEqual(table(await session.sample()), [[0, "0000:07:00.0"], [1, "0000:90:00.0"]]);
  } finally {
    await session.close();
  }
});
