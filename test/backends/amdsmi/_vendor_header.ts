/**
 * The vendor's amdsmi.h, where one is installed: ROCm puts it in
 * /opt/rocm/include/amd_smi/amdsmi.h, and GPUTOP_AMDSMI_INCLUDE may name another include
 * folder (one holding amd_smi/amdsmi.h, such as a release's `include/` from its source). The
 * layout and signature tests check it against our ABI header and symbols.ts as well; no
 * package here or in CI ships it (Debian does not), so there those checks are skipped with
 * the reason below. The generation it declares comes from its AMDSMI_LIB_VERSION_* macros,
 * through the backend's own choice (src/backends/amdsmi/generation.ts).
 */
import { existsSync } from "node:fs";
import { chooseGeneration, parseLibVersion } from "../../../src/backends/amdsmi/generation.ts";
import { LAYOUTS } from "../../../src/backends/amdsmi/layouts.ts";
import { type Generation, GENERATIONS } from "../../../src/backends/amdsmi/types.ts";
import { fakeAmdsmiUnavailableReason } from "../../fakes/amdsmi/build_fake.ts";

/** The include folders tried, in order. */
export const VENDOR_INCLUDE_DIRS = [
  ...(Deno.env.get("GPUTOP_AMDSMI_INCLUDE") ? [Deno.env.get("GPUTOP_AMDSMI_INCLUDE")!] : []),
  "/opt/rocm/include",
];

export type VendorHeader =
  | { ok: true; includeDir: string; path: string; text: string; generation: Generation }
  | { ok: false; skip: string };

/** The first vendor header found and its generation, or why the checks against one skip. */
export function findVendorHeader(): VendorHeader {
  const includeDir = VENDOR_INCLUDE_DIRS.find((dir) => existsSync(`${dir}/amd_smi/amdsmi.h`));
  if (includeDir === undefined) {
    const tried = VENDOR_INCLUDE_DIRS.map((dir) => `${dir}/amd_smi/amdsmi.h`).join(", ");
    return { ok: false, skip: `no vendor amdsmi.h (${tried}); ROCm installs one` };
  }
  const path = `${includeDir}/amd_smi/amdsmi.h`;
  const text = Deno.readTextFileSync(path);
  const generation = declaredGeneration(text);
  if (generation === null) {
    return { ok: false, skip: `${path} declares no AMDSMI_LIB_VERSION this backend knows` };
  }
  return { ok: true, includeDir, path, text, generation };
}

/** Where a compiler is needed too: null when the compile-based checks can run. */
export function vendorCompileSkip(header: VendorHeader): string | null {
  return fakeAmdsmiUnavailableReason() ?? (header.ok ? null : header.skip);
}

/** 6.x headers give year.major.minor (`24.5.2`); 7.x ones major.minor.release (`26.0.0`). */
function declaredGeneration(text: string): Generation | null {
  const macro = (name: string) =>
    new RegExp(`#define\\s+AMDSMI_LIB_VERSION_${name}\\s+(\\d+)`).exec(text)?.[1];
  const [year, major, minor, release] = ["YEAR", "MAJOR", "MINOR", "RELEASE"].map(macro);
  const version = parseLibVersion(
    year !== undefined ? `${year}.${major}.${minor}` : `${major}.${minor}.${release}`,
  );
  const choice = chooseGeneration(null, version);
  if (!choice.ok) return null;
  return GENERATIONS.find((generation) => LAYOUTS[generation] === choice.layouts) ?? null;
}
