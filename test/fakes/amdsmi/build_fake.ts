/**
 * Builds the fake libamd_smi from `fake_amdsmi.c` (through the shared `FakeCLibrary`), once
 * per variant per test module. Each variant is one layout generation, written under the file
 * name that generation ships as (`libamd_smi.so.24`, `.so.25`, `.so.26`, or the unversioned
 * `libamd_smi.so`), because the backend picks the layout set from the name it loaded.
 */
import { fileURLToPath } from "node:url";
import { FakeCLibrary } from "../c_library.ts";

interface VariantSpec {
  abi: number;
  file: string;
  /** What amdsmi_get_lib_version reports: first and second number, and the build string. */
  version: [number, number, string];
  /**
   * The unit `amdsmi_get_power_info` writes `power_limit` in for that version: W up to ROCm
   * 6.1.1, µW from 6.1.2 (src/backends/amdsmi/power_limit_unit.ts cites the library's source).
   */
  powerLimit: "W" | "µW";
  defines?: string[];
}

const VARIANTS = {
  /** ROCm 6.1.0: `.so.24`, lib 24.5, the pid-only process list. */
  "a61-pid-only": {
    abi: 61,
    file: "libamd_smi.so.24",
    version: [24, 5, "24.5.0.0"],
    powerLimit: "W",
    defines: ["-DFAKE_PID_ONLY"],
  },
  /** ROCm 6.1.2: `.so.24`, lib 24.5.2, full process entries; power_limit now in µW. */
  "a61-rocm612": {
    abi: 61,
    file: "libamd_smi.so.24",
    version: [24, 5, "24.5.2.0"],
    powerLimit: "µW",
  },
  /** ROCm 6.3: `.so.24`, lib 24.7, full process entries of 224 bytes. */
  "a63": { abi: 63, file: "libamd_smi.so.24", version: [24, 7, "24.7.1.60300"], powerLimit: "µW" },
  /** ROCm 6.4: `.so.25`. */
  "a64": { abi: 64, file: "libamd_smi.so.25", version: [25, 0, "25.0.0"], powerLimit: "µW" },
  /** ROCm 7.x: `.so.26`. */
  "a70": { abi: 70, file: "libamd_smi.so.26", version: [26, 1, "26.1.0"], powerLimit: "µW" },
  /** ROCm 6.2 loaded through the unversioned name: the version call picks the set. */
  "a62-unversioned": {
    abi: 62,
    file: "libamd_smi.so",
    version: [24, 6, "24.6.3.60204"],
    powerLimit: "µW",
  },
  /** A release newer than any known (lib 27), through the unversioned name. */
  "future-unversioned": {
    abi: 70,
    file: "libamd_smi.so",
    version: [27, 0, "27.0.0"],
    powerLimit: "µW",
  },
  /** 7.x without some entry points (energy, board info, process list). */
  "a70-omit-some": {
    abi: 70,
    file: "libamd_smi.so.26",
    version: [26, 1, "26.1.0"],
    powerLimit: "µW",
    defines: ["-DFAKE_OMIT_SOME"],
  },
} as const satisfies Record<string, VariantSpec>;

export type FakeAmdsmiVariant = keyof typeof VARIANTS;

/**
 * The four layout generations the issue asks for, each with both scenarios, and 6.1.2, the
 * first release whose power_limit is in µW.
 */
export const GENERATION_VARIANTS = ["a61-pid-only", "a61-rocm612", "a63", "a64", "a70"] as const;

/** Scenarios the fake serves, chosen by FAKE_AMDSMI_SCENARIO at `amdsmi_init`. */
export type FakeAmdsmiScenario =
  | "mi300"
  | "mi300-sick"
  | "radeon"
  | "driver-not-loaded"
  | "init-error"
  | "no-gpus"
  | "garbage"
  | "garbage-sockets";

export const FAKE_AMDSMI_DIR = fileURLToPath(new URL("./", import.meta.url));
const SOURCE = fileURLToPath(new URL("./fake_amdsmi.c", import.meta.url));

const library = new FakeCLibrary("AMD SMI", ["linux"], "gputop-fake-amdsmi-");

/** Null when the fake can be built here; otherwise why not (for a skipped test's name). */
export const fakeAmdsmiUnavailableReason = library.unavailableReason;

/** A test that needs the compiled fake; ignored, with the reason in its name, without cc. */
export const fakeAmdsmiTest = library.test;

/** The path of the fake library for `variant`, compiling it on first use. */
export function buildFakeAmdsmi(variant: FakeAmdsmiVariant): Promise<string> {
  const spec: VariantSpec = VARIANTS[variant];
  const [major, minor, build] = spec.version;
  return library.build({
    key: variant,
    fileName: spec.file,
    source: { path: SOURCE },
    args: [
      `-DGPUTOP_AMDSMI_ABI=${spec.abi}`,
      `-DFAKE_VERSION_MAJOR=${major}`,
      `-DFAKE_VERSION_MINOR=${minor}`,
      `-DFAKE_VERSION_BUILD="${build}"`,
      ...(spec.powerLimit === "W" ? ["-DFAKE_POWER_LIMIT_WATTS"] : []),
      ...(spec.defines ?? []),
      "-I",
      FAKE_AMDSMI_DIR,
    ],
  });
}

/** A shared object that loads but has no AMD SMI symbol (some other library). */
export function buildNotAmdsmi(): Promise<string> {
  return library.build({
    key: "not-amdsmi",
    fileName: "libamd_smi.so",
    source: { text: "int unrelated_function(void) { return 7; }\n" },
  });
}

/** The fake's test hooks: what the backend asked of it. */
export const FAKE_AMDSMI_HOOKS = {
  fake_amdsmi_init_calls: { parameters: [], result: "u32" },
  fake_amdsmi_shutdown_calls: { parameters: [], result: "u32" },
  fake_amdsmi_process_list_calls: { parameters: [], result: "u32" },
  fake_amdsmi_initialised: { parameters: [], result: "u32" },
  fake_amdsmi_ecc_enabled_calls: { parameters: [], result: "u32" },
  fake_amdsmi_bad_page_calls: { parameters: [], result: "u32" },
  fake_amdsmi_pcie_info_calls: { parameters: [], result: "u32" },
} as const satisfies Deno.ForeignLibraryInterface;

/**
 * Opens the hooks of an already-built fake. The dynamic loader hands back the same loaded
 * library the backend uses, so the hooks see its state while both are open.
 */
export function openFakeAmdsmiHooks(path: string): Deno.DynamicLibrary<typeof FAKE_AMDSMI_HOOKS> {
  return Deno.dlopen(path, FAKE_AMDSMI_HOOKS);
}

/** Selects the scenario for the next `amdsmi_init` (the fake reads the process environment). */
export function setFakeAmdsmiScenario(scenario: FakeAmdsmiScenario): void {
  Deno.env.set("FAKE_AMDSMI_SCENARIO", scenario);
}
