/**
 * Builds the `sys/` trees of `fixtures/linux/<scenario>/` from the real captures in
 * `shared/realdata/sysfs/` plus the values those captures lack. Run once; the output is
 * committed as one ttar archive per scenario (`fixtures/linux/<scenario>/sys.ttar`), and `fixtures/linux/README-sys.md` lists, file by file, which values are
 * captured and which are invented (every invented value is marked INVENTED below too).
 *
 *   deno run -A test/linux/sysfs/build_sys_fixtures.ts /work/shared/realdata/sysfs
 *
 * The layout follows the kernel's: `class/drm/<node>` and `dev/char/226:<minor>` are relative
 * symlinks into `devices/pci0000:00/<address>/drm/<node>`, each DRM node has a `device`
 * symlink back to its parent device, and the PCI device's `driver` points into
 * `bus/pci/drivers/<driver>`. Real discrete cards sit behind a PCIe bridge chain; these
 * trees put every device straight under `pci0000:00` to keep paths short.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { entriesUnder, parseTtar, type TtarEntry } from "./ttar_to_tree.ts";
import { drmNodes, drmVersion, type NodeSpec } from "./drm_sysfs.ts";
import { type TreeWriter, writeTreeArchive } from "./tree_writer.ts";

const FIXTURES = fileURLToPath(new URL("../../../fixtures/linux/", import.meta.url));

interface PciSpec {
  /** `0000:03:00.0` */
  address: string;
  vendor: string;
  device: string;
  subsystemVendor: string;
  subsystemDevice: string;
  driver: string;
  runtimeStatus: "active" | "suspended";
  bootVga: "0" | "1";
  /** Files the capture already has (uevent, vendor, ...) are not written again. */
  captured?: ReadonlySet<string>;
}

/** The render node of a scenario with one GPU, or of the first GPU. */
const RENDER_D128: NodeSpec = { name: "renderD128", minor: 128 };

const pciDir = (address: string): string => `devices/pci0000:00/${address}`;

/** The PCI-core files of a GPU function, its driver link and runtime PM state. */
function pciDevice(sys: TreeWriter, spec: PciSpec): string {
  const dir = pciDir(spec.address);
  const has = (name: string) => spec.captured?.has(name) ?? false;
  const put = (name: string, value: string) => {
    if (!has(name)) sys.value(`${dir}/${name}`, value);
  };
  put("vendor", spec.vendor);
  put("device", spec.device);
  put("subsystem_vendor", spec.subsystemVendor);
  put("subsystem_device", spec.subsystemDevice);
  put("class", "0x030000");
  put("boot_vga", spec.bootVga);
  if (!has("uevent")) {
    const id = (hex: string) => hex.slice(2).toUpperCase().padStart(4, "0");
    sys.file(
      `${dir}/uevent`,
      [
        `DRIVER=${spec.driver}`,
        "PCI_CLASS=30000",
        `PCI_ID=${id(spec.vendor)}:${id(spec.device)}`,
        `PCI_SUBSYS_ID=${id(spec.subsystemVendor)}:${id(spec.subsystemDevice)}`,
        `PCI_SLOT_NAME=${spec.address}`,
        `MODALIAS=pci:v0000${id(spec.vendor)}d0000${id(spec.device)}sv0000${
          id(spec.subsystemVendor)
        }sd0000${id(spec.subsystemDevice)}bc03sc00i00`,
        "",
      ].join("\n"),
    );
  }
  sys.value(`${dir}/power/runtime_status`, spec.runtimeStatus);
  sys.value(`${dir}/power/control`, "auto");
  sys.linkTo(`${dir}/driver`, `bus/pci/drivers/${spec.driver}`);
  sys.linkTo(`bus/pci/drivers/${spec.driver}/${spec.address}`, dir);
  return dir;
}

function writeCaptured(
  sys: TreeWriter,
  entries: readonly TtarEntry[],
  toDir: string,
  edit: (path: string, content: string) => string = (_p, c) => c,
): Set<string> {
  const written = new Set<string>();
  for (const entry of entries) {
    if (entry.kind !== "file") continue; // directories come with their files; links are redone
    sys.file(`${toDir}/${entry.path}`, edit(entry.path, entry.content));
    written.add(entry.path);
  }
  return written;
}

// ---------------------------------------------------------------------------------------
// amdgpu Vega 10 (1002:687f): the prometheus/procfs capture of card0/device.

function amdgpuVega(
  sys: TreeWriter,
  captures: Captures,
  options: {
    address: string;
    card: NodeSpec;
    render: NodeSpec;
    runtimeStatus: "active" | "suspended";
    bootVga?: "0" | "1";
  },
): void {
  const dir = pciDir(options.address);
  const capturedAddress = "0000:09:00.0";
  const captured = writeCaptured(sys, captures.vega, dir, (path, content) => {
    // The capture's card sat at 0000:09:00.0; the scenarios agree on another address.
    let text = content.replaceAll(capturedAddress, options.address);
    if (path === "boot_vga" && options.bootVga) text = `${options.bootVga}\n`;
    // PCI power state follows runtime PM (the capture was taken awake, D0).
    if (path === "power_state" && options.runtimeStatus === "suspended") text = "D3hot\n";
    return text;
  });
  pciDevice(sys, {
    address: options.address,
    vendor: "0x1002",
    device: "0x687f",
    subsystemVendor: "0x1043",
    subsystemDevice: "0x04c4",
    driver: "amdgpu",
    runtimeStatus: options.runtimeStatus,
    bootVga: options.bootVga ?? "1",
    captured,
  });
  // INVENTED: the capture has no hwmon directory. Values in hwmon units (m°C, µW, RPM, Hz).
  const hwmon = `${dir}/hwmon/hwmon0`;
  const values: Record<string, string | number> = {
    name: "amdgpu",
    "temp1_input": 34000,
    "temp1_label": "edge",
    "temp1_crit": 85000,
    "temp2_input": 36000,
    "temp2_label": "junction",
    "temp2_crit": 105000,
    "temp3_input": 38000,
    "temp3_label": "mem",
    "temp3_crit": 95000,
    "power1_average": 33000000,
    "power1_cap": 220000000,
    "power1_cap_max": 264000000,
    "power1_cap_min": 0,
    "power1_cap_default": 220000000,
    "fan1_input": 1050,
    "fan1_min": 0,
    "fan1_max": 3850,
    pwm1: 76,
    "pwm1_enable": 2,
    "pwm1_min": 0,
    "pwm1_max": 255,
    "in0_input": 800,
    "in0_label": "vddgfx",
    "freq1_input": 852000000,
    "freq1_label": "sclk",
    "freq2_input": 167000000,
    "freq2_label": "mclk",
  };
  sys.values(hwmon, values);
  drmNodes(sys, dir, [options.card, options.render]);
}

// ---------------------------------------------------------------------------------------
// amdgpu APU behind simpledrm (tuxedo-control-center issue 346: card1 = APU, card0 = simpledrm).

function amdgpuApu(sys: TreeWriter, captures: Captures): void {
  // simpledrm on the firmware framebuffer: a platform device, no PCI parent.
  const fb = "devices/platform/simple-framebuffer.0";
  sys.file(
    `${fb}/uevent`,
    "DRIVER=simple-framebuffer\nMODALIAS=platform:simple-framebuffer\n",
  );
  sys.linkTo(`${fb}/driver`, "bus/platform/drivers/simple-framebuffer");
  sys.linkTo("bus/platform/drivers/simple-framebuffer/simple-framebuffer.0", fb);
  drmNodes(sys, fb, [{ name: "card0", minor: 0, connectors: { "Unknown-1": "connected" } }]);

  const address = "0000:04:00.0";
  const dir = pciDevice(sys, {
    address,
    vendor: "0x1002",
    device: "0x1681", // INVENTED choice: Rembrandt [Radeon 680M]; the issue does not say.
    subsystemVendor: "0x1d05",
    subsystemDevice: "0x1111",
    driver: "amdgpu",
    runtimeStatus: "active",
    bootVga: "1",
  });
  sys.file(`${dir}/pp_dpm_sclk`, captures.tuxedoSclk); // captured, trailing spaces kept
  const values: Record<string, string | number> = {
    // INVENTED, all of these.
    revision: "0xc8",
    "gpu_busy_percent": 7,
    "mem_info_vram_total": 536870912,
    "mem_info_vram_used": 197132288,
    "mem_info_vis_vram_total": 536870912,
    "mem_info_vis_vram_used": 197132288,
    "mem_info_gtt_total": 16106127360,
    "mem_info_gtt_used": 1073741824,
  };
  sys.values(dir, values);
  const hwmon = `${dir}/hwmon/hwmon3`;
  const sensors: Record<string, string | number> = {
    // INVENTED. APU hwmon: edge only, no crit, no fan, no power cap, vddnb present.
    name: "amdgpu",
    "temp1_input": 45000,
    "temp1_label": "edge",
    "in0_input": 1080,
    "in0_label": "vddgfx",
    "in1_input": 1000,
    "in1_label": "vddnb",
    "power1_input": 9000000,
    "power1_label": "PPT",
    "freq1_input": 400000000,
    "freq1_label": "sclk",
  };
  sys.values(hwmon, sensors);
  const card1 = { name: "card1", minor: 1, connectors: { "eDP-1": "connected" } };
  drmNodes(sys, dir, [card1, RENDER_D128]);
}

// ---------------------------------------------------------------------------------------
// i915 Kaby Lake (8086:5917): the prometheus/procfs capture of card1 with connectors.

function i915KabyLake(sys: TreeWriter, captures: Captures, card: NodeSpec, render: NodeSpec): void {
  const address = "0000:00:02.0";
  const dir = pciDir(address);
  const captured = writeCaptured(
    sys,
    entriesUnder(captures.i915, "fixtures/sys/class/drm/card1/device"),
    dir,
  );
  pciDevice(sys, {
    address,
    vendor: "0x8086",
    device: "0x5917",
    subsystemVendor: "0x17aa", // from the captured uevent's PCI_SUBSYS_ID=17AA:2258
    subsystemDevice: "0x2258",
    driver: "i915",
    runtimeStatus: "active",
    bootVga: "1",
    captured,
  });
  const cardDir = `${dir}/drm/${card.name}`;
  // Captured connectors, renamed to this scenario's card.
  for (const entry of entriesUnder(captures.i915, "fixtures/sys/class/drm/card1")) {
    if (entry.kind !== "file" || !entry.path.startsWith("card1-")) continue;
    const path = entry.path.replace(/^card1-/, `${card.name}-`);
    sys.file(`${cardDir}/${path}`, entry.content);
  }
  for (const connector of ["DP-1", "DP-5"]) {
    sys.linkTo(`class/drm/${card.name}-${connector}`, `${cardDir}/${card.name}-${connector}`);
  }
  // INVENTED: GT frequencies (MHz) in a plausible range for UHD 620, legacy and per-GT files.
  const freqs = { act: 350, cur: 350, min: 300, max: 1100, boost: 1100, RP0: 1100, RP1: 300 };
  for (const [kind, mhz] of Object.entries({ ...freqs, RPn: 300 })) {
    sys.value(`${cardDir}/gt_${kind}_freq_mhz`, mhz);
    sys.value(`${cardDir}/gt/gt0/rps_${kind}_freq_mhz`, mhz);
  }
  drmNodes(sys, dir, [card, render]);
}

// ---------------------------------------------------------------------------------------
// xe Battlemage B580 (8086:e20b): LACT issue 893 gives tile0/gt1/freq0 at idle, nothing else.

function xeB580(sys: TreeWriter, captures: Captures): void {
  const address = "0000:03:00.0";
  const dir = pciDevice(sys, {
    address,
    vendor: "0x8086",
    device: "0xe20b",
    subsystemVendor: "0x8086", // INVENTED subsystem ids
    subsystemDevice: "0x1100",
    driver: "xe",
    runtimeStatus: "active",
    bootVga: "1",
  });
  sys.value(`${dir}/revision`, "0x00"); // INVENTED
  sys.value(`${dir}/tile0/physical_vram_size_bytes`, 12884901888); // INVENTED (12 GiB card)
  const names = ["act", "cur", "min", "max", "rp0", "rpa", "rpe", "rpn"];
  // captured: gt1 is the media GT; act_freq 0 = idle (C6)
  names.forEach((name, i) => {
    sys.value(`${dir}/tile0/gt1/freq0/${name}_freq`, captures.xeGt1[i] as string);
  });
  sys.value(`${dir}/tile0/gt1/gtidle/name`, "gt1-mc");
  // INVENTED: gt0 (primary/render GT) values.
  const gt0 = [2350, 2400, 400, 2850, 2850, 2350, 1800, 400];
  names.forEach((name, i) => sys.value(`${dir}/tile0/gt0/freq0/${name}_freq`, gt0[i] as number));
  sys.value(`${dir}/tile0/gt0/gtidle/name`, "gt0-rc");
  const hwmon = `${dir}/hwmon/hwmon2`;
  const sensors: Record<string, string | number> = {
    // INVENTED: xe hwmon (µJ, µW, m°C) with its labels.
    name: "xe",
    "energy1_input": 4638412345,
    "energy1_label": "card",
    "energy2_input": 5638412345,
    "energy2_label": "pkg",
    "power1_max": 190000000,
    "power1_rated_max": 190000000,
    "power1_label": "card",
    "power2_max": 0,
    "power2_label": "pkg",
    "temp2_input": 48000,
    "temp2_label": "pkg",
    "temp3_input": 52000,
    "temp3_label": "vram",
  };
  sys.values(hwmon, sensors);
  drmNodes(sys, dir, [
    { name: "card0", minor: 0, connectors: { "DP-1": "connected" } },
    RENDER_D128,
  ]);
}

// ---------------------------------------------------------------------------------------

interface Captures {
  vega: TtarEntry[];
  i915: TtarEntry[];
  tuxedoSclk: string;
  xeGt1: string[];
}

function readCaptures(realdata: string): Captures {
  const read = (name: string) => Deno.readTextFileSync(join(realdata, name));
  const vegaAll = parseTtar(read("amdgpu-vega-sysfs-card0-device-procfs-ttar.txt"));
  const tuxedo = read("amdgpu-pp_dpm_sclk-card1-simpledrm-card0-tuxedo-issue346.txt").split("\n");
  const xe = read("xe-b580-tile0-gt1-freq0-values-lact-issue893-partial.txt").split("\n");
  const start = xe.findIndex((line) => line.startsWith("cat /sys/class/drm/card0/device/tile0"));
  return {
    vega: entriesUnder(vegaAll, "fixtures/sys/class/drm/card0/device"),
    i915: parseTtar(read("i915-kabylake-sysfs-card1-procfs-ttar.txt")),
    // the three lines after "# cat .../card1/device/pp_dpm_sclk  "
    tuxedoSclk: `${tuxedo.slice(2, 5).join("\n")}\n`,
    xeGt1: xe.slice(start + 1, start + 9),
  };
}

/** Builds the tree and commits it as `<scenario>/sys.ttar`. */
function scenario(name: string, build: (sys: TreeWriter) => void): void {
  writeTreeArchive(
    join(FIXTURES, name, "sys.ttar"),
    [
      `fixtures/linux/${name}/sys as a ttar archive (see test/linux/sysfs/tree_to_ttar.ts);`,
      "provenance in fixtures/linux/README-sys.md. Tests unpack it into a temporary directory.",
    ],
    (sys) => {
      drmVersion(sys);
      build(sys);
    },
  );
}

if (import.meta.main) {
  const realdata = Deno.args[0] ?? "/work/shared/realdata/sysfs";
  const captures = readCaptures(realdata);
  scenario("amdgpu-discrete", (sys) =>
    amdgpuVega(sys, captures, {
      address: "0000:03:00.0",
      card: { name: "card0", minor: 0, connectors: { "DP-1": "connected" } },
      render: RENDER_D128,
      runtimeStatus: "active",
    }));
  scenario("amdgpu-apu", (sys) => amdgpuApu(sys, captures));
  scenario(
    "i915-integrated",
    (sys) => i915KabyLake(sys, captures, { name: "card1", minor: 1 }, RENDER_D128),
  );
  scenario("xe-discrete", (sys) => xeB580(sys, captures));
  scenario("mixed-two-gpus", (sys) => {
    i915KabyLake(sys, captures, { name: "card0", minor: 0 }, RENDER_D128);
    amdgpuVega(sys, captures, {
      address: "0000:03:00.0",
      card: { name: "card1", minor: 1, connectors: { "DP-2": "disconnected" } },
      render: { name: "renderD129", minor: 129 },
      runtimeStatus: "active",
      bootVga: "0",
    });
  });
  scenario("suspended-gpu", (sys) =>
    amdgpuVega(sys, captures, {
      address: "0000:03:00.0",
      card: { name: "card0", minor: 0, connectors: { "DP-1": "disconnected" } },
      render: RENDER_D128,
      runtimeStatus: "suspended",
    }));
}
