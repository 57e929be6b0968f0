/**
 * The library names a backend tries, in order: the environment override first (a user's
 * explicit choice wins), then the platform's defaults. On Windows every default is an
 * absolute path, never a bare DLL name, because the default DLL search includes the
 * current folder.
 */
import { windowsSystemLibrary } from "./open_library.ts";

/** An environment lookup, as a backend context gives it. */
export type EnvLookup = (name: string) => string | undefined;

/** Where one vendor library is looked for. */
export interface LibraryCandidateSpec {
  /** Environment variable naming a library to try first (`GPUTOP_NVML_LIB`, ...). */
  override: string;
  /** Sonames tried on Linux (and every non-Windows system). */
  unix: readonly string[];
  /** DLL file names looked up in the Windows system directory only. */
  windowsSystem: readonly string[];
  /** Further absolute Windows paths, tried after the system directory. */
  windowsExtra?: (env: EnvLookup) => string[];
  /** The systems the library exists on (AMD SMI: Linux only); elsewhere there is no candidate. */
  systems?: readonly (typeof Deno.build.os)[];
}

/**
 * The candidates for `spec` on `os`; an empty override is ignored.
 *
 * @example
 * ```ts
 * import { libraryCandidates } from "./library_candidates.ts";
 * const spec = { override: "GPUTOP_ZE_LIB", unix: ["libze_loader.so.1"], windowsSystem: [] };
 * libraryCandidates(spec, () => undefined, "linux"); // ["libze_loader.so.1"]
 * ```
 */
export function libraryCandidates(
  spec: LibraryCandidateSpec,
  env: EnvLookup,
  os: typeof Deno.build.os,
): string[] {
  if (spec.systems !== undefined && !spec.systems.includes(os)) return [];
  const explicit = env(spec.override);
  const defaults = os === "windows"
    ? [
      ...spec.windowsSystem.map((file) => windowsSystemLibrary(env, file)),
      ...(spec.windowsExtra?.(env) ?? []),
    ]
    : [...spec.unix];
  return explicit ? [explicit, ...defaults] : defaults;
}

/** {@linkcode libraryCandidates} bound to one spec: the candidate list a backend exports. */
export function candidateList(
  spec: LibraryCandidateSpec,
): (env: EnvLookup, os: typeof Deno.build.os) => string[] {
  return (env, os) => libraryCandidates(spec, env, os);
}
