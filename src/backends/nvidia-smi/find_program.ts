/**
 * Which nvidia-smi to run, so that gputop never runs itself: a gputop installed as
 * `nvidia-smi` (its nvidia-smi entry, a symlink or copy of the binary) is skipped on PATH in
 * favour of the next nvidia-smi there, and is refused as `GPUTOP_NVIDIA_SMI`. "Itself" is the
 * same file as this process's executable once links are resolved. (A wrapper script that
 * runs gputop is not the same file; it is stopped by NVIDIA_SMI_CHILD_ENV instead, see
 * platform/program_name.ts.)
 */

/** What the lookup needs from the system; tests give their own. */
export interface ProgramLookup {
  /** PATH's value; undefined leaves the search to the OS, as before. */
  path: string | undefined;
  /** `;` on Windows, `:` elsewhere. */
  separator: string;
  /** This process's executable with links resolved; null when unknown. */
  self: string | null;
  /** `path` with links resolved; null when it does not exist. */
  realPath(path: string): string | null;
  /** Whether `path` is a file this process may run. */
  isProgram(path: string): boolean;
}

export type ResolvedProgram =
  /** What to run: the name as given when it is not gputop, else the next one on PATH. */
  | { program: string }
  /** Every match was gputop itself: the first such path. */
  | { itself: string };

export function resolveProgram(candidate: string, lookup: ProgramLookup): ResolvedProgram {
  const isItself = (path: string) => lookup.self !== null && lookup.realPath(path) === lookup.self;
  if (/[\\/]/.test(candidate)) {
    return isItself(candidate) ? { itself: candidate } : { program: candidate };
  }
  if (lookup.path === undefined) return { program: candidate };
  let itself: string | null = null;
  for (const dir of lookup.path.split(lookup.separator)) {
    if (dir === "") continue;
    const path = `${dir.replace(/[\\/]+$/, "")}/${candidate}`;
    if (!lookup.isProgram(path)) continue;
    if (isItself(path)) {
      itself ??= path;
      continue;
    }
    // The first match is what the OS would run anyway: keep the name as it was given.
    return { program: itself === null ? candidate : path };
  }
  return itself === null ? { program: candidate } : { itself };
}

/** The real system's lookup (PATH from `env`). */
export function systemLookup(
  env: (name: string) => string | undefined,
  os: typeof Deno.build.os,
): ProgramLookup {
  const realPath = (path: string) => {
    try {
      return Deno.realPathSync(path);
    } catch {
      return null;
    }
  };
  let self: string | null = null;
  try {
    self = realPath(Deno.execPath());
  } catch {
    self = null;
  }
  return {
    path: env("PATH"),
    separator: os === "windows" ? ";" : ":",
    self,
    realPath,
    isProgram: (path) => {
      try {
        const info = Deno.statSync(path);
        return info.isFile && (os === "windows" || ((info.mode ?? 0) & 0o111) !== 0);
      } catch {
        return false;
      }
    },
  };
}
