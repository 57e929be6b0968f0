/**
 * Scratch copies of the fixture scenarios with GPU-health trouble written into them: a PCIe
 * link trained below its max, amdgpu RAS counts and bad pages, Intel throttle reasons. Each
 * returns the `--sys-root` / `--proc-root` flags of the copy and `dispose()` to remove it.
 */
import { join } from "node:path";
import { pciDir, procRootOf, type Scenario, scratchSys } from "../../linux/sysfs/fixture_tree.ts";

export interface SickTree {
  args: string[];
  sysRoot: string;
  dispose(): void;
}

function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    Deno.mkdirSync(join(dir, name, ".."), { recursive: true });
    Deno.writeTextFileSync(join(dir, name), text);
  }
}

function tree(scenario: Scenario, edit: (sysRoot: string) => void): SickTree {
  const scratch = scratchSys(scenario);
  edit(scratch.root);
  return {
    args: ["--backends", "drm", "--sys-root", scratch.root, "--proc-root", procRootOf(scenario)],
    sysRoot: scratch.root,
    dispose: scratch.dispose,
  };
}

export interface AmdgpuTrouble {
  /** `current_link_width` (the Vega capture: 16 of 16). */
  width?: number;
  /** `ras/<block>_err_count` text per block. */
  errCounts?: Record<string, string>;
  /** `ras/gpu_vram_bad_pages` text. */
  badPages?: string;
}

/** amdgpu-discrete (the captured Vega: 8.0 GT/s x16 current and max) with `trouble` added. */
export function sickAmdgpu(trouble: AmdgpuTrouble): SickTree {
  return tree("amdgpu-discrete", (sysRoot) => {
    const dir = pciDir(sysRoot, "0000:03:00.0");
    if (trouble.width !== undefined) write(dir, { current_link_width: `${trouble.width}\n` });
    for (const [block, text] of Object.entries(trouble.errCounts ?? {})) {
      write(dir, { [`ras/${block}_err_count`]: text });
    }
    if (trouble.badPages !== undefined) write(dir, { "ras/gpu_vram_bad_pages": trouble.badPages });
  });
}

/** i915-integrated with `throttle_reason_<flag>` files in gt0 (0 unless listed in `set`). */
export function throttledI915(set: readonly string[]): SickTree {
  return tree("i915-integrated", (sysRoot) => {
    const gt0 = join(sysRoot, "class", "drm", "card1", "gt", "gt0");
    const flags = ["status", "pl1", "pl2", "pl4", "thermal", "prochot", "ratl", "vr_tdc"];
    const any = set.length > 0 ? "1" : "0";
    write(gt0, { throttle_reason_status: `${any}\n` });
    for (const flag of flags.filter((f) => f !== "status")) {
      write(gt0, { [`throttle_reason_${flag}`]: set.includes(flag) ? "1\n" : "0\n" });
    }
  });
}

/** xe-discrete with `reason_<flag>` files under tile0/gt0/freq0/throttle. */
export function throttledXe(set: readonly string[]): SickTree {
  return tree("xe-discrete", (sysRoot) => {
    const dir = join(pciDir(sysRoot, "0000:03:00.0"), "tile0", "gt0", "freq0", "throttle");
    write(dir, { status: set.length > 0 ? "1\n" : "0\n" });
    for (const flag of ["pl1", "pl2", "pl4", "thermal", "prochot", "vr_thermalert", "vr_tdc"]) {
      write(dir, { [`reason_${flag}`]: set.includes(flag) ? "1\n" : "0\n" });
    }
  });
}
