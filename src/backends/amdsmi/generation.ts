/**
 * Which layout generation a loaded libamd_smi speaks. The file name gives the soname major
 * (`.so.24` = ROCm 6.1–6.3, `.so.25` = 6.4, `.so.26` = 7.x); inside `.so.24` the structs
 * still changed every minor release, so the library's own version (`amdsmi_get_lib_version`)
 * picks among 6.1, 6.2 and 6.3. An unversioned name (`libamd_smi.so`) is decided by the
 * version alone. A release newer than any known uses the newest set and says so; one older
 * than ROCm 6.0, or one whose generation cannot be told, is refused: reading structs with
 * the wrong layout would report wrong numbers, which is worse than none.
 */
import { LAYOUTS } from "./layouts.ts";
import type { Generation, LayoutSet } from "./types.ts";

/** The two leading numbers of the library version ("24.7.1" → 24, 7), and its text. */
export interface LibVersion {
  first: number;
  second: number;
  text: string;
}

/** The outcome of {@linkcode chooseGeneration}. */
export type GenerationChoice =
  | { ok: true; layouts: LayoutSet; note: string | null }
  | { ok: false; reason: string };

/** The soname major of a library path (`/opt/rocm/lib/libamd_smi.so.26` → 26), else null. */
export function sonameMajor(path: string): number | null {
  const base = path.split(/[\\/]/).pop() ?? "";
  const match = /^libamd_smi\.so\.(\d+)(?:\.|$)/.exec(base);
  return match ? Number(match[1]) : null;
}

/**
 * The two leading numbers of a version string ("24.7.1.60300", "26.1.0+abc").
 *
 * @example
 * ```ts
 * import { parseLibVersion } from "./generation.ts";
 * parseLibVersion("24.7.1.60300"); // { first: 24, second: 7, text: "24.7.1.60300" }
 * ```
 */
export function parseLibVersion(text: string): LibVersion | null {
  const match = /^\s*(\d{1,4})\.(\d{1,4})/.exec(text);
  if (!match) return null;
  return { first: Number(match[1]), second: Number(match[2]), text: text.trim() };
}

const NEWEST: Generation = "A70";

function fromVersion(version: LibVersion): GenerationChoice {
  const { first, second } = version;
  if (first < 23) {
    return { ok: false, reason: `AMD SMI ${version.text} is older than ROCm 6.0; not supported` };
  }
  if (first === 23) return chosen("A60");
  if (first === 24) {
    if (second <= 5) return chosen("A61");
    if (second === 6) return chosen("A62");
    return chosen("A63");
  }
  if (first === 25) return chosen("A64");
  if (first === 26) return chosen("A70");
  return newer(`AMD SMI ${version.text}`);
}

function chosen(generation: Generation, note: string | null = null): GenerationChoice {
  return { ok: true, layouts: LAYOUTS[generation], note };
}

function newer(what: string): GenerationChoice {
  return chosen(
    NEWEST,
    `${what} is newer than any known release; reading it with the ROCm ${
      LAYOUTS[NEWEST].rocm
    } layouts`,
  );
}

/** Picks the layout set from the soname major (null: unversioned name) and the version. */
export function chooseGeneration(
  soname: number | null,
  version: LibVersion | null,
): GenerationChoice {
  if (soname === null) {
    if (version === null) {
      return {
        ok: false,
        reason: "the library has no versioned name and did not report its version, so its " +
          "struct layouts cannot be told",
      };
    }
    return fromVersion(version);
  }
  if (soname > 26) return newer(`libamd_smi.so.${soname}`);
  if (soname === 26) return chosen("A70");
  if (soname === 25) return chosen("A64");
  if (soname === 24) {
    if (version !== null && version.first === 24) return fromVersion(version);
    return chosen(
      "A61",
      "library version unknown; reading it with the ROCm 6.1 layouts (shortest strings)",
    );
  }
  if (soname === 23) return chosen("A60");
  return { ok: false, reason: `libamd_smi.so.${soname} is older than ROCm 6.0; not supported` };
}
