/**
 * Test helpers around `fake_macmon.sh`: fixture paths, and a per-test wrapper program whose
 * FAKE_MACMON_* settings can change between runs (see ../fake_program.ts).
 */
import { fileURLToPath } from "node:url";
import { type FakeProgram, makeFakeProgram } from "../fake_program.ts";

export type { FakeProgram };

export const FAKE_MACMON = fileURLToPath(new URL("./fake_macmon.sh", import.meta.url));
export const FIXTURES_DIR = fileURLToPath(new URL("../../../fixtures/macmon/", import.meta.url));

/** One fixture per real schema generation (see fixtures/macmon/README.md). */
export const FIXTURES = [
  "pre-v0.6-no-timestamp.jsonl",
  "v0.6.1-readme.jsonl",
  "v0.6.1-readme-with-soc.jsonl",
  "v0.8.0-m1max.jsonl",
  "v0.8.2-readme.jsonl",
] as const;
export type FixtureName = typeof FIXTURES[number];

/** Absolute path of a file in fixtures/macmon. */
export function fixture(name: FixtureName): string {
  return `${FIXTURES_DIR}${name}`;
}

/** The fixture's lines (each one `macmon pipe` sample). */
export function fixtureLines(name: FixtureName): string[] {
  return Deno.readTextFileSync(fixture(name)).split("\n").filter((line) => line.trim() !== "");
}

/** A wrapper program for GPUTOP_MACMON whose FAKE_MACMON_* settings can change between runs. */
export function fakeProgram(env: Record<string, string>): FakeProgram {
  return makeFakeProgram(
    { fake: FAKE_MACMON, name: "macmon", argsLogVariable: "FAKE_MACMON_ARGS_LOG" },
    env,
  );
}

/**
 * The fake replaying the fixture `output`, with `extra` settings, that logs the pid of every
 * run to the file `pidLog` (empty until the first run).
 */
export function pidLoggingFake(
  output: FixtureName,
  extra: Record<string, string> = {},
): { macmon: FakeProgram; pidLog: string } {
  const macmon = fakeProgram({});
  const pidLog = macmon.writeFile("pids", "");
  macmon.setEnv({ FAKE_MACMON_OUTPUT: fixture(output), FAKE_MACMON_PID_LOG: pidLog, ...extra });
  return { macmon, pidLog };
}
