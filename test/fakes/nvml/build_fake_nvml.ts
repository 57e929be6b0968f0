/**
 * Builds the fake libnvidia-ml from `fake_nvml.c` (through the shared `FakeCLibrary`), once
 * per variant per test module.
 */
import { fileURLToPath } from "node:url";
import { FakeCLibrary } from "../c_library.ts";

/** Compile-time variants: which versioned entry points the library exports. */
export type FakeNvmlVariant =
  | "default"
  | "v1-only"
  | "no-memory-v2"
  | "memory-v2-mismatch"
  | "memory-v2-not-supported"
  | "no-v3"
  | "v3-wide"
  | "no-event-reasons"
  | "no-events";

const DEFINES: Record<FakeNvmlVariant, string[]> = {
  "default": [],
  "v1-only": ["-DFAKE_NVML_V1_ONLY"],
  "no-memory-v2": ["-DFAKE_NVML_NO_MEMORY_V2"],
  // nvmlDeviceGetMemoryInfo_v2 exported but refusing: ARGUMENT_VERSION_MISMATCH (25), as a
  // driver that takes no v2 struct answers; NOT_SUPPORTED (3), as a vGPU may.
  "memory-v2-mismatch": ["-DFAKE_NVML_MEMORY_V2_ANSWERS=25"],
  "memory-v2-not-supported": ["-DFAKE_NVML_MEMORY_V2_ANSWERS=3"],
  "no-v3": ["-DFAKE_NVML_NO_V3"],
  "v3-wide": ["-DFAKE_NVML_V3_WIDE"],
  // Drivers before R535: only nvmlDeviceGetCurrentClocksThrottleReasons.
  "no-event-reasons": ["-DFAKE_NVML_NO_EVENT_REASONS"],
  // A driver without the event-set calls: Xid fields stay null.
  "no-events": ["-DFAKE_NVML_NO_EVENTS"],
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
  | "init-no-permission"
  | "mig"
  | "mig-handle-fails"
  | "mig-no-instances"
  | "healthy"
  | "sick"
  | "xid";

export const FAKE_NVML_DIR = fileURLToPath(new URL("./", import.meta.url));
const SOURCE = fileURLToPath(new URL("./fake_nvml.c", import.meta.url));

const library = new FakeCLibrary("NVML", ["linux", "darwin"], "gputop-fake-nvml-");

/** Null when the fake can be built here; otherwise why not (for a skipped test's name). */
export const fakeNvmlUnavailableReason = library.unavailableReason;

/** A test that needs the compiled fake; ignored, with the reason in its name, without cc. */
export const fakeNvmlTest = library.test;

/** The path of the fake library for `variant` (default "default"), compiled on first use. */
export const buildFakeNvml = library.variants(
  SOURCE,
  DEFINES,
  (variant) => `libnvidia-ml-${variant}.so`,
  "default",
);

/**
 * The environment that points a gputop subprocess at the fake (GPUTOP_NVML_LIB) serving
 * `scenario`, with `extra` (counts file, init sleep) on top.
 */
export async function fakeNvmlEnv(
  scenario: FakeNvmlScenario,
  extra: Record<string, string> = {},
): Promise<Record<string, string>> {
  return { GPUTOP_NVML_LIB: await buildFakeNvml(), FAKE_NVML_SCENARIO: scenario, ...extra };
}

/** The fake's test hooks: what the backend asked of it. */
export const FAKE_NVML_HOOKS = {
  fakeNvmlLastSeenTimeStamp: { parameters: ["u32"], result: "u64" },
  fakeNvmlInitCalls: { parameters: [], result: "u32" },
  fakeNvmlShutdownCalls: { parameters: [], result: "u32" },
  fakeNvmlRefCount: { parameters: [], result: "i32" },
  fakeNvmlHandle: { parameters: ["u32"], result: "u64" },
  fakeNvmlListCalls: { parameters: ["u32", "u32"], result: "u32" },
  // 0 ECC mode, 1 volatile ECC counts, 2 aggregate ECC counts: calls answered so far.
  fakeNvmlHealthCalls: { parameters: ["u32"], result: "u32" },
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
