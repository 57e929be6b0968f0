/**
 * DrmProcessSampler on the scenario proc trees (fixtures/linux/<scenario>/proc, see
 * fixtures/linux/README-proc.md), on trees built in temp dirs for the cases a fixture would
 * hide (backwards counters, vanished clients, node-based device matching, permissions), and
 * on this machine's real /proc.
 *
 * Two-sample tests point `procRoot` at a symlink in a temp dir and re-point it between
 * samples (e.g. from i915-integrated/proc to i915-integrated-later/proc); the clock is
 * injected, so every percentage below is worked out by hand.
 */
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import {
  DrmProcessSampler,
  type DrmProcessUsage,
} from "../../../src/linux/fdinfo/drm_process_sampler.ts";
import { copyTree, procRootOf, SCENARIOS, sysRootOf } from "../sysfs/fixture_tree.ts";
import { runDeno } from "../../support/run_cli.ts";
import { capture } from "./captures.ts";
import { withTempDir } from "../../support/temp_dir.ts";

const SAMPLER_MODULE = new URL("../../../src/linux/fdinfo/drm_process_sampler.ts", import.meta.url)
  .href;

/** A capture's fdinfo text: the `# source:` line and the prompt lines before it dropped. */
function captureText(path: string): string {
  const lines = capture(path).split("\n");
  const start = lines.findIndex((line) => /^\s*(?:pos|drm-[\w-]+):/.test(line));
  return lines.slice(start).join("\n");
}

/** A fake clock the test moves by hand. */
function fakeClock(startMs = 10_000) {
  const clock = { now: startMs, nowMs: () => clock.now };
  return clock;
}

/** A sampler over `procRoot` and `sysRoot`, timed by `clock` (a fresh one unless given). */
function samplerOn(procRoot: string, sysRoot: string, clock = fakeClock()): DrmProcessSampler {
  return new DrmProcessSampler({ procRoot, sysRoot, nowMs: clock.nowMs });
}

/** A sampler over one fixture scenario's proc and sys trees. */
function scenarioSampler(scenario: string, clock = fakeClock()): DrmProcessSampler {
  return samplerOn(procRootOf(scenario), sysRootOf(scenario), clock);
}

/** Builds files (string) and symlinks ({ link }) under root. */
function buildTree(root: string, entries: Record<string, string | { link: string }>): void {
  for (const [path, content] of Object.entries(entries)) {
    const full = join(root, path);
    Deno.mkdirSync(dirname(full), { recursive: true });
    if (typeof content === "string") Deno.writeTextFileSync(full, content);
    else Deno.symlinkSync(content.link, full);
  }
}

/** A pid directory with the given fds: link target plus fdinfo text (null: no fdinfo file). */
function pidEntries(
  pid: number,
  fds: Record<number, [string, string | null]>,
): Record<string, string | { link: string }> {
  const entries: Record<string, string | { link: string }> = {
    [`proc/${pid}/comm`]: "test\n",
  };
  for (const [fd, [target, fdinfo]] of Object.entries(fds)) {
    entries[`proc/${pid}/fd/${fd}`] = { link: target };
    if (fdinfo !== null) entries[`proc/${pid}/fdinfo/${fd}`] = fdinfo;
  }
  return entries;
}

interface SwitchableProc {
  /** The temp dir, for scratch trees next to the link. */
  dir: string;
  /** The `proc` symlink to give the sampler. */
  procRoot: string;
  /** Re-targets the link. */
  point(target: string): void;
}

/** Runs `body` with a temp `proc` symlink that it re-points between samples. */
function withSwitchableProc(body: (proc: SwitchableProc) => void): void {
  withTempDir((dir) => {
    const link = join(dir, "proc");
    body({
      dir,
      procRoot: link,
      point(target) {
        try {
          Deno.removeSync(link);
        } catch { /* first time */ }
        Deno.symlinkSync(target, link);
      },
    });
  });
}

/** A usage; on a PCI device its deviceKey is the PCI address, as the scan resolves it. */
function usage(fields: Partial<DrmProcessUsage> & { pid: number }): DrmProcessUsage {
  const deviceKey = fields.deviceKey ?? fields.pciBusId ?? undefined;
  return {
    ...(deviceKey === undefined ? {} : { deviceKey }),
    pciBusId: null,
    driver: null,
    memoryByRegion: null,
    engines: null,
    ...fields,
  };
}

// amdgpu-discrete: pid 2001 holds client 30 on fds 4 and 5 (dup), its fork 2002 holds it
// too (fd 4); pid 2217 holds client 217. Both captures' drm-pdev point at 0000:03:00.0.
const AMDGPU_DISCRETE_2001 = {
  pid: 2001,
  pciBusId: "0000:03:00.0",
  driver: "amdgpu",
  // resident per region (tvrtko capture): cpu 0; gtt 22 MiB = 23068672;
  // vram 544428 KiB × 1024 = 557494272. Counted once although three fds show it.
  memoryByRegion: { cpu: 0, gtt: 23068672, vram: 557494272 },
};
const AMDGPU_DISCRETE_2217 = {
  pid: 2217,
  pciBusId: "0000:03:00.0",
  driver: "amdgpu",
  // issue #87 capture: vram 2068 KiB × 1024 = 2117632; gtt 8192 KiB × 1024 = 8388608; cpu 0
  memoryByRegion: { vram: 2117632, gtt: 8388608, cpu: 0 },
};

Deno.test("sampler: amdgpu-discrete counts a dup'ed and forked client once, lowest pid", () => {
  const clock = fakeClock();
  const sampler = scenarioSampler("amdgpu-discrete", clock);
  const first = sampler.sample();
  assert.equal(first.timestampMs, 10_000);
  assert.equal(first.unreadableProcesses, 0);
  // 2002 (the fork) has no entry of its own: its only client is attributed to 2001.
  // Engines are null on the first sample.
  assert.deepEqual(first.usages, [usage(AMDGPU_DISCRETE_2001), usage(AMDGPU_DISCRETE_2217)]);

  clock.now += 1000;
  const second = sampler.sample();
  // Same counters 1 s later: gfx busy 0 ns → render 0 %.
  assert.deepEqual(second.usages, [
    usage({ ...AMDGPU_DISCRETE_2001, engines: { render: 0 } }),
    usage({ ...AMDGPU_DISCRETE_2217, engines: { render: 0 } }),
  ]);
  assert.equal(second.timestampMs, 11_000);
});

Deno.test("sampler: amdgpu-apu reads the 5.14–5.18 format; a DRM fd without drm keys is skipped", () => {
  const sampler = scenarioSampler("amdgpu-apu");
  const result = sampler.sample();
  // pid 1100 (Xorg) holds /dev/dri/card0 (simpledrm) whose fdinfo has only pos/flags/…
  assert.deepEqual(result.usages, [
    usage({
      pid: 4728,
      pciBusId: "0000:04:00.0", // legacy "pdev:"
      driver: "amdgpu",
      // "vram mem: 17196 kB" × 1024 = 17608704; "gtt mem: 6144 kB" × 1024 = 6291456
      memoryByRegion: { vram: 17608704, gtt: 6291456, cpu: 0 },
      // "gfx0: 70.59%" is the kernel's own percentage: usable from the first sample.
      engines: { render: 70.59 },
    }),
  ]);
});

Deno.test("sampler: i915-integrated engine % from two samples 1 s apart", () => {
  withSwitchableProc((proc) => {
    const clock = fakeClock();
    const sampler = samplerOn(proc.procRoot, sysRootOf("i915-integrated"), clock);
    proc.point(procRootOf("i915-integrated"));
    const first = sampler.sample();
    assert.deepEqual(first.usages, [
      usage({ pid: 1500, pciBusId: "0000:00:02.0", driver: "i915" }),
      usage({ pid: 7296, pciBusId: "0000:00:02.0", driver: "i915" }),
    ]);

    proc.point(procRootOf("i915-integrated-later"));
    clock.now += 1000; // Δwall = 1e9 ns
    const second = sampler.sample();
    assert.deepEqual(second.usages, [
      usage({
        pid: 1500,
        pciBusId: "0000:00:02.0",
        driver: "i915",
        // client 7: render 9288864723 → 9888864723 ns: 6e8 / 1e9 → 60 %; others unchanged.
        engines: { render: 60, copy: 0, video: 0, "video-enhance": 0 },
      }),
      usage({
        pid: 7296,
        pciBusId: "0000:00:02.0",
        driver: "i915",
        // client 22: render +2.5e8 → 25 %; copy +1e8 → 10 %;
        // video +5e8 over capacity 2 → 5e8 / (1e9 × 2) = 25 %; video-enhance +0 → 0 %.
        engines: { render: 25, copy: 10, video: 25, "video-enhance": 0 },
      }),
    ]);
  });
});

Deno.test("sampler: xe-discrete engine % from drm-cycles / drm-total-cycles", () => {
  withSwitchableProc((proc) => {
    const clock = fakeClock();
    const sampler = samplerOn(proc.procRoot, sysRootOf("xe-discrete"), clock);
    // xe doc capture: system 0; gtt 192 KiB = 196608; vram0 23992 KiB × 1024 = 24567808;
    // stolen 0. pid 4243 (a fork of 4242) shares client 3 and gets no entry.
    const memoryByRegion = { system: 0, gtt: 196608, vram0: 24567808, stolen: 0 };
    proc.point(procRootOf("xe-discrete"));
    assert.deepEqual(sampler.sample().usages, [
      usage({ pid: 4242, pciBusId: "0000:03:00.0", driver: "xe", memoryByRegion }),
    ]);

    // The same counters again: drm-total-cycles did not move, so no class has a value and
    // engine use stays unknown (null), although 1 s of wall time passed.
    clock.now += 1000;
    assert.deepEqual(sampler.sample().usages, [
      usage({ pid: 4242, pciBusId: "0000:03:00.0", driver: "xe", memoryByRegion }),
    ]);

    proc.point(procRootOf("xe-discrete-later"));
    clock.now += 1000; // irrelevant to cycles: the GPU timestamp is the clock
    assert.deepEqual(sampler.sample().usages, [
      usage({
        pid: 4242,
        pciBusId: "0000:03:00.0",
        driver: "xe",
        memoryByRegion,
        // Δtotal-cycles = 1e9 for every class.
        // rcs +5e8 → 50 %; bcs +1e8 → 10 %; vcs +6e8 / capacity 2 → 30 %;
        // vecs +0 → 0 %; ccs +2e9 / capacity 4 → 50 %.
        engines: { render: 50, copy: 10, video: 30, "video-enhance": 0, compute: 50 },
      }),
    ]);
  });
});

Deno.test("sampler: mixed-two-gpus gives one entry per (pid, device)", () => {
  const result = scenarioSampler("mixed-two-gpus").sample();
  assert.deepEqual(result.usages, [
    usage({ pid: 5000, pciBusId: "0000:00:02.0", driver: "i915" }), // i915 prints no memory
    usage({
      pid: 5000,
      pciBusId: "0000:03:00.0",
      driver: "amdgpu",
      memoryByRegion: { cpu: 0, gtt: 23068672, vram: 557494272 },
    }),
    usage({
      pid: 5100,
      pciBusId: "0000:03:00.0",
      driver: "amdgpu",
      memoryByRegion: { vram: 2117632, gtt: 8388608, cpu: 0 },
    }),
  ]);
});

Deno.test("sampler: suspended-gpu memory-only client keeps engines null on every sample", () => {
  const clock = fakeClock();
  const sampler = scenarioSampler("suspended-gpu", clock);
  // rocmi capture: vram 76 KiB = 77824; gtt 44 KiB = 45056; cpu 6200 KiB = 6348800.
  const memoryByRegion = { vram: 77824, gtt: 45056, cpu: 6348800 };
  const client = { pid: 3766769, pciBusId: "0000:03:00.0", driver: "amdgpu", memoryByRegion };
  assert.deepEqual(sampler.sample().usages, [usage(client)]);
  clock.now += 500;
  // No engine key at all: engine use stays unknown (null), never an empty "idle" map.
  assert.deepEqual(sampler.sample().usages, [usage(client)]);
});

Deno.test("sampler: an fd whose fdinfo vanished is skipped quietly", () => {
  const result = scenarioSampler("race-fd-without-fdinfo").sample();
  assert.deepEqual(result, {
    usages: [],
    unreadableProcesses: 0,
    ignoredFdinfoLines: 0,
    oversizeFdinfos: 0,
    timestampMs: 10_000,
  });
});

Deno.test("sampler: a counter that went backwards gives null for that engine, then starts over", () => {
  withSwitchableProc((proc) => {
    // A copy of i915-integrated-later where client 22's render counter (196329331 at the
    // first sample) reads lower: 100000000.
    const backwards = join(proc.dir, "backwards");
    copyTree(procRootOf("i915-integrated-later"), backwards);
    const fdinfo = join(backwards, "7296/fdinfo/10");
    Deno.writeTextFileSync(
      fdinfo,
      Deno.readTextFileSync(fdinfo).replace(
        /drm-engine-render:\s+\d+ ns/,
        "drm-engine-render: 100000000 ns",
      ),
    );
    const clock = fakeClock();
    const sampler = samplerOn(proc.procRoot, sysRootOf("i915-integrated"), clock);
    proc.point(procRootOf("i915-integrated"));
    sampler.sample();

    proc.point(backwards);
    clock.now += 1000;
    const second = sampler.sample().usages.find((u) => u.pid === 7296);
    // render left out; the rest as in the plain two-sample test.
    assert.deepEqual(second?.engines, { copy: 10, video: 25, "video-enhance": 0 });

    clock.now += 1000;
    const third = sampler.sample().usages.find((u) => u.pid === 7296);
    // Started over from 100000000: unchanged since → 0 %; the others unchanged → 0 %.
    assert.deepEqual(third?.engines, { render: 0, copy: 0, video: 0, "video-enhance": 0 });
  });
});

Deno.test("sampler: a client that vanished starts over when it comes back", () => {
  withSwitchableProc((proc) => {
    const without7296 = join(proc.dir, "without-7296");
    copyTree(procRootOf("i915-integrated"), without7296);
    Deno.removeSync(join(without7296, "7296"), { recursive: true });

    const clock = fakeClock();
    const sampler = samplerOn(proc.procRoot, sysRootOf("i915-integrated"), clock);
    proc.point(procRootOf("i915-integrated"));
    sampler.sample();
    proc.point(without7296);
    clock.now += 1000;
    assert.deepEqual(sampler.sample().usages.map((u) => u.pid), [1500]);
    proc.point(procRootOf("i915-integrated-later"));
    clock.now += 1000;
    const third = sampler.sample().usages;
    // 1500 was seen throughout: 6e8 ns over the last 1 s → 60 %. 7296 is new again: null.
    assert.equal(third.find((u) => u.pid === 1500)?.engines?.["render"], 60);
    assert.equal(third.find((u) => u.pid === 7296)?.engines, null);
  });
});

Deno.test("sampler: clients are keyed by (device, client id); a shared one goes to the lowest pid", () => {
  withTempDir((dir) => {
    const i915 = captureText("fdinfo-i915/i915-kernel-doc-example-2022.txt"); // client 7
    // The amdgpu capture with its client id changed to 7, on another device.
    const amdgpu = captureText("fdinfo-amdgpu/amdgpu-tvrtko-patch-v1-2024-05-new-style-gfx.txt")
      .replace("drm-client-id:\t30", "drm-client-id:\t7");
    buildTree(dir, {
      // pid 300 opened both; pid 20 got the i915 client over a socket (SCM_RIGHTS).
      ...pidEntries(300, {
        3: ["/dev/dri/renderD128", i915],
        4: ["/dev/dri/renderD129", amdgpu],
      }),
      ...pidEntries(20, { 9: ["/dev/dri/renderD128", i915] }),
    });
    const result = samplerOn(join(dir, "proc"), join(dir, "sys")).sample();
    assert.deepEqual(
      result.usages.map((u) => [u.pid, u.pciBusId, u.driver]),
      [
        [20, "0000:00:02.0", "i915"], // shared i915 client 7: lowest pid
        [300, "0000:04:00.0", "amdgpu"], // amdgpu client 7 is another client
      ],
    );
  });
});

Deno.test("sampler: without drm-pdev the device comes from the node's sysfs link", () => {
  withTempDir((dir) => {
    const withoutPdev = (text: string) => text.replace(/^\s*drm-pdev:.*\n/m, "");
    const i915 = withoutPdev(
      captureText("fdinfo-i915/i915-tvrtko-dri-devel-2022-01-25-integrated.txt"),
    );
    const panfrost = captureText("fdinfo-other/kernel-panfrost-doc-example.txt");
    const xdna = withoutPdev(captureText("fdinfo-other/amdxdna-npu-xdna-driver-issue324.txt"));
    const v3d = captureText("fdinfo-other/v3d-rpi-mcanal-2023-usage-stats-cover-letter.txt");
    buildTree(dir, {
      // renderD128 → class/drm link; card1 → only /sys/dev/char/226:1; accel0 → class/accel.
      "sys/class/drm/renderD128/device": { link: "../../../devices/pci0000:00/0000:00:02.0" },
      "sys/dev/char/226:1/device": { link: "../../../devices/platform/fde60000.gpu" },
      "sys/class/accel/accel0/device": { link: "../../../devices/pci0000:00/0000:C5:00.1" },
      ...pidEntries(10, { 3: ["/dev/dri/renderD128", i915] }),
      ...pidEntries(11, { 3: ["/dev/dri/card1", panfrost] }),
      ...pidEntries(12, { 3: ["/dev/accel/accel0", xdna] }),
      // renderD130 is in no sysfs tree: still reported, device unknown.
      ...pidEntries(13, { 3: ["/dev/dri/renderD130", v3d] }),
    });
    const result = samplerOn(join(dir, "proc"), join(dir, "sys")).sample();
    assert.deepEqual(
      result.usages.map((u) => [u.pid, u.pciBusId, u.driver]),
      [
        [10, "0000:00:02.0", "i915"],
        [11, null, "panfrost"], // platform device: no PCI address
        [12, "0000:c5:00.1", "amdxdna_accel_driver"], // normalised from the link
        [13, null, "v3d"],
      ],
    );
  });
});

for (const scenario of SCENARIOS) {
  Deno.test({
    name: `sampler: ${scenario} without drm-pdev lines lands on the same devices via its sys tree`,
    // The sys trees are the sysfs helper's; skipped until they exist.
    ignore: !existsDir(join(sysRootOf(scenario), "class/drm")),
    fn() {
      withTempDir((dir) => {
        copyTree(procRootOf(scenario), dir);
        for (const pid of Deno.readDirSync(dir)) {
          const fdinfoDir = join(dir, pid.name, "fdinfo");
          for (const fd of Deno.readDirSync(fdinfoDir)) {
            const path = join(fdinfoDir, fd.name);
            Deno.writeTextFileSync(
              path,
              Deno.readTextFileSync(path).replace(/^drm-pdev:.*\n/m, ""),
            );
          }
        }
        const devices = (procRoot: string) =>
          samplerOn(procRoot, sysRootOf(scenario))
            .sample().usages.map((u) => [u.pid, u.pciBusId, u.driver]);
        const expected = devices(procRootOf(scenario));
        assert.ok(expected.length > 0);
        assert.deepEqual(devices(dir), expected);
      });
    },
  });
}

function existsDir(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}

Deno.test("sampler: exited processes, non-pid entries and a missing proc root are not errors", () => {
  withTempDir((dir) => {
    buildTree(dir, {
      "proc/555/comm": "gone\n", // exited between readdir and listing fd/: no fd dir
      "proc/meminfo": "MemTotal: 1 kB\n",
      "proc/self/comm": "not a pid\n",
      ...pidEntries(600, {
        0: ["/dev/null", "pos:\t0\nflags:\t0100002\nmnt_id:\t25\nino:\t5\n"],
        1: ["pipe:[123]", "pos:\t0\nflags:\t02000000\nmnt_id:\t15\nino:\t123\n"],
        2: ["/dev/dri/renderD128", null], // closed before its fdinfo was read
      }),
    });
    // fd 3 is a dangling entry whose link cannot be read at all (a plain file here).
    Deno.writeTextFileSync(join(dir, "proc/600/fd/3"), "");
    const sampler = samplerOn(join(dir, "proc"), join(dir, "sys"));
    assert.deepEqual(sampler.sample(), {
      usages: [],
      unreadableProcesses: 0,
      ignoredFdinfoLines: 0,
      oversizeFdinfos: 0,
      timestampMs: 10_000,
    });

    const missing = samplerOn(join(dir, "no-such-proc"), join(dir, "no-such-sys"));
    assert.deepEqual(missing.sample(), {
      usages: [],
      unreadableProcesses: 0,
      ignoredFdinfoLines: 0,
      oversizeFdinfos: 0,
      timestampMs: 10_000,
    });
  });
});

/** Two pids holding DRM clients; returns the proc root. */
function permissionTree(dir: string): string {
  const i915 = captureText("fdinfo-i915/i915-kernel-doc-example-2022.txt");
  const xe = captureText("fdinfo-xe/kernel-xe_drm_client-doc-example.txt");
  buildTree(dir, {
    ...pidEntries(101, { 3: ["/dev/dri/renderD128", i915] }),
    ...pidEntries(102, { 3: ["/dev/dri/renderD129", xe] }),
  });
  return join(dir, "proc");
}

Deno.test({
  name: "sampler: a pid whose fd/ cannot be listed is counted, not fatal (chmod 000)",
  // root reads through mode 000, so this cannot deny anything there; the --deny-read test
  // below covers the same path for root.
  ignore: Deno.uid() === 0,
  fn() {
    const dir = Deno.makeTempDirSync({ prefix: "gputop-fdinfo-" });
    const fdDir = join(dir, "proc/101/fd");
    try {
      const procRoot = permissionTree(dir);
      Deno.chmodSync(fdDir, 0o000);
      const result = samplerOn(procRoot, join(dir, "sys")).sample();
      assert.equal(result.unreadableProcesses, 1);
      assert.deepEqual(result.usages.map((u) => u.pid), [102]);
    } finally {
      Deno.chmodSync(fdDir, 0o755);
      Deno.removeSync(dir, { recursive: true });
    }
  },
});

Deno.test("sampler: a pid whose fd/ is refused is counted, not fatal (--deny-read, works as root)", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-fdinfo-" });
  try {
    const procRoot = permissionTree(dir);
    const script = join(dir, "sample.ts");
    Deno.writeTextFileSync(
      script,
      `import { DrmProcessSampler } from ${JSON.stringify(SAMPLER_MODULE)};\n` +
        `const s = new DrmProcessSampler({ procRoot: ${JSON.stringify(procRoot)}, ` +
        `sysRoot: "/nonexistent", nowMs: () => 1 });\n` +
        `const r = s.sample();\n` +
        `console.log(JSON.stringify({ pids: r.usages.map((u) => u.pid), unreadable: r.unreadableProcesses }));\n`,
    );
    // The Deno permission layer refuses proc/101/fd the way the kernel refuses another
    // user's /proc/<pid>/fd; listing it throws NotCapable, reading anything else works.
    const output = await runDeno([
      "run",
      "--no-config",
      "--no-lock",
      "--allow-read",
      `--deny-read=${join(procRoot, "101/fd")}`,
      script,
    ]);
    assert.equal(output.code, 0, output.stderr);
    assert.equal(output.stderr, ""); // nothing printed about the refusal
    assert.deepEqual(JSON.parse(output.stdout), {
      pids: [102],
      unreadable: 1,
    });
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("sampler: this machine's real /proc and /sys", () => {
  const clock = fakeClock();
  const sampler = samplerOn("/proc", "/sys", clock);
  for (let i = 0; i < 2; i++) {
    const result = sampler.sample();
    assert.ok(Array.isArray(result.usages));
    assert.equal(typeof result.unreadableProcesses, "number");
    assert.ok(Number.isInteger(result.unreadableProcesses) && result.unreadableProcesses >= 0);
    for (const u of result.usages) {
      // No DRM clients are expected here; if a GPU machine runs this, values stay sane.
      for (const percent of Object.values(u.engines ?? {})) {
        assert.ok(percent >= 0 && percent <= 100);
      }
    }
    clock.now += 100;
  }
});
