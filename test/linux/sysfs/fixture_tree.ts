/**
 * Paths of the scenario fixtures (for the sysfs, DRM backend and fdinfo sampler tests), and
 * scratch copies of them for tests that change a file between two readings or remove one.
 * Copies keep symlinks as symlinks (sysfs is made of relative links), so a copied tree behaves
 * like the original.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";

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

/** A scenario's `sys/` (a few proc-only trees, such as race-fd-without-fdinfo, have none). */
export function sysRootOf(scenario: string): string {
  return join(FIXTURES_LINUX, scenario, "sys");
}

export function procRootOf(scenario: string): string {
  return join(FIXTURES_LINUX, scenario, "proc");
}

/** Recursive copy that recreates symlinks with their original (relative) targets. */
export function copyTree(from: string, to: string): void {
  Deno.mkdirSync(to, { recursive: true });
  for (const entry of Deno.readDirSync(from)) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isSymlink) Deno.symlinkSync(Deno.readLinkSync(source), target);
    else if (entry.isDirectory) copyTree(source, target);
    else {
      Deno.writeFileSync(target, Deno.readFileSync(source));
      Deno.chmodSync(target, 0o644);
    }
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
