import assert from "node:assert/strict";
import { join } from "node:path";
import type { BackendContext } from "../../../src/backends/backend.ts";
import { DrmBackend, drmBackend, type ProcessSampler } from "../../../src/backends/drm/backend.ts";
import type {
  DrmProcessUsage,
  DrmSampleResult,
} from "../../../src/linux/fdinfo/drm_process_sampler.ts";
import type { BackendReading } from "../../../src/model/types.ts";
import {
  copyTree,
  pciDir,
  procRootOf,
  type Scenario,
  SCENARIOS,
  scratchSys,
  sysRootOf,
} from "../../linux/sysfs/fixture_tree.ts";
import { testContext } from "../../support/backend_context.ts";
import { assertDefaultOn } from "../../support/default_on.ts";

/** A context over fixture roots with a clock the test moves by hand. */
function context(procRoot: string, sysRoot: string, clock = { ms: 1000 }): BackendContext {
  return testContext({ procRoot, sysRoot, nowMs: () => clock.ms });
}

/** Returns the given sampler results in turn (the last one repeats). */
function fakeSampler(...results: DrmSampleResult[]): () => ProcessSampler {
  let i = 0;
  return () => ({ sample: () => results[Math.min(i++, results.length - 1)]! });
}

function usage(pid: number, pciBusId: string | null, extra: Partial<DrmProcessUsage> = {}) {
  return { pid, pciBusId, driver: null, memoryByRegion: null, engines: null, ...extra };
}

async function readOnce(scenario: Scenario): Promise<BackendReading> {
  const backend = drmBackend.create(context(procRootOf(scenario), sysRootOf(scenario)));
  assert.equal((await backend.open()).status, "ok");
  try {
    return await backend.read();
  } finally {
    backend.close();
  }
}

Deno.test("descriptor: id drm, on by default on Linux only, creating loads nothing", () => {
  assert.equal(drmBackend.id, "drm");
  assertDefaultOn(drmBackend, { linux: true, darwin: false, windows: false });
  // create() on a root that does not exist: no throw, nothing read until open()
  const backend = drmBackend.create(context("/nonexistent/proc", "/nonexistent/sys"));
  assert.equal(backend.id, "drm");
  backend.close();
  backend.close();
});

Deno.test("open: ok on every scenario; unavailable with the exact detail when no PCI card", async () => {
  for (const scenario of SCENARIOS) {
    const backend = drmBackend.create(context(procRootOf(scenario), sysRootOf(scenario)));
    const result = await backend.open();
    assert.equal(result.status, "ok", scenario);
    assert.equal(result.library, null);
    backend.close();
  }
  const empty = Deno.makeTempDirSync();
  try {
    const backend = drmBackend.create(context(join(empty, "proc"), empty));
    assert.deepEqual(await backend.open(), {
      status: "unavailable",
      detail: `no DRM GPU found in ${join(empty, "class", "drm")}`,
      library: null,
      version: null,
    });
  } finally {
    Deno.removeSync(empty, { recursive: true });
  }
});

Deno.test("open: only simpledrm (no PCI card) → unavailable", async () => {
  const scratch = scratchSys("amdgpu-apu");
  try {
    Deno.removeSync(join(scratch.root, "class", "drm", "card1"));
    const backend = drmBackend.create(context("/nonexistent", scratch.root));
    assert.equal((await backend.open()).status, "unavailable");
  } finally {
    scratch.dispose();
  }
});

Deno.test("open: version is the kernel release from <procRoot>/sys/kernel/osrelease", async () => {
  const proc = Deno.makeTempDirSync();
  try {
    Deno.mkdirSync(join(proc, "sys", "kernel"), { recursive: true });
    Deno.writeTextFileSync(join(proc, "sys", "kernel", "osrelease"), "6.8.0-45-generic\n");
    const backend = drmBackend.create(context(proc, sysRootOf("xe-discrete")));
    assert.equal((await backend.open()).version, "6.8.0-45-generic");
  } finally {
    Deno.removeSync(proc, { recursive: true });
  }
});

Deno.test("devices of every scenario, by PCI address", async () => {
  const expected: Record<Scenario, string[]> = {
    "amdgpu-discrete": ["0000:03:00.0 amd amdgpu"],
    "amdgpu-apu": ["0000:04:00.0 amd amdgpu"], // simpledrm card0 skipped
    "i915-integrated": ["0000:00:02.0 intel i915"],
    "xe-discrete": ["0000:03:00.0 intel xe"],
    "mixed-two-gpus": ["0000:00:02.0 intel i915", "0000:03:00.0 amd amdgpu"],
    "suspended-gpu": ["0000:03:00.0 amd amdgpu"],
  };
  for (const scenario of SCENARIOS) {
    const reading = await readOnce(scenario);
    const devices = reading.devices.map((d) => `${d.localId} ${d.vendor} ${d.driver}`);
    assert.deepEqual(devices, expected[scenario], scenario);
    for (const device of reading.devices) assert.equal(device.localId, device.pciBusId);
  }
});

Deno.test("processes: discrete GPU memory = VRAM regions only (amdgpu-discrete)", async () => {
  const { processes, detail } = await readOnce("amdgpu-discrete");
  assert.equal(detail, null);
  // Client 30 (fds of pids 2001 and 2002) counts once, for 2001: TVRTKO-AMD capture,
  // drm-resident-vram 544428 KiB × 1024 = 557494272; gtt 22 MiB = 23068672 is not GPU memory
  // on a discrete card. Pid 2217 (ISSUE87): drm-memory-vram 2068 KiB × 1024 = 2117632.
  assert.deepEqual(
    processes.map((p) => [p.pid, p.deviceLocalId, p.gpuMemoryBytes, p.type, p.perProcess]),
    [
      [2001, "0000:03:00.0", 557494272, "drm", true],
      [2217, "0000:03:00.0", 2117632, "drm", true],
    ],
  );
  assert.deepEqual(processes[0]?.memoryByRegion, { cpu: 0, gtt: 23068672, vram: 557494272 });
  assert.equal(processes[0]?.engines, null); // one sample: no rate yet
});

Deno.test("processes: on an APU every region counts (amdgpu-apu)", async () => {
  const { processes } = await readOnce("amdgpu-apu");
  // pid 4728, pre-5.19 format: vram 17196 kB = 17608704, gtt 6144 kB = 6291456, cpu 0;
  // integrated → 17608704 + 6291456 + 0 = 23900160 (a discrete card would count 17608704)
  assert.deepEqual(processes.map((p) => [p.pid, p.gpuMemoryBytes]), [[4728, 23900160]]);
});

Deno.test("mixed host: each process lands on its own device", async () => {
  const { processes } = await readOnce("mixed-two-gpus");
  const pairs = processes.map((p) => `${p.pid}@${p.deviceLocalId}`);
  assert.ok(pairs.includes("5000@0000:00:02.0"), pairs.join(","));
  assert.ok(pairs.includes("5000@0000:03:00.0"), pairs.join(","));
  // pid 5000's amdgpu fd (TVRTKO-AMD): 544428 KiB of VRAM = 557494272
  const amd = processes.find((p) => p.pid === 5000 && p.deviceLocalId === "0000:03:00.0");
  assert.equal(amd?.gpuMemoryBytes, 557494272);
});

Deno.test("two reads, injected clock: i915 engine % per process and device utilisation", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const proc = join(dir, "proc");
    Deno.symlinkSync(procRootOf("i915-integrated"), proc);
    const clock = { ms: 1000 };
    const backend = drmBackend.create(context(proc, sysRootOf("i915-integrated"), clock));
    await backend.open();
    const first = await backend.read();
    assert.equal(first.devices[0]?.utilizationPercent, null); // no rate on the first sample
    assert.equal(first.devices[0]?.engines, null);

    Deno.removeSync(proc);
    Deno.symlinkSync(procRootOf("i915-integrated-later"), proc);
    clock.ms += 1000; // 1 s = 1e9 ns
    const second = await backend.read();
    const byPid = new Map(second.processes.map((p) => [p.pid, p.engines]));
    // pid 1500, client 7: render 9288864723 → 9888864723 ns: 600000000 / 1e9 = 60 %
    assert.deepEqual(byPid.get(1500), {
      render: 60,
      copy: 0,
      video: 0,
      "video-enhance": 0,
    });
    // pid 7296, client 22: render +250000000 → 25 %; copy +100000000 → 10 %;
    // video +500000000 over capacity 2 → 25 %
    assert.deepEqual(byPid.get(7296), {
      render: 25,
      copy: 10,
      video: 25,
      "video-enhance": 0,
    });
    // device = per class sum over its processes: render 60 + 25 = 85, copy 10, video 25;
    // i915 has no busy file, so utilisation = the busiest class = 85
    const device = second.devices[0]!;
    assert.deepEqual(device.engines, { render: 85, copy: 10, video: 25, "video-enhance": 0 });
    assert.equal(device.utilizationPercent, 85);
    assert.equal(device.utilizationSource, "processes");
    backend.close();
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("two reads, injected clock: xe watts from the energy counter", async () => {
  const scratch = scratchSys("xe-discrete");
  try {
    const energy = join(pciDir(scratch.root, "0000:03:00.0"), "hwmon/hwmon2/energy1_input");
    const clock = { ms: 5000 };
    const backend = drmBackend.create(context(procRootOf("xe-discrete"), scratch.root, clock));
    await backend.open();
    const first = await backend.read();
    assert.equal(first.devices[0]?.powerWatts, null); // one energy reading: no rate
    assert.equal(first.devices[0]?.energyJoules, 4638.412345);

    // +25 J (25000000 µJ) in 500 ms → 25 J / 0.5 s = 50 W
    Deno.writeTextFileSync(energy, `${4638412345 + 25000000}\n`);
    clock.ms += 500;
    const second = await backend.read();
    assert.equal(second.devices[0]?.powerWatts, 50);
    assert.equal(second.devices[0]?.energyJoules, 4663.412345);

    // a counter that went backwards (driver reload) gives no figure rather than a negative one
    Deno.writeTextFileSync(energy, "1000\n");
    clock.ms += 500;
    assert.equal((await backend.read()).devices[0]?.powerWatts, null);
    backend.close();
  } finally {
    scratch.dispose();
  }
});

Deno.test("device engines: summed over processes, clamped to 100; amdgpu keeps busy file", async () => {
  const sampler = fakeSampler({
    usages: [
      usage(10, "0000:00:02.0", { engines: { render: 70, video: 10 } }),
      usage(11, "0000:00:02.0", { engines: { render: 60, video: 5 } }),
      usage(12, "0000:00:02.0"), // no rate yet: contributes nothing
      usage(20, "0000:03:00.0", { engines: { render: 30, compute: 40 } }),
    ],
    unreadableProcesses: 0,
    timestampMs: 0,
  });
  const ctx = context("/unused", sysRootOf("mixed-two-gpus"));
  const backend = new DrmBackend(ctx, sampler);
  await backend.open();
  const { devices } = await backend.read();
  const [intel, amd] = devices;
  // render 70 + 60 = 130 → clamped 100; video 10 + 5 = 15
  assert.deepEqual(intel?.engines, { render: 100, video: 15 });
  assert.equal(intel?.utilizationPercent, 100);
  assert.deepEqual(amd?.engines, { render: 30, compute: 40 });
  assert.equal(amd?.utilizationPercent, 4); // gpu_busy_percent 4 from the Vega capture
  assert.equal(intel?.utilizationSource, "processes");
  // amdgpu has its own busy counter: the reading does not claim it was derived.
  assert.equal(amd?.utilizationSource, undefined);
});

Deno.test("unreadable processes → the exact detail wording", async () => {
  const sampler = fakeSampler({ usages: [], unreadableProcesses: 3, timestampMs: 0 });
  const backend = new DrmBackend(context("/unused", sysRootOf("xe-discrete")), sampler);
  await backend.open();
  assert.equal((await backend.read()).detail, "3 processes not readable; run as root to see all");
});

Deno.test("usages on devices not listed are dropped, and counted when they had something", async () => {
  const sampler = fakeSampler({
    usages: [
      usage(1, "0000:03:00.0", { memoryByRegion: { vram0: 4096, system: 8192 } }),
      usage(2, "0000:09:00.0", { memoryByRegion: { vram0: 1 } }), // no such card
      usage(3, null, { engines: { render: 5 } }), // no device key at all
      // A compositor on a display-only card: DRM core keys only, nothing to show, no note.
      usage(4, null, { deviceKey: "display-subsystem" }),
    ],
    unreadableProcesses: 1,
    timestampMs: 0,
  });
  const backend = new DrmBackend(context("/unused", sysRootOf("xe-discrete")), sampler);
  await backend.open();
  const reading = await backend.read();
  // discrete xe: vram0 counts, system does not → 4096
  assert.deepEqual(reading.processes.map((p) => [p.pid, p.gpuMemoryBytes]), [[1, 4096]]);
  assert.equal(
    reading.detail,
    "1 processes not readable; run as root to see all; " +
      "2 process usages on devices not listed were ignored",
  );
});

Deno.test("a sampler that throws costs the processes, not the devices", async () => {
  const backend = new DrmBackend(context("/unused", sysRootOf("amdgpu-discrete")), () => ({
    sample: () => {
      throw new Error("boom\nsecond line");
    },
  }));
  await backend.open();
  const reading = await backend.read();
  assert.equal(reading.devices.length, 1);
  assert.deepEqual(reading.processes, []);
  assert.equal(reading.detail, "processes not read: boom");
});

Deno.test("clients whose counters did not move: engines and i915/xe utilisation unknown", async () => {
  const sampler = fakeSampler({
    usages: [usage(10, "0000:03:00.0", { engines: {} })],
    unreadableProcesses: 0,
    timestampMs: 0,
  });
  const backend = new DrmBackend(context("/unused", sysRootOf("xe-discrete")), sampler);
  await backend.open();
  const [device] = (await backend.read()).devices;
  assert.equal(device?.engines, null);
  assert.equal(device?.utilizationPercent, null);
});

Deno.test("continuous mode (rescanIntervalMs): a new client of a known process waits for the rescan", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-drm-rescan-" });
  try {
    const procRoot = join(dir, "proc");
    copyTree(procRootOf("amdgpu-discrete"), procRoot);
    const clock = { ms: 1000 };
    const backend = drmBackend.create(
      testContext({
        procRoot,
        sysRoot: sysRootOf("amdgpu-discrete"),
        nowMs: () => clock.ms,
        rescanIntervalMs: 2000,
      }),
    );
    assert.equal((await backend.open()).status, "ok");
    const memoryOf2001 = async () =>
      (await backend.read()).processes.find((p) => p.pid === 2001)?.gpuMemoryBytes ?? null;
    const before = await memoryOf2001();
    assert.ok(before !== null);

    // pid 2001 opens a new client with 4096 KiB of resident VRAM on the same card.
    Deno.symlinkSync("/dev/dri/renderD128", join(procRoot, "2001/fd/9"));
    Deno.writeTextFileSync(
      join(procRoot, "2001/fdinfo/9"),
      "drm-driver:\tamdgpu\ndrm-client-id:\t99999\ndrm-pdev:\t0000:03:00.0\n" +
        "drm-resident-vram:\t4096 KiB\n",
    );
    clock.ms = 2500; // 1.5 s after the full walk: known fds only
    assert.equal(await memoryOf2001(), before);
    clock.ms = 3000; // 2 s: a full walk finds it; 4096 KiB = 4194304 bytes more
    assert.equal(await memoryOf2001(), before + 4194304);
    backend.close();
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("close() closes the sampler (its kept-open fdinfo files) once, and twice is safe", async () => {
  let closed = 0;
  const backend = new DrmBackend(context("/unused", sysRootOf("amdgpu-discrete")), () => ({
    sample: () => ({ usages: [], unreadableProcesses: 0, timestampMs: 0 }),
    close: () => closed++,
  }));
  await backend.open();
  await backend.read();
  assert.equal(closed, 0);
  backend.close();
  backend.close();
  assert.equal(closed, 1);
});
