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

/**
 * Every module src/ imports with a literal `import("…")`. deno.json turns on Deno's
 * `lazy-dynamic-imports` (start-up then reads no module until it is imported: README,
 * Performance), and with it `deno compile` no longer follows dynamic imports, so each is named
 * with `--include` (and its own static imports, zod and string-width among them, come with it).
 * `test/scripts/compile_test.ts` fails when this list and the dynamic imports of src/main.ts's
 * graph differ.
 */
export const LAZY_MODULES = [
  "src/backends/amdsmi/backend.ts",
  "src/backends/drm/backend.ts",
  "src/backends/level-zero/backend.ts",
  "src/backends/macmon/backend.ts",
  "src/backends/macmon/parse_sample.ts",
  "src/backends/macmon/pipe_stream.ts",
  "src/backends/macmon/soc_info.ts",
  "src/backends/nvidia-smi/backend.ts",
  "src/backends/nvml/backend.ts",
  "src/cli/closing_in_flight.ts",
  "src/cli/command_cut.ts",
  "src/cli/commands/backends.ts",
  "src/cli/commands/check.ts",
  "src/cli/commands/fit.ts",
  "src/cli/commands/help.ts",
  "src/cli/commands/ps.ts",
  "src/cli/commands/query.ts",
  "src/cli/commands/record.ts",
  "src/cli/commands/schema.ts",
  "src/cli/commands/serve.ts",
  "src/cli/commands/snapshot.ts",
  "src/cli/commands/top.ts",
  "src/cli/commands/version.ts",
  "src/cli/commands/watch.ts",
  "src/cli/entries/backends.ts",
  "src/cli/entries/check.ts",
  "src/cli/entries/fit.ts",
  "src/cli/entries/ps.ts",
  "src/cli/entries/query.ts",
  "src/cli/entries/record.ts",
  "src/cli/entries/schema.ts",
  "src/cli/entries/serve.ts",
  "src/cli/entries/top.ts",
  "src/cli/entries/watch.ts",
  "src/cli/fleet_options.ts",
  "src/cli/option_errors.ts",
  "src/cli/query/nvidia_smi_entry.ts",
  "src/cli/read_fleet.ts",
  "src/cli/registry.ts",
  "src/cli/run.ts",
  "src/fleet/fleet_source.ts",
  "src/fleet/merge_hosts.ts",
  "src/fleet/read_hosts.ts",
  "src/model/device_filter.ts",
  "src/model/device_health.ts",
  "src/model/merge.ts",
  "src/model/merged_processes.ts",
  "src/model/process_filter.ts",
  "src/model/sanitize_snapshot.ts",
  "src/render/csv.ts",
  "src/render/host_groups.ts",
  "src/render/snapshot_table.ts",
  "src/session/enrich_processes.ts",
  "src/session/stat_reader.ts",
] as const;

/**
 * Every module src/ starts as a Worker (each named by `new URL("…", import.meta.url)`): `deno
 * compile` follows no worker either, so each is named with `--include`, and its own `import()`
 * targets must be in LAZY_MODULES. `test/scripts/compile_test.ts` checks both against src/.
 */
export const WORKER_MODULES = [
  "src/backends/library_worker.ts",
] as const;

/** The exact `deno compile` argument list for one target. */
export function compileArgs(target: CompileTarget, outDir: string): string[] {
  return [
    "compile",
    "-A",
    "--frozen",
    // The lockfile also holds test-only packages (ajv); embed only what main.ts reaches.
    "--exclude-unused-npm",
    ...V8_FLAGS,
    ...[...LAZY_MODULES, ...WORKER_MODULES].flatMap((module) => ["--include", module]),
    "--target",
    target,
    "--output",
    `${outDir}/${outputName(target)}`,
    "src/main.ts",
  ];
}
