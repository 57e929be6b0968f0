/**
 * The release binaries: one per OS/arch, each `deno compile -A` of src/main.ts.
 * `-A` because Deno only lets /proc, /sys and /dev be read with every permission granted,
 * and scoped --allow-ffi breaks pointer operations (see README, Permissions).
 */
export const COMPILE_TARGETS = [
  "x86_64-unknown-linux-gnu",
  "aarch64-unknown-linux-gnu",
  "x86_64-apple-darwin",
  "aarch64-apple-darwin",
  "x86_64-pc-windows-msvc",
] as const;
export type CompileTarget = typeof COMPILE_TARGETS[number];

export function outputName(target: CompileTarget): string {
  return target.includes("windows") ? `gputop-${target}.exe` : `gputop-${target}`;
}

/**
 * V8 flags embedded in the binary. A young generation capped at 2 MiB semi-spaces: gputop's live
 * heap is ~5 MiB, and with V8's default (growing to 16 MiB semi-spaces) a `watch` process
 * grew from ~60 to ~90 MiB RSS without holding more data (measured by `deno task bench`).
 */
export const V8_FLAGS = ["--v8-flags=--max-semi-space-size=2"];

/** The exact `deno compile` argument list for one target. */
export function compileArgs(target: CompileTarget, outDir: string): string[] {
  return [
    "compile",
    "-A",
    "--frozen",
    // The lockfile also holds test-only packages (ajv); embed only what main.ts reaches.
    "--exclude-unused-npm",
    ...V8_FLAGS,
    "--target",
    target,
    "--output",
    `${outDir}/${outputName(target)}`,
    "src/main.ts",
  ];
}
