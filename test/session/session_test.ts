import assert from "node:assert/strict";
import type { Backend, BackendDescriptor } from "../../src/backends/backend.ts";
import { planBackends } from "../../src/session/plan_backends.ts";
import type { BackendId, BackendReading } from "../../src/model/types.ts";
import { Session } from "../../src/session/session.ts";
import { testContext } from "../support/backend_context.ts";

const ctx = testContext();

interface FakeOptions {
  id: BackendId;
  open?: "ok" | "unavailable" | "throw";
  read?: BackendReading | "throw";
  defaultOn?: boolean;
  fallbackFor?: BackendId[];
  closes?: { count: number };
}

function fake(options: FakeOptions): BackendDescriptor {
  return {
    id: options.id,
    summary: "fake",
    defaultOn: () => options.defaultOn ?? true,
    ...(options.fallbackFor ? { fallbackFor: options.fallbackFor } : {}),
    create(): Backend {
      return {
        id: options.id,
        open() {
          if (options.open === "throw") throw new Error("boom\nstack line");
          return Promise.resolve({
            status: options.open ?? "ok",
            detail: options.open === "unavailable" ? "library not found" : null,
            library: "libfake.so",
            version: "1.0",
          });
        },
        read() {
          if (options.read === "throw") return Promise.reject(new Error("read failed"));
          return Promise.resolve(options.read ?? { timestampMs: 0, devices: [], processes: [] });
        },
        close() {
          if (options.closes) options.closes.count++;
        },
      };
    },
  };
}

const oneDevice: BackendReading = {
  timestampMs: 0,
  devices: [{ localId: "x", vendor: "nvidia", pciBusId: "0000:01:00.0", name: "GPU" }],
  processes: [{ pid: 999999999, deviceLocalId: "x", gpuMemoryBytes: 5, perProcess: true }],
};

Deno.test("Session turns open failures into statuses and still reads the others", async () => {
  const closes = { count: 0 };
  const registry = [
    fake({ id: "nvml", open: "throw" }),
    fake({ id: "level-zero", open: "unavailable", closes }),
    fake({ id: "drm", read: oneDevice }),
  ];
  const session = new Session(planBackends(registry, "linux", null), ctx);
  const statuses = await session.open();
  assert.deepEqual(statuses.map((s) => [s.id, s.status, s.detail]), [
    ["nvml", "error", "boom"],
    ["level-zero", "unavailable", "library not found"],
    ["drm", "ok", null],
  ]);
  // An unavailable backend is closed straight away.
  assert.equal(closes.count, 1);
  const snapshot = await session.sample();
  assert.equal(snapshot.schemaVersion, 1);
  assert.equal(snapshot.devices.length, 1);
  assert.equal(snapshot.devices[0]?.sources.name, "drm");
  // The process does not exist under procRoot: enrichment leaves nulls, never throws.
  assert.equal(snapshot.processes[0]?.name, null);
  assert.equal(snapshot.processes[0]?.source, "drm");
  session.close();
  session.close();
});

Deno.test("Session reports a backend whose read throws as error, keeping other devices", async () => {
  const registry = [fake({ id: "nvml", read: "throw" }), fake({ id: "drm", read: oneDevice })];
  const session = new Session(planBackends(registry, "linux", null), ctx);
  const snapshot = await session.sample();
  assert.equal(snapshot.devices.length, 1);
  const nvml = snapshot.backends.find((s) => s.id === "nvml");
  assert.equal(nvml?.status, "error");
  assert.equal(nvml?.detail, "read failed");
  session.close();
});

Deno.test("Session skips a fallback when the backend it stands in for is ok", async () => {
  const registry = [
    fake({ id: "nvml" }),
    fake({ id: "nvidia-smi", fallbackFor: ["nvml"] }),
  ];
  const session = new Session(planBackends(registry, "linux", null), ctx);
  const statuses = await session.open();
  assert.deepEqual(statuses.map((s) => [s.id, s.status]), [["nvml", "ok"], [
    "nvidia-smi",
    "skipped",
  ]]);
  assert.match(statuses[1]?.detail ?? "", /nvml is ok/);
  session.close();
});

Deno.test("Session opens a fallback when the primary is unavailable", async () => {
  const registry = [
    fake({ id: "nvml", open: "unavailable" }),
    fake({ id: "nvidia-smi", fallbackFor: ["nvml"] }),
  ];
  const statuses = await new Session(planBackends(registry, "linux", null), ctx).open();
  assert.deepEqual(statuses.map((s) => s.status), ["unavailable", "ok"]);
});

Deno.test("planBackends() skips off-by-default backends unless --backends names them", () => {
  const registry = [fake({ id: "drm" }), fake({ id: "macmon", defaultOn: false })];
  const byDefault = planBackends(registry, "linux", null);
  assert.deepEqual(byDefault.map((p) => p.run), [true, false]);
  const forced = planBackends(registry, "linux", ["macmon"]);
  assert.deepEqual(forced.map((p) => p.run), [false, true]);
  const skipped = forced[0];
  assert.ok(skipped && !skipped.run && skipped.reason === "not selected by --backends");
});

Deno.test("Session reading detail replaces the status detail (e.g. unreadable processes)", async () => {
  const registry = [
    fake({ id: "drm", read: { ...oneDevice, detail: "3 processes not readable" } }),
  ];
  const session = new Session(planBackends(registry, "linux", null), ctx);
  const snapshot = await session.sample();
  assert.equal(snapshot.backends[0]?.detail, "3 processes not readable");
  session.close();
});

/** A backend whose open/read answer only when the test says so. */
function controlled(id: BackendId) {
  const calls = { open: 0, read: 0, close: 0 };
  let releaseOpen: () => void = () => {};
  let releaseRead: () => void = () => {};
  const opened = new Promise<void>((resolve) => releaseOpen = resolve);
  const descriptor: BackendDescriptor = {
    id,
    summary: "controlled",
    defaultOn: () => true,
    create: (): Backend => ({
      id,
      async open() {
        calls.open++;
        await opened;
        return { status: "ok", detail: null, library: "libslow.so", version: "2" };
      },
      async read() {
        calls.read++;
        await new Promise<void>((resolve) => releaseRead = resolve);
        return oneDevice;
      },
      close() {
        calls.close++;
      },
    }),
  };
  return { descriptor, calls, finishOpen: () => releaseOpen(), finishRead: () => releaseRead() };
}

/**
 * Once pending calls have settled, a sample during which the controlled backend's read is
 * let go: the status it reports for that (first) backend.
 */
async function firstStatusReleasingRead(
  session: Session,
  slow: ReturnType<typeof controlled>,
): Promise<string | undefined> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  const sample = session.sample();
  await new Promise((resolve) => setTimeout(resolve, 0));
  slow.finishRead();
  return (await sample).backends[0]?.status;
}

Deno.test("Session: a read past the deadline is 'not answering' while the others are reported", async () => {
  const slow = controlled("nvml");
  slow.finishOpen();
  const registry = [slow.descriptor, fake({ id: "drm", read: oneDevice })];
  const session = new Session(planBackends(registry, "linux", null), ctx, { deadlineMs: 20 });
  const first = await session.sample();
  assert.equal(first.backends[0]?.status, "error");
  assert.equal(
    first.backends[0]?.detail,
    "not answering: no reply for 20 ms (its call is still running and is not made again " +
      "until it returns)",
  );
  assert.equal(first.backends[0]?.library, "libslow.so"); // what open() said is kept
  assert.equal(first.backends[1]?.status, "ok");
  assert.equal(first.devices.length, 1); // drm's device, on schedule
  // Still running: no second read is started, and it is still not answering, for longer.
  await new Promise((resolve) => setTimeout(resolve, 30));
  const second = await session.sample();
  assert.equal(slow.calls.read, 1);
  const waited = /^not answering: no reply for (\d+) ms \(/.exec(second.backends[0]?.detail ?? "");
  assert.ok(waited && Number(waited[1]) >= 50, second.backends[0]?.detail ?? "");
  // Once it returns, the next sample reads it again.
  slow.finishRead();
  assert.equal(await firstStatusReleasingRead(session, slow), "ok");
  assert.equal(slow.calls.read, 2);
  await session.close();
});

Deno.test("Session: a backend not answering keeps its last devices, each marked so", async () => {
  const slow = controlled("nvml");
  slow.finishOpen();
  const other: BackendReading = {
    timestampMs: 0,
    devices: [{ localId: "d", vendor: "amd", pciBusId: "0000:03:00.0", name: "Radeon" }],
    processes: [],
  };
  const registry = [slow.descriptor, fake({ id: "drm", read: other })];
  const session = new Session(planBackends(registry, "linux", null), ctx, { deadlineMs: 20 });
  // The first read times out with nothing seen yet: no device of its own.
  const unseen = await session.sample();
  assert.deepEqual(unseen.devices.map((d) => d.id), ["0000:03:00.0"]);
  slow.finishRead();
  assert.equal(await firstStatusReleasingRead(session, slow), "ok");
  // Now its read hangs: the device it reported stays, identity only, marked not answering.
  const hung = await session.sample();
  assert.equal(hung.backends[0]?.status, "error");
  assert.match(hung.backends[0]?.detail ?? "", /^not answering: no reply for 20 ms/);
  assert.deepEqual(hung.devices.map((d) => d.id), ["0000:01:00.0", "0000:03:00.0"]);
  const kept = hung.devices[0]!;
  assert.equal(kept.name, "GPU");
  assert.equal(kept.error, "not answering (nvml: no reply for 20 ms)");
  assert.equal(hung.devices[1]!.error, null);
  assert.deepEqual(hung.processes, []);
  assert.equal(slow.calls.read, 3);
  const later = await session.sample();
  assert.equal(slow.calls.read, 3); // not asked again while its read is outstanding
  assert.match(later.devices[0]?.error ?? "", /^not answering \(nvml: no reply for \d+ ms\)$/);
  slow.finishRead();
  await session.close();
});

Deno.test("Session: an open past the deadline joins the samples after it finishes", async () => {
  const slow = controlled("nvml");
  const registry = [slow.descriptor, fake({ id: "drm", read: oneDevice })];
  const session = new Session(planBackends(registry, "linux", null), ctx, { deadlineMs: 20 });
  const statuses = await session.open();
  assert.equal(statuses[0]?.status, "error");
  assert.match(statuses[0]?.detail ?? "", /^timed out after 20 ms \(still opening\)$/);
  assert.equal(statuses[1]?.status, "ok");
  const during = await session.sample();
  assert.equal(slow.calls.read, 0);
  assert.equal(during.backends[0]?.status, "error");
  slow.finishOpen();
  assert.equal(await firstStatusReleasingRead(session, slow), "ok");
  assert.equal(slow.calls.open, 1);
  await session.close();
  assert.equal(slow.calls.close, 1);
});

Deno.test("Session.close() closes every backend once and waits for a pending open", async () => {
  const slow = controlled("nvml");
  const closes = { count: 0 };
  const registry = [slow.descriptor, fake({ id: "drm", read: oneDevice, closes })];
  const session = new Session(planBackends(registry, "linux", null), ctx, { deadlineMs: 10 });
  await session.open();
  const closing = session.close();
  assert.equal(closes.count, 1);
  slow.finishOpen(); // the late open is closed as soon as it returns
  await closing;
  assert.equal(slow.calls.close >= 1, true);
  await session.close();
  assert.equal(closes.count, 1);
});

Deno.test("Session closed while opening opens nothing more: no primary, no fallback", async () => {
  const opens = { count: 0 };
  const counting = (id: BackendId, fallbackFor?: BackendId[]): BackendDescriptor => ({
    ...fake({ id, open: "unavailable", ...(fallbackFor ? { fallbackFor } : {}) }),
    create: (c) => {
      opens.count++;
      return fake({ id, open: "unavailable" }).create(c);
    },
  });
  // Closed at once: not even the primary is created.
  const registry = [counting("nvml"), counting("nvidia-smi", ["nvml"])];
  const early = new Session(planBackends(registry, "linux", null), ctx);
  const opening = early.open();
  await early.close();
  await opening;
  assert.equal(opens.count, 0);
  // Closed while the primary opens (past its deadline: not ok, so a fallback would open).
  const slow = controlled("nvml");
  const late = new Session(
    planBackends([slow.descriptor, counting("nvidia-smi", ["nvml"])], "linux", null),
    ctx,
    { deadlineMs: 20 },
  );
  const lateOpening = late.open();
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.equal(slow.calls.open, 1);
  const closing = late.close();
  await lateOpening;
  assert.equal(opens.count, 0, "the fallback was opened after close()");
  slow.finishOpen();
  await closing;
});
