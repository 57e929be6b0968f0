/**
 * Test helpers around `fake_nvidia_smi.sh`: fixture paths, and a per-test wrapper program
 * whose FAKE_NVIDIA_SMI_* settings can change between runs (see ../fake_program.ts).
 */
import { fileURLToPath } from "node:url";
import { type FakeProgram, makeFakeProgram } from "../fake_program.ts";

export type { FakeProgram };

export const FAKE_NVIDIA_SMI = fileURLToPath(new URL("./fake_nvidia_smi.sh", import.meta.url));
export const FIXTURES_DIR = fileURLToPath(
  new URL("../../../fixtures/nvidia-smi/", import.meta.url),
);

/** Absolute path of a file in fixtures/nvidia-smi. */
export function fixture(name: string): string {
  return `${FIXTURES_DIR}${name}`;
}

export function fixtureText(name: string): string {
  return Deno.readTextFileSync(fixture(name));
}

/** A checkout may lose the executable bit; the tests restore it. */
export function makeFakeExecutable(): void {
  Deno.chmodSync(FAKE_NVIDIA_SMI, 0o755);
}

/** The three GPU models of the captures, each idle and under load. */
export const CAPTURE_STEMS = [
  "rtx-2080-super-595.71.05",
  "rtx-4080-super-595.71.05",
  "h100-80gb-hbm3-590.48.01",
] as const;
export const CAPTURE_STATES = ["idle", "load"] as const;

/** A wrapper program for GPUTOP_NVIDIA_SMI whose FAKE_NVIDIA_SMI_* settings can change. */
export function fakeProgram(env: Record<string, string>): FakeProgram {
  return makeFakeProgram(
    { fake: FAKE_NVIDIA_SMI, name: "nvidia-smi", argsLogVariable: "FAKE_NVIDIA_SMI_ARGS_LOG" },
    env,
  );
}
