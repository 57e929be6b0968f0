/**
 * Builds the fake libze_loader from `fake_ze_loader.c` with the system C compiler, once per
 * variant per test module, into a temporary folder removed when the module unloads.
 */
import { fileURLToPath } from "node:url";

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
  | "unexpected-code";

export const FAKE_ZE_DIR = fileURLToPath(new URL("./", import.meta.url));
export const FAKE_ZE_SOURCE = fileURLToPath(new URL("./fake_ze_loader.c", import.meta.url));

let unavailableReason: string | null | undefined;

/** Null when the fake can be built here; otherwise why not (for a skipped test's name). */
export function fakeZeUnavailableReason(): string | null {
  if (unavailableReason !== undefined) return unavailableReason;
  if (Deno.build.os !== "linux" && Deno.build.os !== "darwin") {
    unavailableReason = `the fake loader is built with cc on Linux and macOS, not ${Deno.build.os}`;
    return unavailableReason;
  }
  try {
    const probe = new Deno.Command("cc", { args: ["--version"], stdout: "null", stderr: "null" })
      .outputSync();
    unavailableReason = probe.success ? null : "cc --version failed";
  } catch {
    unavailableReason = "no C compiler (cc) on PATH";
  }
  // CI installs cc: a missing compiler there is a failure, not a skip.
  if (unavailableReason !== null && Deno.env.get("CI") === "true") {
    throw new Error(`CI=true but the fake Level Zero loader cannot be built: ${unavailableReason}`);
  }
  return unavailableReason;
}

let buildDir: string | null = null;
const builds = new Map<FakeZeVariant, Promise<string>>();

/** The path of the fake loader for `variant`, compiling it on first use. */
export function buildFakeZe(variant: FakeZeVariant = "default"): Promise<string> {
  let build = builds.get(variant);
  if (build === undefined) {
    build = compile(variant);
    builds.set(variant, build);
  }
  return build;
}

async function compile(variant: FakeZeVariant): Promise<string> {
  if (buildDir === null) {
    const dir = Deno.makeTempDirSync({ prefix: "gputop-fake-ze-" });
    buildDir = dir;
    globalThis.addEventListener("unload", () => {
      try {
        Deno.removeSync(dir, { recursive: true });
      } catch {
        // already gone
      }
    });
  }
  const output = `${buildDir}/libze_loader-${variant}.so`;
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
      FAKE_ZE_SOURCE,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!result.success) {
    throw new Error(
      `cc failed for the fake loader (${variant}):\n${new TextDecoder().decode(result.stderr)}`,
    );
  }
  return output;
}

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
