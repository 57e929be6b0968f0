/**
 * Builds the fake libnvidia-ml from `fake_nvml.c` with the system C compiler, once per
 * variant per test module, into a temporary folder removed when the module unloads.
 */
import { fileURLToPath } from "node:url";

/** Compile-time variants: which versioned entry points the library exports. */
export type FakeNvmlVariant = "default" | "v1-only" | "no-memory-v2" | "no-v3" | "v3-wide";

const DEFINES: Record<FakeNvmlVariant, string[]> = {
  "default": [],
  "v1-only": ["-DFAKE_NVML_V1_ONLY"],
  "no-memory-v2": ["-DFAKE_NVML_NO_MEMORY_V2"],
  "no-v3": ["-DFAKE_NVML_NO_V3"],
  "v3-wide": ["-DFAKE_NVML_V3_WIDE"],
};

/** Scenarios the fake serves, chosen by FAKE_NVML_SCENARIO at `nvmlInit`. */
export type FakeNvmlScenario =
  | "two-gpus"
  | "process-list-grows"
  | "process-list-keeps-growing"
  | "not-supported"
  | "gpu-lost"
  | "handle-lost"
  | "no-gpus"
  | "driver-not-loaded"
  | "init-no-permission";

export const FAKE_NVML_DIR = fileURLToPath(new URL("./", import.meta.url));
const SOURCE = fileURLToPath(new URL("./fake_nvml.c", import.meta.url));

let unavailableReason: string | null | undefined;

/** Null when the fake can be built here; otherwise why not (for a skipped test's name). */
export function fakeNvmlUnavailableReason(): string | null {
  if (unavailableReason !== undefined) return unavailableReason;
  if (Deno.build.os !== "linux" && Deno.build.os !== "darwin") {
    unavailableReason = `the fake NVML is built with cc on Linux and macOS, not ${Deno.build.os}`;
    return unavailableReason;
  }
  try {
    const probe = new Deno.Command("cc", { args: ["--version"], stdout: "null", stderr: "null" })
      .outputSync();
    unavailableReason = probe.success ? null : "cc --version failed";
  } catch {
    unavailableReason = "no C compiler (cc) on PATH";
  }
  return unavailableReason;
}

let buildDir: string | null = null;
const builds = new Map<FakeNvmlVariant, Promise<string>>();

/** The path of the fake library for `variant`, compiling it on first use. */
export function buildFakeNvml(variant: FakeNvmlVariant = "default"): Promise<string> {
  let build = builds.get(variant);
  if (build === undefined) {
    build = compile(variant);
    builds.set(variant, build);
  }
  return build;
}

async function compile(variant: FakeNvmlVariant): Promise<string> {
  if (buildDir === null) {
    const dir = Deno.makeTempDirSync({ prefix: "gputop-fake-nvml-" });
    buildDir = dir;
    globalThis.addEventListener("unload", () => {
      try {
        Deno.removeSync(dir, { recursive: true });
      } catch {
        // already gone
      }
    });
  }
  const output = `${buildDir}/libnvidia-ml-${variant}.so`;
  const result = await new Deno.Command("cc", {
    args: [
      "-std=c11",
      "-Wall",
      "-Wextra",
      "-Werror",
      "-shared",
      "-fPIC",
      ...DEFINES[variant],
      "-o",
      output,
      SOURCE,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!result.success) {
    throw new Error(
      `cc failed for the fake NVML (${variant}):\n${new TextDecoder().decode(result.stderr)}`,
    );
  }
  return output;
}

/** The fake's test hooks: what the backend asked of it. */
export const FAKE_NVML_HOOKS = {
  fakeNvmlLastSeenTimeStamp: { parameters: ["u32"], result: "u64" },
  fakeNvmlInitCalls: { parameters: [], result: "u32" },
  fakeNvmlShutdownCalls: { parameters: [], result: "u32" },
  fakeNvmlRefCount: { parameters: [], result: "i32" },
  fakeNvmlHandle: { parameters: ["u32"], result: "u64" },
  fakeNvmlListCalls: { parameters: ["u32", "u32"], result: "u32" },
} as const satisfies Deno.ForeignLibraryInterface;

/**
 * Opens the hooks of an already-built fake. The dynamic loader hands back the same loaded
 * library the backend uses, so the hooks see its state while both are open.
 */
export function openFakeNvmlHooks(path: string): Deno.DynamicLibrary<typeof FAKE_NVML_HOOKS> {
  return Deno.dlopen(path, FAKE_NVML_HOOKS);
}

/** Selects the scenario for the next `nvmlInit` (the fake reads the process environment). */
export function setFakeNvmlScenario(scenario: FakeNvmlScenario): void {
  Deno.env.set("FAKE_NVML_SCENARIO", scenario);
}
