/**
 * Builds the NPU scenario of `fixtures/linux/`: `npu-amdxdna`, a machine whose only device is
 * an AMD XDNA NPU under `/sys/class/accel` (no DRM card), with one client process whose fd 4
 * points at `/dev/accel/accel0`, and `npu-amdxdna-later`, its proc tree one second on. Run
 * once; the output is committed as ttar archives and listed, value by value, in
 * `fixtures/linux/README-accel.md`:
 *
 *   deno run -A test/linux/sysfs/build_accel_fixtures.ts /work/shared/realdata/fdinfo-other
 *
 * Only the `drm-*` lines of the fdinfo are captured (amd/xdna-driver issue #324). Everything
 * in `sys`, the fdinfo's generic lines (pos, flags, mnt_id, ino), the process and every value
 * of the `-later` tree are INVENTED, following the kernel's sysfs ABI.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { drmVersion } from "./drm_sysfs.ts";
import { type TreeWriter, writeTreeArchive } from "./tree_writer.ts";

const FIXTURES = fileURLToPath(new URL("../../../fixtures/linux/", import.meta.url));
const PASSWD = Deno.readTextFileSync(join(FIXTURES, "amdgpu-discrete", "etc", "passwd"));
const CAPTURE = "amdxdna-npu-xdna-driver-issue324.txt";

/** The capture's `drm-` lines (as printed by the kernel: the reporter's 2-space indent cut). */
function captureLines(realdata: string): string[] {
  return Deno.readTextFileSync(join(realdata, CAPTURE)).split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("drm-"));
}

/** INVENTED: the NPU's PCI function, its driver link, runtime PM state and accel node. */
function npuSys(sys: TreeWriter): void {
  drmVersion(sys); // the DRM core is there; no card is
  const address = "0000:c5:00.1"; // the capture's drm-pdev
  const dir = `devices/pci0000:00/${address}`;
  sys.values(dir, {
    vendor: "0x1022",
    device: "0x17f0",
    "subsystem_vendor": "0x1022",
    "subsystem_device": "0x17f0",
    class: "0x118000",
  });
  sys.file(
    `${dir}/uevent`,
    "DRIVER=amdxdna\nPCI_CLASS=118000\nPCI_ID=1022:17F0\nPCI_SUBSYS_ID=1022:17F0\n" +
      `PCI_SLOT_NAME=${address}\nMODALIAS=pci:v00001022d000017F0sv00001022sd000017F0bc11sc80i00\n`,
  );
  sys.value(`${dir}/power/runtime_status`, "active");
  sys.value(`${dir}/power/control`, "auto");
  sys.linkTo(`${dir}/driver`, "bus/pci/drivers/amdxdna");
  sys.linkTo(`bus/pci/drivers/amdxdna/${address}`, dir);
  // The accel minor: major 261 (ACCEL_MAJOR), `device` back to the PCI function.
  const node = `${dir}/accel/accel0`;
  sys.value(`${node}/dev`, "261:0");
  sys.file(`${node}/uevent`, "MAJOR=261\nMINOR=0\nDEVNAME=accel/accel0\n");
  sys.link(`${node}/device`, `../../../${address}`);
  sys.linkTo("class/accel/accel0", node);
  sys.linkTo("dev/char/261:0", node);
}

/** INVENTED: the client process (comm, cmdline, status) and its fds; fdinfo 4 is the capture. */
function npuProc(proc: TreeWriter, drmLines: readonly string[]): void {
  const dir = "3200";
  proc.value(`${dir}/comm`, "python3");
  proc.file(
    `${dir}/cmdline`,
    ["python3", "run_llm.py", "--device", "npu"].map((a) => `${a}\0`).join(""),
  );
  proc.file(
    `${dir}/status`,
    "Name:\tpython3\nUmask:\t0022\nState:\tS (sleeping)\nTgid:\t3200\nNgid:\t0\nPid:\t3200\n" +
      "PPid:\t3100\nTracerPid:\t0\nUid:\t1000\t1000\t1000\t1000\nGid:\t1000\t1000\t1000\t1000\n" +
      "VmPeak:\t2097152 kB\nVmSize:\t2097152 kB\nVmHWM:\t524288 kB\nVmRSS:\t524288 kB\n" +
      "Threads:\t8\n",
  );
  proc.link(`${dir}/fd/0`, "/dev/null");
  proc.file(`${dir}/fdinfo/0`, "pos:\t0\nflags:\t0100002\nmnt_id:\t25\nino:\t5\n");
  proc.link(`${dir}/fd/4`, "/dev/accel/accel0");
  proc.file(
    `${dir}/fdinfo/4`,
    `pos:\t0\nflags:\t02100002\nmnt_id:\t24\nino:\t1093\n${drmLines.join("\n")}\n`,
  );
}

/**
 * INVENTED, one second on: the NPU engine busy 350 ms (35 %), and the client's buffers
 * 64 MiB total, 16 MiB of them shared, 48 MiB active (the capture's zeros are the reported
 * bug; these are plausible figures, not captured ones).
 */
function later(lines: readonly string[]): string[] {
  const values: Record<string, string> = {
    "drm-engine-npu-amdxdna": "350000000 ns",
    "drm-total-memory": "65536 KiB",
    "drm-shared-memory": "16384 KiB",
    "drm-active-memory": "49152 KiB",
  };
  return lines.map((line) => {
    const key = line.slice(0, line.indexOf(":"));
    const value = values[key];
    return value === undefined ? line : `${key}:\t${value}`;
  });
}

function archive(name: string, tree: "sys" | "proc", build: (t: TreeWriter) => void): void {
  const dir = join(FIXTURES, name);
  Deno.mkdirSync(join(dir, "etc"), { recursive: true });
  Deno.writeTextFileSync(join(dir, "etc", "passwd"), PASSWD);
  writeTreeArchive(join(dir, `${tree}.ttar`), [
    `fixtures/linux/${name}/${tree} as a ttar archive (see test/linux/sysfs/tree_to_ttar.ts);`,
    "built by test/linux/sysfs/build_accel_fixtures.ts; provenance in",
    "fixtures/linux/README-accel.md. Tests unpack it into a temporary directory.",
  ], build);
}

if (import.meta.main) {
  const lines = captureLines(Deno.args[0] ?? "/work/shared/realdata/fdinfo-other");
  archive("npu-amdxdna", "sys", npuSys);
  archive("npu-amdxdna", "proc", (proc) => npuProc(proc, lines));
  archive("npu-amdxdna-later", "proc", (proc) => npuProc(proc, later(lines)));
}
