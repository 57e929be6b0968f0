/**
 * Builds the SoC GPU scenarios of `fixtures/linux/` (panfrost, panthor, v3d, msm): a `sys`
 * tree with the GPU on the platform bus, a `proc` tree whose DRM fdinfo is the real capture
 * from `shared/realdata/fdinfo-other/`, and a `-later` proc tree, one second on, with the
 * counters moved by hand-chosen amounts. Run once; the output is committed as ttar archives
 * and listed, value by value, in `fixtures/linux/README-platform.md`:
 *
 *   deno run -A test/linux/sysfs/build_platform_fixtures.ts /work/shared/realdata/fdinfo-other
 *
 * Only the fdinfo texts are captured. Everything in `sys` (device names, `compatible`
 * strings, devfreq and thermal values) and every process detail is INVENTED, following the
 * kernel's sysfs ABI and the boards' upstream device trees; nothing here was read from a
 * real board.
 */
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { drmNodes, drmVersion, type NodeSpec } from "./drm_sysfs.ts";
import { type TreeWriter, writeTreeArchive } from "./tree_writer.ts";

const FIXTURES = fileURLToPath(new URL("../../../fixtures/linux/", import.meta.url));
const PASSWD = Deno.readTextFileSync(join(FIXTURES, "amdgpu-discrete", "etc", "passwd"));

interface PlatformSpec {
  /** Path under `devices/`, e.g. `platform/ff9a0000.gpu`. */
  path: string;
  driver: string;
  /** Device tree node path under `/`, e.g. `gpu@ff9a0000`. */
  ofNode: string;
  compatible: string[];
  nodes: NodeSpec[];
  devfreq?: { cur: number; min: number; max: number; governor: string; opps: number[] };
}

/** A platform device with its driver, of_node, DRM nodes and (optional) devfreq. */
function platformDevice(sys: TreeWriter, spec: PlatformSpec): void {
  const dir = `devices/${spec.path}`;
  const name = spec.path.split("/").pop() as string;
  const compatibleLines = spec.compatible.map((c, i) => `OF_COMPATIBLE_${i}=${c}`);
  sys.file(
    `${dir}/uevent`,
    [
      `DRIVER=${spec.driver}`,
      `OF_NAME=${spec.ofNode.split("@")[0]}`,
      `OF_FULLNAME=/${spec.ofNode}`,
      ...compatibleLines,
      `OF_COMPATIBLE_N=${spec.compatible.length}`,
      `MODALIAS=of:N${spec.ofNode.split("@")[0]}T(null)${
        spec.compatible.map((c) => `C${c}`).join("")
      }`,
      "",
    ].join("\n"),
  );
  sys.value(`${dir}/power/runtime_status`, "active");
  sys.value(`${dir}/power/control`, "auto");
  sys.linkTo(`${dir}/driver`, `bus/platform/drivers/${spec.driver}`);
  sys.linkTo(`bus/platform/drivers/${spec.driver}/${name}`, dir);
  sys.linkTo(`${dir}/subsystem`, "bus/platform");
  const ofNode = `firmware/devicetree/base/${spec.ofNode}`;
  sys.file(`${ofNode}/compatible`, spec.compatible.map((c) => `${c}\0`).join(""));
  sys.linkTo(`${dir}/of_node`, ofNode);
  drmNodes(sys, dir, spec.nodes);
  if (spec.devfreq) {
    // INVENTED: devfreq values (Hz), from the SoC's upstream OPP table.
    const f = spec.devfreq;
    const devfreq = `${dir}/devfreq/${name}`;
    sys.values(devfreq, {
      "cur_freq": f.cur,
      "target_freq": f.cur,
      "min_freq": f.min,
      "max_freq": f.max,
      governor: f.governor,
      "available_frequencies": f.opps.join(" "),
      name,
    });
    sys.linkTo(`class/devfreq/${name}`, devfreq);
  }
}

/** INVENTED: thermal zones, `type` as the upstream device tree names them, temp in m°C. */
function thermalZones(sys: TreeWriter, zones: [type: string, milliCelsius: number][]): void {
  zones.forEach(([type, temp], i) => {
    const dir = `devices/virtual/thermal/thermal_zone${i}`;
    sys.value(`${dir}/type`, type);
    sys.value(`${dir}/temp`, temp);
    sys.value(`${dir}/mode`, "enabled");
    sys.linkTo(`class/thermal/thermal_zone${i}`, dir);
  });
}

interface ProcSpec {
  pid: number;
  comm: string;
  argv: string[];
  ppid: number;
  rssKb: number;
  /** fd → [link target, fdinfo text]. */
  fds: Record<number, [string, string]>;
}

/** INVENTED: a pid directory (comm, cmdline, status, fd links, fdinfo). */
function pidDir(proc: TreeWriter, spec: ProcSpec): void {
  const dir = String(spec.pid);
  proc.value(`${dir}/comm`, spec.comm);
  proc.file(`${dir}/cmdline`, spec.argv.map((a) => `${a}\0`).join(""));
  proc.file(
    `${dir}/status`,
    [
      `Name:\t${spec.comm}`,
      "Umask:\t0022",
      "State:\tS (sleeping)",
      `Tgid:\t${spec.pid}`,
      "Ngid:\t0",
      `Pid:\t${spec.pid}`,
      `PPid:\t${spec.ppid}`,
      "TracerPid:\t0",
      "Uid:\t1000\t1000\t1000\t1000",
      "Gid:\t1000\t1000\t1000\t1000",
      `VmPeak:\t${spec.rssKb * 4} kB`,
      `VmSize:\t${spec.rssKb * 4} kB`,
      `VmHWM:\t${spec.rssKb} kB`,
      `VmRSS:\t${spec.rssKb} kB`,
      "Threads:\t4",
      "",
    ].join("\n"),
  );
  proc.link(`${dir}/fd/0`, "/dev/null");
  proc.file(`${dir}/fdinfo/0`, "pos:\t0\nflags:\t0100002\nmnt_id:\t25\nino:\t5\n");
  for (const [fd, [target, fdinfo]] of Object.entries(spec.fds)) {
    proc.link(`${dir}/fd/${fd}`, target);
    proc.file(`${dir}/fdinfo/${fd}`, fdinfo);
  }
}

/** A capture's fdinfo text: the `# source:` line and any prompt line before `pos:` dropped. */
function fdinfoOf(realdata: string, file: string): string {
  const lines = Deno.readTextFileSync(join(realdata, file)).split("\n");
  const start = lines.findIndex((line) => /^pos:/.test(line));
  const end = lines.findIndex((line, i) => i > start && line.trim() === "");
  return `${lines.slice(start, end === -1 ? undefined : end).join("\n")}\n`;
}

/**
 * A later reading of a capture: each `key:` line's number replaced by the given one, the
 * rest of the line (whitespace, unit) unchanged. Throws on a key the capture lacks.
 */
function moved(text: string, values: Record<string, number | bigint>): string {
  let out = text;
  for (const [key, value] of Object.entries(values)) {
    const pattern = new RegExp(`^(${key}:\\s+)\\d+`, "m");
    if (!pattern.test(out)) throw new Error(`capture has no ${key}`);
    out = out.replace(pattern, `$1${value}`);
  }
  return out;
}

/** Writes `<name>/<tree>.ttar` (and `etc/passwd`) from the tree `build` writes. */
function archive(name: string, tree: "sys" | "proc", build: (t: TreeWriter) => void): void {
  const dir = join(FIXTURES, name);
  Deno.mkdirSync(join(dir, "etc"), { recursive: true });
  Deno.writeTextFileSync(join(dir, "etc", "passwd"), PASSWD);
  writeTreeArchive(join(dir, `${tree}.ttar`), [
    `fixtures/linux/${name}/${tree} as a ttar archive (see test/linux/sysfs/tree_to_ttar.ts);`,
    "built by test/linux/sysfs/build_platform_fixtures.ts; provenance in",
    "fixtures/linux/README-platform.md. Tests unpack it into a temporary directory.",
  ], build);
}

/** A compositor on the display-only card: DRM core keys only (no memory, no engines). */
function compositor(pid: number, card: string, driver: string, clientId: number): ProcSpec {
  return {
    pid,
    comm: "weston",
    argv: ["/usr/bin/weston"],
    ppid: 1,
    rssKb: 65536,
    fds: {
      9: [
        `/dev/dri/${card}`,
        `pos:\t0\nflags:\t02100002\nmnt_id:\t24\nino:\t412\ndrm-driver:\t${driver}\ndrm-client-id:\t${clientId}\n`,
      ],
    },
  };
}

/** INVENTED: a GPU client, `argv[0]`'s base name as its comm, the render node open at `fd`. */
function renderClient(
  client: { pid: number; argv: string[]; ppid: number; rssKb: number; fd: number },
  fdinfo: string,
): ProcSpec {
  const { pid, argv, ppid, rssKb, fd } = client;
  const comm = basename(argv[0] ?? "");
  return { pid, comm, argv, ppid, rssKb, fds: { [fd]: ["/dev/dri/renderD128", fdinfo] } };
}

/** A proc tree of the given processes. */
function procTree(processes: readonly ProcSpec[]): (proc: TreeWriter) => void {
  return (proc) => {
    for (const process of processes) pidDir(proc, process);
  };
}

interface SocScenario {
  /** The fixture folder; its proc tree one second on is `<name>-later`. */
  name: string;
  /** The captured fdinfo file, in the realdata folder. */
  capture: string;
  /** The board's `sys` tree (after the DRM version file). */
  sys(sys: TreeWriter): void;
  /** The processes, the GPU client holding the capture's fdinfo text `fdinfo`. */
  processes(fdinfo: string): ProcSpec[];
  /** The capture's counters one second on (see `moved`). */
  later: Record<string, number | bigint>;
}

const SCENARIOS: SocScenario[] = [
  {
    // panfrost, Rockchip RK3399 (Mali-T860 MP4)
    name: "panfrost-rk3399",
    capture: "kernel-panfrost-doc-example.txt",
    sys(sys) {
      platformDevice(sys, {
        path: "platform/display-subsystem",
        driver: "rockchip-drm",
        ofNode: "display-subsystem",
        compatible: ["rockchip,display-subsystem"],
        nodes: [{ name: "card0", minor: 0, connectors: { "HDMI-A-1": "connected" } }],
      });
      platformDevice(sys, {
        path: "platform/ff9a0000.gpu",
        driver: "panfrost",
        ofNode: "gpu@ff9a0000",
        compatible: ["rockchip,rk3399-mali", "arm,mali-t860"],
        nodes: [{ name: "card1", minor: 1 }, { name: "renderD128", minor: 128 }],
        devfreq: {
          cur: 800000000,
          min: 200000000,
          max: 800000000,
          governor: "simple_ondemand",
          opps: [200000000, 300000000, 400000000, 600000000, 800000000],
        },
      });
      thermalZones(sys, [["cpu-thermal", 45000], ["gpu-thermal", 43750]]);
    },
    processes: (fdinfo) => [
      compositor(3200, "card0", "rockchip-drm", 3),
      renderClient(
        { pid: 3300, argv: ["glmark2-es2-drm", "--off-screen"], ppid: 3100, rssKb: 98304, fd: 5 },
        fdinfo,
      ),
    ],
    later: {
      // INVENTED: +400000000 ns fragment, +50000000 ns vertex-tiler in the 1 s between samples;
      // cycles moved by the same time at 800 MHz; resident memory up 4 MiB (4096 KiB).
      "drm-engine-fragment": 1846584880n + 400000000n,
      "drm-cycles-fragment": 1424359409n + 320000000n,
      "drm-engine-vertex-tiler": 71932239n + 50000000n,
      "drm-cycles-vertex-tiler": 52617357n + 40000000n,
      "drm-resident-memory": 36496 + 4096,
    },
  },
  {
    // panthor, Rockchip RK3588 (Mali-G610 MP4)
    name: "panthor-rk3588",
    capture: "kernel-panthor-doc-example.txt",
    sys(sys) {
      platformDevice(sys, {
        path: "platform/fb000000.gpu",
        driver: "panthor",
        ofNode: "gpu@fb000000",
        compatible: ["rockchip,rk3588-mali", "arm,mali-valhall-csf"],
        nodes: [{ name: "card0", minor: 0 }, { name: "renderD128", minor: 128 }],
        devfreq: {
          cur: 1000000000,
          min: 300000000,
          max: 1000000000,
          governor: "simple_ondemand",
          opps: [300000000, 400000000, 500000000, 600000000, 700000000, 800000000, 1000000000],
        },
      });
      thermalZones(sys, [["soc-thermal", 41600], ["gpu-thermal", 39800], ["npu-thermal", 40700]]);
    },
    processes: (fdinfo) => [
      renderClient({ pid: 3500, argv: ["vkcube"], ppid: 3100, rssKb: 81920, fd: 6 }, fdinfo),
    ],
    later: {
      // INVENTED: +250000000 ns (and cycles at 1 GHz) in 1 s; memory unchanged.
      "drm-engine-panthor": 111110952750n + 250000000n,
      "drm-cycles-panthor": 94439687187n + 250000000n,
    },
  },
  {
    // v3d, Raspberry Pi 4 (BCM2711; vc4 drives the display only)
    name: "v3d-rpi4",
    capture: "v3d-rpi-mcanal-2023-usage-stats-cover-letter.txt",
    sys(sys) {
      platformDevice(sys, {
        path: "platform/v3dbus/fec00000.v3d",
        driver: "v3d",
        ofNode: "v3dbus/v3d@7ec04000",
        compatible: ["brcm,2711-v3d"],
        nodes: [{ name: "card0", minor: 0 }, { name: "renderD128", minor: 128 }],
      });
      platformDevice(sys, {
        path: "platform/gpu",
        driver: "vc4-drm",
        ofNode: "gpu",
        compatible: ["brcm,bcm2711-vc5"],
        nodes: [{ name: "card1", minor: 1, connectors: { "HDMI-A-1": "connected" } }],
      });
      // The Pi 4 has one SoC sensor and no GPU zone: the GPU's temperature stays unknown.
      thermalZones(sys, [["cpu-thermal", 51121]]);
    },
    processes: (fdinfo) => [
      compositor(1000, "card1", "vc4", 2),
      renderClient({ pid: 1140, argv: ["./computecloth"], ppid: 990, rssKb: 73728, fd: 4 }, fdinfo),
    ],
    later: {
      // INVENTED deltas over 1 s: bin +10000000, render +200000000, tfu +0,
      // csd +650000000, cache_clean +90000000 ns.
      "drm-engine-bin": 1661076898n + 10000000n,
      "drm-engine-render": 31469427170n + 200000000n,
      "drm-engine-csd": 188038329691n + 650000000n,
      "drm-engine-cache_clean": 27736024038n + 90000000n,
    },
  },
  {
    // msm, Qualcomm SC7180 (Adreno 618), as on a Chromebook
    name: "msm-sc7180",
    capture: "msm-robclark-2022-06-glmark2.txt",
    sys(sys) {
      // msm's DRM device is the display processor (DPU) under the display subsystem (MDSS);
      // the GPU (5000000.gpu, with its devfreq) is a component of it with no DRM node of its
      // own, so this card has no devfreq and its clocks stay unknown.
      platformDevice(sys, {
        path: "platform/soc@0/ae00000.display-subsystem/ae01000.display-controller",
        driver: "msm_dpu",
        ofNode: "soc@0/display-subsystem@ae00000/display-controller@ae01000",
        compatible: ["qcom,sc7180-dpu"],
        nodes: [
          { name: "card0", minor: 0, connectors: { "eDP-1": "connected" } },
          { name: "renderD128", minor: 128 },
        ],
      });
      thermalZones(sys, [["cpu0-thermal", 47300], ["gpuss0-thermal", 44100], [
        "gpuss1-thermal",
        44900,
      ]]);
    },
    processes: (fdinfo) => [
      renderClient({ pid: 2100, argv: ["glmark2"], ppid: 2000, rssKb: 90112, fd: 6 }, fdinfo),
    ],
    later: {
      // INVENTED: +300000000 ns (and cycles at 800 MHz) in 1 s.
      "drm-engine-gpu": 1734371319n + 300000000n,
      "drm-cycles-gpu": 1153645024n + 240000000n,
    },
  },
];

if (import.meta.main) {
  const realdata = Deno.args[0] ?? "/work/shared/realdata/fdinfo-other";
  for (const scenario of SCENARIOS) {
    const fdinfo = fdinfoOf(realdata, scenario.capture);
    archive(scenario.name, "sys", (sys) => {
      drmVersion(sys);
      scenario.sys(sys);
    });
    archive(scenario.name, "proc", procTree(scenario.processes(fdinfo)));
    archive(
      `${scenario.name}-later`,
      "proc",
      procTree(scenario.processes(moved(fdinfo, scenario.later))),
    );
  }
}
