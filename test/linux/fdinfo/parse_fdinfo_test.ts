/**
 * parseFdinfo on every real capture (copied verbatim from the shared realdata folders into
 * `fixtures/fdinfo/`, `# source:` line included: it is one of the lines the parser must ignore),
 * with expected values worked out by hand from the capture text, then on hand-made edge
 * cases.
 */
import assert from "node:assert/strict";
import { parseFdinfo } from "../../../src/linux/fdinfo/parse_fdinfo.ts";
import type { FdinfoRegionMemory, ParsedFdinfo } from "../../../src/linux/fdinfo/parsed_fdinfo.ts";
import { capture, CAPTURES_DIR } from "./captures.ts";

const KiB = 1024;
const MiB = 1024 * 1024;

function region(
  totalBytes: number | null,
  sharedBytes: number | null,
  residentBytes: number | null,
  purgeableBytes: number | null,
  activeBytes: number | null,
): FdinfoRegionMemory {
  return { totalBytes, sharedBytes, residentBytes, purgeableBytes, activeBytes };
}

function parsed(fields: Partial<ParsedFdinfo>): ParsedFdinfo {
  return {
    driver: null,
    pdev: null,
    clientId: null,
    clientName: null,
    engineBusyNs: {},
    engineCapacity: {},
    engineCycles: {},
    engineTotalCycles: {},
    engineMaxFreqHz: {},
    engineCurFreqHz: {},
    enginePercent: {},
    memory: {},
    unknown: {},
    ignoredLines: 0,
    ...fields,
  };
}

/** Every capture file and what it must parse to. */
const EXPECTED: Record<string, ParsedFdinfo> = {
  "fdinfo-amdgpu/amdgpu-tvrtko-patch-v1-2024-05-new-style-gfx.txt": parsed({
    driver: "amdgpu",
    pdev: "0000:04:00.0",
    clientId: "30",
    engineBusyNs: { gfx: 39456116802 },
    memory: {
      // drm-total/shared/active/resident-cpu: 0 (bare, bytes); no purgeable line.
      // drm-memory-cpu: 0 KiB is the alias of resident, already given.
      cpu: region(0, 0, 0, null, 0),
      // total 22 MiB → 22 × 1048576 = 23068672; shared 0; resident 22 MiB = 23068672;
      // active 10 MiB → 10485760. (drm-memory-gtt: 22528 KiB × 1024 = 23068672, same.)
      gtt: region(22 * MiB, 0, 23068672, null, 10485760),
      // total 544428 KiB × 1024 = 557494272; shared 13584 KiB × 1024 = 13910016;
      // active 260356 KiB × 1024 = 266604544; resident 544428 KiB = 557494272.
      vram: region(557494272, 13910016, 557494272, null, 266604544),
    },
    unknown: {
      pasid: "32785",
      "amd-memory-visible-vram": "544428 KiB",
      "amd-evicted-vram": "0 KiB",
      "amd-evicted-visible-vram": "0 KiB",
      "amd-requested-vram": "544428 KiB",
      "amd-requested-visible-vram": "90112 KiB",
      "amd-requested-gtt": "22528 KiB",
    },
    ignoredLines: 1, // "# source: ..."
  }),
  "fdinfo-amdgpu/amdgpu-old-style-drm-memory-gfx-only-amdgpu_top-issue87.txt": parsed({
    driver: "amdgpu",
    pdev: "0000:08:00.0",
    clientId: "217",
    // "107322799 ns                ------->keep  growing": the reporter's note after the
    // unit is tolerated; the counter is 107322799 ns.
    engineBusyNs: { gfx: 107322799 },
    memory: {
      vram: region(null, null, 2068 * KiB, null, null), // 2068 KiB → 2117632
      gtt: region(null, null, 8192 * KiB, null, null), // 8192 KiB → 8388608
      cpu: region(null, null, 0, null, null),
    },
    unknown: { pasid: "32784" },
    ignoredLines: 2, // "# source: ...", "## cat /proc/2217/fdinfo/99"
  }),
  "fdinfo-amdgpu/amdgpu-rocmi-kfd-py-datacenter-memory-only.txt": parsed({
    driver: "amdgpu",
    pdev: "0000:83:00.0",
    clientId: "1203108",
    memory: {
      vram: region(null, null, 77824, null, null), // 76 KiB × 1024 = 77824
      gtt: region(null, null, 45056, null, null), // 44 KiB × 1024 = 45056
      cpu: region(null, null, 6348800, null, null), // 6200 KiB × 1024 = 6348800
    },
    unknown: {
      pasid: "32771",
      "amd-memory-visible-vram": "76 KiB",
      "amd-evicted-vram": "0 KiB",
      "amd-evicted-visible-vram": "0 KiB",
      "amd-requested-vram": "76 KiB",
      "amd-requested-visible-vram": "76 KiB",
      "amd-requested-gtt": "56 KiB",
    },
    ignoredLines: 2, // "# source: ...", "# cat /proc/3766769/fdinfo/8"
  }),
  "fdinfo-amdgpu/amdgpu-OLD-5.14-5.18-format-kernel5.15-amdgpu_top-issue17.txt": parsed({
    driver: "amdgpu", // implied by the pre-standard amdgpu key set
    pdev: "0000:04:00.0", // "pdev:"
    clientId: "32774", // "pasid:" stands in for the missing drm-client-id
    enginePercent: { gfx: 70.59 }, // "gfx0: 70.59%" (ring 0 of gfx)
    memory: {
      vram: region(null, null, 17608704, null, null), // "vram mem: 17196 kB" × 1024
      gtt: region(null, null, 6291456, null, null), // "gtt mem: 6144 kB" × 1024
      cpu: region(null, null, 0, null, null), // "cpu mem: 0 kB"
    },
    unknown: { pdev: "0000:04:00.0", pasid: "32774" },
    ignoredLines: 2, // "# source: ...", "~/amdgpu_top$ cat /proc/4728/fdinfo/7"
  }),
  "fdinfo-i915/i915-kernel-doc-example-2022.txt": parsed({
    driver: "i915",
    pdev: "0000:00:02.0",
    clientId: "7",
    engineBusyNs: {
      render: 9288864723,
      copy: 2035071108,
      video: 0,
      "video-enhance": 0,
    },
    engineCapacity: { video: 2 },
    ignoredLines: 1, // "# source: ..."
  }),
  "fdinfo-i915/i915-tvrtko-dri-devel-2022-01-25-integrated.txt": parsed({
    driver: "i915",
    pdev: "0000:00:02.0",
    clientId: "22",
    engineBusyNs: { render: 196329331, copy: 0, video: 0, "video-enhance": 0 },
    engineCapacity: { video: 2 },
    ignoredLines: 2, // "# source: ...", "$ sudo cat /proc/7296/fdinfo/10"
  }),
  "fdinfo-xe/kernel-xe_drm_client-doc-example.txt": parsed({
    driver: "xe",
    pdev: "0000:03:00.0",
    clientId: "3",
    engineCapacity: { vcs: 2, vecs: 2, ccs: 4 }, // rcs and bcs have none: capacity 1
    engineCycles: { rcs: 28257900, bcs: 0, vcs: 0, vecs: 0, ccs: 0 },
    engineTotalCycles: {
      rcs: 7655183225,
      bcs: 7655183225,
      vcs: 7655183225,
      vecs: 7655183225,
      ccs: 7655183225,
    },
    memory: {
      system: region(0, 0, 0, 0, 0), // purgeable printed for system only
      gtt: region(196608, 0, 196608, null, 0), // 192 KiB × 1024 = 196608
      // total/resident 23992 KiB × 1024 = 24567808; shared 16 MiB = 16777216 (shared >
      // total in the original; kept as printed).
      vram0: region(24567808, 16 * MiB, 24567808, null, 0),
      stolen: region(0, 0, 0, null, 0),
    },
    ignoredLines: 1, // "# source: ..."
  }),
  "fdinfo-other/kernel-panfrost-doc-example.txt": parsed({
    driver: "panfrost",
    clientId: "14",
    engineBusyNs: { fragment: 1846584880, "vertex-tiler": 71932239 },
    engineCycles: { fragment: 1424359409, "vertex-tiler": 52617357 },
    engineMaxFreqHz: { fragment: 799999987, "vertex-tiler": 799999987 },
    engineCurFreqHz: { fragment: 799999987, "vertex-tiler": 799999987 },
    memory: {
      // total 290 MiB × 1048576 = 304087040; shared "0 MiB" = 0;
      // resident 36496 KiB × 1024 = 37371904; purgeable 128 KiB = 131072;
      // active 226 MiB × 1048576 = 236978176.
      memory: region(304087040, 0, 37371904, 131072, 236978176),
    },
    ignoredLines: 1,
  }),
  "fdinfo-other/kernel-panthor-doc-example.txt": parsed({
    driver: "panthor",
    clientId: "10",
    engineBusyNs: { panthor: 111110952750 },
    engineCycles: { panthor: 94439687187 },
    engineMaxFreqHz: { panthor: 1000000000 },
    engineCurFreqHz: { panthor: 1000000000 },
    memory: {
      // total/resident 16480 KiB × 1024 = 16875520; active 16200 KiB × 1024 = 16588800.
      memory: region(16875520, 0, 16875520, 0, 16588800),
    },
    ignoredLines: 1,
  }),
  "fdinfo-other/msm-robclark-2022-06-glmark2.txt": parsed({
    driver: "msm",
    clientId: "7",
    engineBusyNs: { gpu: 1734371319 },
    engineCycles: { gpu: 1153645024 },
    engineMaxFreqHz: { gpu: 800000000 }, // "800000000 Hz"
    ignoredLines: 2, // "# source: ...", "# cat /proc/`pgrep glmark2`/fdinfo/6"
  }),
  "fdinfo-other/v3d-rpi-mcanal-2023-usage-stats-cover-letter.txt": parsed({
    driver: "v3d",
    clientId: "44",
    engineBusyNs: {
      bin: 1661076898,
      render: 31469427170,
      tfu: 5002964,
      csd: 188038329691,
      cache_clean: 27736024038,
    },
    unknown: {
      "v3d-jobs-bin": "19576 jobs",
      "v3d-jobs-render": "19575 jobs",
      "v3d-jobs-tfu": "13 jobs",
      "v3d-jobs-csd": "250393 jobs",
      "v3d-jobs-cache_clean": "250392 job",
    },
    // "# source: ...", "$ cat /proc/1140/fdinfo/4", "* Example gputop output:",
    // "DRM minor 128", the table header and its three rows: 8.
    ignoredLines: 8,
  }),
  "fdinfo-other/amdxdna-npu-xdna-driver-issue324.txt": parsed({
    driver: "amdxdna_accel_driver",
    pdev: "0000:c5:00.1",
    clientId: "76",
    engineBusyNs: { "npu-amdxdna": 0 },
    memory: { memory: region(0, 0, null, null, 0) }, // no resident line
    // "# source: ...", "Opening /dev/accel/accel0...", "Got fd: 4" (key with a space),
    // "Trying to read DRM stats from /proc/self/fdinfo/4:" (key with spaces).
    ignoredLines: 4,
  }),
};

Deno.test("every real capture has an expectation", () => {
  const files: string[] = [];
  for (const dir of ["fdinfo-amdgpu", "fdinfo-i915", "fdinfo-xe", "fdinfo-other"]) {
    for (const entry of Deno.readDirSync(CAPTURES_DIR + dir)) files.push(`${dir}/${entry.name}`);
  }
  assert.deepEqual(files.sort(), Object.keys(EXPECTED).sort());
});

for (const [file, expected] of Object.entries(EXPECTED)) {
  Deno.test(`parseFdinfo: ${file}`, () => {
    assert.deepEqual(parseFdinfo(capture(file)), expected);
  });
}

Deno.test("parseFdinfo: tabs, spaces and space-then-tab after the colon read the same", () => {
  const withTabs = "drm-driver:\ti915\ndrm-client-id:\t9\ndrm-total-local0:\t4 KiB\n";
  const withSpaces = "drm-driver:   i915\ndrm-client-id: 9\ndrm-total-local0:     4 KiB\n";
  const mixed = "drm-driver: \ti915\ndrm-client-id:\t 9\ndrm-total-local0: \t4 KiB\n";
  const expected = parseFdinfo(withTabs);
  assert.equal(expected?.memory["local0"]?.totalBytes, 4096);
  assert.deepEqual(parseFdinfo(withSpaces), expected);
  assert.deepEqual(parseFdinfo(mixed), expected);
  // CRLF line ends and leading indentation are tolerated too.
  assert.deepEqual(parseFdinfo(withTabs.replaceAll("\n", "\r\n")), expected);
  assert.deepEqual(parseFdinfo(withTabs.replaceAll(/^/gm, "  ")), expected);
});

Deno.test("parseFdinfo: a duplicate drm-client-id keeps the first (DRM core) value", () => {
  // Core's drm_show_fdinfo prints driver, client-id and pdev before the driver's own lines,
  // so a driver-printed second drm-client-id comes after it.
  const text = [
    "drm-driver:\tamdgpu",
    "drm-client-id:\t1841",
    "drm-pdev:\t0000:03:00.0",
    "pasid:\t32785",
    "drm-driver:\tamdgpu",
    "drm-pdev:\t0000:03:00.0",
    "drm-client-id:\t9083",
    "drm-memory-vram:\t4 KiB",
    "drm-memory-vram:\t8 KiB",
  ].join("\n");
  const result = parseFdinfo(text);
  assert.equal(result?.clientId, "1841");
  assert.equal(result?.memory["vram"]?.residentBytes, 4096); // first value again
  assert.equal(result?.ignoredLines, 0); // duplicates are not garbage
});

Deno.test("parseFdinfo: units are normalised to bytes and Hz", () => {
  const result = parseFdinfo([
    "drm-driver: test",
    "drm-total-a: 1000", // no unit: bytes
    "drm-total-b: 3 KiB", // 3 × 1024 = 3072
    "drm-total-c: 5 MiB", // 5 × 1048576 = 5242880
    "drm-total-d: 2 GiB", // 2 × 1073741824 = 2147483648
    "drm-total-e: 7KiB", // no space before the unit: 7168
    "drm-maxfreq-x: 1200 MHz", // 1.2e9 Hz
    "drm-maxfreq-y: 500 KHz", // 5e5 Hz
    "drm-maxfreq-z: 19200000 Hz",
    "drm-engine-big: 18446744073709551615 ns", // 2^64 − 1, the largest u64
    "drm-engine-bare: 42", // a bare ns counter is accepted
  ].join("\n"));
  assert.ok(result);
  const totals = Object.fromEntries(
    Object.entries(result.memory).map(([name, region]) => [name, region.totalBytes]),
  );
  assert.deepEqual(totals, { a: 1000, b: 3072, c: 5242880, d: 2147483648, e: 7168 });
  assert.deepEqual(result.engineMaxFreqHz, { x: 1.2e9, y: 5e5, z: 19200000 });
  // Counters are doubles: 2^64 − 1 reads as the nearest one, 2^64 (fdinfo_numbers.ts).
  assert.deepEqual(result.engineBusyNs, { big: 2 ** 64, bare: 42 });
  assert.equal(result.ignoredLines, 0);
});

Deno.test("parseFdinfo: drm-memory-<r> is resident only when drm-resident-<r> is absent", () => {
  const result = parseFdinfo([
    "drm-driver: amdgpu",
    "drm-memory-vram: 2 KiB", // alias line first …
    "drm-resident-vram: 4096", // … still loses to the standard key
    "drm-memory-gtt: 3 KiB",
  ].join("\n"));
  assert.equal(result?.memory["vram"]?.residentBytes, 4096);
  assert.equal(result?.memory["gtt"]?.residentBytes, 3072);
});

Deno.test("parseFdinfo: garbage lines are ignored and counted, never fatal", () => {
  const result = parseFdinfo([
    "drm-driver: i915",
    "this line has no colon",
    ": no key",
    "two words: in the key",
    "drm-engine-render: abc ns", // not a number
    "drm-engine-copy: 12 ms", // wrong unit
    "drm-engine-capacity-video: 0", // zero capacity is not allowed
    "drm-total-local0: 12 bogons", // unknown unit
    "drm-total-system0: 5 kB", // kB is only the legacy amdgpu unit
    "drm-client-id: -4",
    "drm-engine-video: 7 ns",
    "",
    "   ",
  ].join("\n"));
  assert.ok(result);
  assert.equal(result.ignoredLines, 9); // blank lines are not counted
  assert.deepEqual(result.engineBusyNs, { video: 7 });
  assert.deepEqual(result.engineCapacity, {});
  assert.deepEqual(result.memory, {});
  assert.equal(result.clientId, null);
});

Deno.test("parseFdinfo: names of Object.prototype members are garbage, nothing is polluted", () => {
  const result = parseFdinfo([
    "drm-driver: evil",
    "drm-engine-constructor: 5 ns",
    "drm-engine-capacity-toString: 2",
    "drm-total-__proto__: 4 KiB",
    "drm-cycles-hasOwnProperty: 1",
    "__proto__: x",
    "drm-__proto__: y",
    "drm-engine-render: 1 ns",
  ].join("\n"));
  assert.ok(result);
  assert.equal(result.ignoredLines, 5);
  assert.deepEqual(result.engineBusyNs, { render: 1 });
  assert.deepEqual(result.memory, {});
  assert.deepEqual(result.unknown, { "drm-__proto__": "y" }); // an ordinary own key
  assert.equal(Object.getPrototypeOf(result.memory), Object.prototype);
  assert.equal(({} as Record<string, unknown>)["totalBytes"], undefined);
});

Deno.test("parseFdinfo: unknown keys are kept aside", () => {
  const result = parseFdinfo(
    "drm-driver: xe\ndrm-client-name: my-app\nxe-thing: 5 things\ndrm-future-key: 1\n",
  );
  assert.equal(result?.clientName, "my-app");
  assert.deepEqual(result?.unknown, { "xe-thing": "5 things", "drm-future-key": "1" });
});

Deno.test("parseFdinfo: drm-pdev is normalised; a non-PCI value is kept aside", () => {
  assert.equal(parseFdinfo("drm-driver: x\ndrm-pdev: 0000:0A:00.0\n")?.pdev, "0000:0a:00.0");
  const platform = parseFdinfo("drm-driver: x\ndrm-pdev: fde60000.gpu\n");
  assert.equal(platform?.pdev, null);
  assert.equal(platform?.unknown["drm-pdev"], "fde60000.gpu");
});

Deno.test("parseFdinfo: legacy amdgpu percentages keep the kernel's unpadded fraction", () => {
  // The kernel printed "%d.%d%%" with perc = 10000 × busy: "70.5%" is 7005 → 70.05.
  const result = parseFdinfo([
    "pdev:\t0000:04:00.0",
    "pasid:\t32774",
    "vram mem:\t0 kB",
    "gfx0:\t70.5%",
    "compute0:\t10.0%",
    "compute1:\t30.25%", // several rings of one IP: the busiest one
    "enc_10:\t1.50%", // enc_1 ring 0
    "dec0:\t0.5%",
  ].join("\n"));
  assert.deepEqual(result?.enginePercent, { gfx: 70.05, compute: 30.25, enc_1: 1.5, dec: 0.05 });
  assert.equal(result?.driver, "amdgpu");
});

Deno.test("parseFdinfo: not a DRM client → null", () => {
  // A pipe's fdinfo: only the generic keys.
  assert.equal(parseFdinfo("pos:\t0\nflags:\t02000000\nmnt_id:\t15\nino:\t123\n"), null);
  assert.equal(parseFdinfo(""), null);
  assert.equal(parseFdinfo("complete garbage\n\u0000\u0001\n"), null);
  // An eventfd's extra key, an epoll's tfd lines: still not DRM.
  assert.equal(parseFdinfo("pos:\t0\nflags:\t02\nmnt_id:\t16\nino:\t1\neventfd-count:\t0\n"), null);
  // Legacy-looking memory lines without a pdev are not enough to claim amdgpu.
  assert.equal(parseFdinfo("vram mem:\t4 kB\n"), null);
});

Deno.test("parseFdinfo: huge values and megabyte lines are dropped and counted", () => {
  const longLine = `drm-total-vram0: ${"9".repeat(1024 * 1024)} KiB`;
  const result = parseFdinfo([
    "drm-driver: amdgpu",
    "drm-total-gtt: 99999999999999999999999 KiB", // 23 digits: more than a u64 can hold
    "drm-total-vram1: 9007199254740992 KiB", // 2^53 × 1024: past Number.MAX_SAFE_INTEGER
    longLine, // 1 MiB of digits: never parsed
    "drm-engine-gfx: 18446744073709551616 ns", // 2^64: one more than a u64
    "drm-engine-capacity-gfx: 99999999999999999999", // 20 digits, not a safe integer
    "drm-client-id: 123456789012345678901", // 21 digits
    "drm-maxfreq-gfx: 9999999999999 MHz", // 1e19 Hz: past 2^53
    `drm-client-name: ${"x".repeat(5000)}`, // longer than any line limit a kernel prints
    "drm-total-system: 9007199254740991", // 2^53 − 1 bytes exactly: still safe, kept
  ].join("\n"));
  assert.ok(result);
  assert.equal(result.ignoredLines, 8);
  assert.deepEqual(Object.keys(result.memory), ["system"]);
  assert.equal(result.memory["system"]?.totalBytes, Number.MAX_SAFE_INTEGER);
  assert.deepEqual(result.engineBusyNs, {});
  assert.deepEqual(result.engineCapacity, {});
  assert.deepEqual(result.engineMaxFreqHz, {});
  assert.equal(result.clientId, null);
  assert.equal(result.clientName, null);
});
