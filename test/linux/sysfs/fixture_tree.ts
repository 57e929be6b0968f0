/**
 * Paths of the scenario fixtures (for the sysfs, DRM backend and fdinfo sampler tests), the
 * flags that point gputop at them, and scratch copies of them for tests that change a file
 * between two readings or remove one.
 *
 * In git a scenario is `fixtures/linux/<scenario>/` holding `sys.ttar` and `proc.ttar` (text
 * archives, see `tree_to_ttar.ts`: sysfs and proc trees have names with `:` and symlinks, which
 * a Windows or macOS checkout cannot hold) beside plain files such as `etc/passwd`. The first
 * call for a scenario lays it out, archives unpacked, under one temporary directory per test
 * process; that directory is removed when the process ends. Copies keep symlinks as symlinks
 * (sysfs is made of relative links), so a copied tree behaves like the original.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseTtar } from "./ttar_to_tree.ts";
import { writeEntries } from "./tree_to_ttar.ts";

/** The committed scenario folders (archives and plain files), not to be read as trees. */
export const FIXTURES_LINUX = fileURLToPath(new URL("../../../fixtures/linux/", import.meta.url));

export const SCENARIOS = [
  "amdgpu-discrete",
  "amdgpu-apu",
  "i915-integrated",
  "xe-discrete",
  "mixed-two-gpus",
  "suspended-gpu",
] as const;
export type Scenario = (typeof SCENARIOS)[number];

/**
 * SoC GPUs on the platform bus (`build_platform_fixtures.ts`); each has a `<name>-later`
 * proc tree one second on.
 */
export const PLATFORM_SCENARIOS = [
  "panfrost-rk3399",
  "panthor-rk3588",
  "v3d-rpi4",
  "msm-sc7180",
] as const;
export type PlatformScenario = (typeof PLATFORM_SCENARIOS)[number];

/**
 * Compute accelerators under `/sys/class/accel` (`build_accel_fixtures.ts`); each has a
 * `<name>-later` proc tree one second on.
 */
export const ACCEL_SCENARIOS = ["npu-amdxdna"] as const;

let unpackedRoot: string | null = null;
const unpacked = new Set<string>();

function removeUnpacked(): void {
  if (unpackedRoot === null) return;
  try {
    Deno.removeSync(unpackedRoot, { recursive: true });
  } catch {
    // already gone; nothing to clean
  }
  unpackedRoot = null;
}

/** Lays out a committed folder: `X.ttar` becomes the tree `X/`, other entries are copied. */
function materialize(from: string, to: string): void {
  Deno.mkdirSync(to, { recursive: true });
  for (const entry of Deno.readDirSync(from)) {
    const source = join(from, entry.name);
    if (entry.isFile && entry.name.endsWith(".ttar")) {
      const tree = join(to, entry.name.slice(0, -".ttar".length));
      writeEntries(parseTtar(Deno.readTextFileSync(source)), tree);
    } else copyTree(source, join(to, entry.name), entry);
  }
}

/**
 * A scenario's unpacked root (`sys/`, `proc/`, `etc/`), laid out on first use. Throws when
 * `fixtures/linux/<scenario>` does not exist.
 */
export function scenarioRootOf(scenario: string): string {
  if (unpackedRoot === null) {
    unpackedRoot = Deno.makeTempDirSync({ prefix: "gputop-fixtures-" });
    globalThis.addEventListener("unload", removeUnpacked);
  }
  const root = join(unpackedRoot, scenario);
  if (!unpacked.has(scenario)) {
    materialize(join(FIXTURES_LINUX, scenario), root);
    unpacked.add(scenario);
  }
  return root;
}

/** A scenario's `sys/` (a few proc-only trees, such as race-fd-without-fdinfo, have none). */
export function sysRootOf(scenario: string): string {
  return join(scenarioRootOf(scenario), "sys");
}

export function procRootOf(scenario: string): string {
  return join(scenarioRootOf(scenario), "proc");
}

/** The flags that point gputop at a scenario: `--sys-root <sys> --proc-root <proc>`. */
export function fixtureRootArgs(scenario: string): string[] {
  return ["--sys-root", sysRootOf(scenario), "--proc-root", procRootOf(scenario)];
}

/** gputop on a scenario with the DRM backend alone: `--backends drm` and its roots. */
export function drmFixtureArgs(scenario: string): string[] {
  return ["--backends", "drm", ...fixtureRootArgs(scenario)];
}

/** Recursive copy that recreates symlinks with their original (relative) targets. */
export function copyTree(
  from: string,
  to: string,
  kind: { isSymlink: boolean; isDirectory: boolean } = Deno.lstatSync(from),
): void {
  if (kind.isSymlink) {
    Deno.symlinkSync(Deno.readLinkSync(from), to);
    return;
  }
  if (!kind.isDirectory) {
    Deno.writeFileSync(to, Deno.readFileSync(from));
    Deno.chmodSync(to, 0o644);
    return;
  }
  Deno.mkdirSync(to, { recursive: true });
  for (const entry of Deno.readDirSync(from)) {
    copyTree(join(from, entry.name), join(to, entry.name), entry);
  }
}

/** A writable copy of a scenario's `sys/`; `dispose()` removes it. */
export function scratchSys(scenario: Scenario): { root: string; dispose(): void } {
  const dir = Deno.makeTempDirSync({ prefix: `gputop-sys-${scenario}-` });
  const root = join(dir, "sys");
  copyTree(sysRootOf(scenario), root);
  return { root, dispose: () => Deno.removeSync(dir, { recursive: true }) };
}

/** Path of the PCI function directory of a scenario tree. */
export function pciDir(sysRoot: string, address: string): string {
  return join(sysRoot, "devices", "pci0000:00", address);
}
