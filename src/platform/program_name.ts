/**
 * The name gputop was started under, for its nvidia-smi entry (a symlink named `nvidia-smi`
 * to the compiled binary answers nvidia-smi's query interface):
 * 1. `GPUTOP_ARGV0`, when set: for a wrapper script (`deno run` always starts as `deno`);
 * 2. on Linux, argv[0] from `/proc/self/cmdline`, which keeps a symlink's own name (the
 *    executable's path, `Deno.execPath()`, is the symlink's target);
 * 3. elsewhere, the executable's file name: a copy or hard link named `nvidia-smi` works
 *    everywhere; a symlink works where the OS reports the link's path.
 * Only the file name counts, lower case, without `.exe`.
 */

/**
 * Set by gputop's own nvidia-smi backend on the nvidia-smi it runs: a gputop started as
 * nvidia-smi with it set was started by itself, and refuses rather than answer for itself.
 */
export const NVIDIA_SMI_CHILD_ENV = "GPUTOP_NVIDIA_SMI_CHILD";

export function invokedProgramName(env: (name: string) => string | undefined): string {
  const override = env("GPUTOP_ARGV0");
  if (override) return fileNameOf(override);
  const argv0 = Deno.build.os === "linux" ? argv0FromProc() : null;
  if (argv0) return fileNameOf(argv0);
  try {
    return fileNameOf(Deno.execPath());
  } catch {
    return "gputop";
  }
}

export function isNvidiaSmiName(name: string): boolean {
  return name === "nvidia-smi";
}

/** `/usr/local/bin/nvidia-smi.exe` → `nvidia-smi`. */
export function fileNameOf(path: string): string {
  const name = path.split(/[\\/]/).at(-1) ?? path;
  return name.toLowerCase().replace(/\.exe$/, "");
}

function argv0FromProc(): string | null {
  try {
    const bytes = Deno.readFileSync("/proc/self/cmdline");
    const end = bytes.indexOf(0);
    return new TextDecoder().decode(end === -1 ? bytes : bytes.subarray(0, end));
  } catch {
    return null;
  }
}
