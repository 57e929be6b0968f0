/**
 * Builds the fake libze_loader from `fake_ze_loader.c` (through the shared `FakeCLibrary`),
 * once per variant per test module.
 */
import { fileURLToPath } from "node:url";
import { FakeCLibrary } from "../c_library.ts";

/** Compile-time variants: whether the loader exports the spec 1.5 `zesInit` family. */
export type FakeZeVariant = "default" | "no-zesinit";

const DEFINES: Record<FakeZeVariant, string[]> = {
  "default": [],
  "no-zesinit": ["-DFAKE_ZE_NO_ZESINIT"],
};

/** Scenarios the fake serves, chosen by FAKE_ZE_SCENARIO at zeInit / zesInit. */
export type FakeZeScenario =
  | "arc-discrete"
  | "integrated"
  | "init-fails"
  | "no-devices"
  | "huge-count"
  | "bad-strings"
  | "unexpected-code"
  | "arc-sick";

export const FAKE_ZE_DIR = fileURLToPath(new URL("./", import.meta.url));
export const FAKE_ZE_SOURCE = fileURLToPath(new URL("./fake_ze_loader.c", import.meta.url));

const library = new FakeCLibrary("Level Zero loader", ["linux", "darwin"], "gputop-fake-ze-");

/** Null when the fake can be built here; otherwise why not (for a skipped test's name). */
export const fakeZeUnavailableReason = library.unavailableReason;

/** A test that needs the compiled fake; ignored, with the reason in its name, without cc. */
export const fakeZeTest = library.test;

/** The path of the fake loader for `variant` (default "default"), compiled on first use. */
export const buildFakeZe = library.variants(
  FAKE_ZE_SOURCE,
  DEFINES,
  (variant) => `libze_loader-${variant}.so`,
  "default",
);

/** Selects the scenario for the next zeInit / zesInit (the fake reads the environment). */
export function setFakeZeScenario(scenario: FakeZeScenario): void {
  Deno.env.set("FAKE_ZE_SCENARIO", scenario);
}

/** How many times the fake has been loaded in this process (its constructor counts). */
export function fakeZeLoads(): number {
  return Number(Deno.env.get("FAKE_ZE_LOADS") ?? "0");
}

/** Successful zeInit / zesInit calls in this process, over every load. */
export function fakeZeInits(): number {
  return Number(Deno.env.get("FAKE_ZE_INITS") ?? "0");
}

/** Unloads of the fake by dlclose in this process (an unload at exit is not counted). */
export function fakeZeCloses(): number {
  return Number(Deno.env.get("FAKE_ZE_CLOSES") ?? "0");
}

/** Calls that came with a handle from an earlier load of the library. */
export function fakeZeStaleHandles(): number {
  return Number(Deno.env.get("FAKE_ZE_STALE_HANDLES") ?? "0");
}

/** What ZES_ENABLE_SYSMAN was when the fake's zeInit last ran ("unset" when absent). */
export function fakeZeSysmanEnvAtInit(): string | undefined {
  return Deno.env.get("FAKE_ZE_SYSMAN_ENV_AT_INIT");
}
