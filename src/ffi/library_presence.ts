/**
 * Whether a library candidate can exist, judged without `dlopen`: a failed `dlopen` of a bare
 * soname walks every directory of the loader's search, and AMD SMI alone has eight candidates.
 * Linux with glibc only, and only a "no": a path that is not there, or a bare soname that is in
 * none of the places glibc's loader looks (`LD_LIBRARY_PATH`, the cache `/etc/ld.so.cache`, the
 * default directories). Anything unsure (no cache file: musl, or another loader) is a "maybe",
 * and `dlopen` decides, as before. The "no" carries the loader's own words for a missing file,
 * so a status reads the same either way.
 */

/** glibc's message for a missing library file (dlerror), without the name before it. */
export const NOT_FOUND_REASON = "cannot open shared object file: No such file or directory";

/** The loader's default directories (glibc: trusted directories; Debian's multiarch ones). */
const DEFAULT_DIRS = [
  "/lib",
  "/usr/lib",
  "/lib64",
  "/usr/lib64",
  "/lib/x86_64-linux-gnu",
  "/usr/lib/x86_64-linux-gnu",
  "/lib/aarch64-linux-gnu",
  "/usr/lib/aarch64-linux-gnu",
];

/** How presence is looked up; tests pass their own. */
export interface PresenceProbe {
  /** True when something is at `path` (false only for "not found"). */
  exists(path: string): boolean;
  /** The loader cache's bytes as latin1 text; null when there is none. */
  loaderCache(): string | null;
  /**
   * `LD_LIBRARY_PATH` as the dynamic loader sees it: this process's own environment, not a
   * backend context's (which tests fill, and which the library worker limits to gputop's own
   * variables), because it is the real `dlopen` that will search it.
   */
  loaderSearchPath(): string | undefined;
}

function existsOnDisk(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch (error) {
    return !(error instanceof Deno.errors.NotFound);
  }
}

let cacheText: string | null | undefined;

function readLoaderCache(): string | null {
  if (cacheText !== undefined) return cacheText;
  try {
    cacheText = new TextDecoder("latin1").decode(Deno.readFileSync("/etc/ld.so.cache"));
  } catch {
    cacheText = null;
  }
  return cacheText;
}

/** The real system's probe. */
export const SYSTEM_PROBE: PresenceProbe = {
  exists: existsOnDisk,
  loaderCache: readLoaderCache,
  loaderSearchPath: () => {
    try {
      return Deno.env.get("LD_LIBRARY_PATH");
    } catch {
      return undefined;
    }
  },
};

/** False only when `name` certainly cannot be loaded (see the module comment). */
export function mayLoad(name: string, probe: PresenceProbe = SYSTEM_PROBE): boolean {
  if (name.includes("/")) return probe.exists(name);
  const cache = probe.loaderCache();
  if (cache === null) return true;
  // Names in the cache end in NUL; a soname key follows the previous string's NUL, a path a "/".
  if (cache.includes(`\0${name}\0`) || cache.includes(`/${name}\0`)) return true;
  const searched = (probe.loaderSearchPath() ?? "").split(/[:;]/).filter((dir) => dir !== "");
  return [...searched, ...DEFAULT_DIRS].some((dir) => probe.exists(`${dir}/${name}`));
}
