/**
 * Test helpers around `fake_nvidia_smi.sh`: fixture paths, and a per-test wrapper program
 * whose environment for the fake can change between runs (the backend's child processes
 * inherit the test process's environment, not the BackendContext's).
 */
import { fileURLToPath } from "node:url";
import type { BackendContext } from "../../../src/backends/backend.ts";

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

export interface FakeProgram {
  /** Path of the wrapper to use as GPUTOP_NVIDIA_SMI. */
  path: string;
  /** Replaces the fake's FAKE_NVIDIA_SMI_* settings for the runs that follow. */
  setEnv(env: Record<string, string>): void;
  /** Arguments of every run so far, one string per run. */
  calls(): string[];
  dispose(): void;
}

/** A wrapper in a fresh temp directory that sources its settings, then runs the fake. */
export function fakeProgram(env: Record<string, string>): FakeProgram {
  makeFakeExecutable();
  const dir = Deno.makeTempDirSync({ prefix: "gputop-nvidia-smi-" });
  const path = `${dir}/nvidia-smi`;
  const log = `${dir}/calls.log`;
  const envFile = `${dir}/env`;
  const setEnv = (values: Record<string, string>) => {
    const lines = Object.entries({ ...values, FAKE_NVIDIA_SMI_ARGS_LOG: log })
      .map(([name, value]) => `${name}='${value.replaceAll("'", `'\\''`)}'`);
    Deno.writeTextFileSync(envFile, lines.join("\n") + "\n");
  };
  setEnv(env);
  Deno.writeTextFileSync(
    path,
    `#!/bin/sh\nset -a\n. '${envFile}'\nset +a\nexec '${FAKE_NVIDIA_SMI}' "$@"\n`,
  );
  Deno.chmodSync(path, 0o755);
  return {
    path,
    setEnv,
    calls: () => {
      try {
        return Deno.readTextFileSync(log).split("\n").filter(Boolean);
      } catch {
        return [];
      }
    },
    dispose: () => Deno.removeSync(dir, { recursive: true }),
  };
}

/** A BackendContext whose environment holds only `env`. */
export function testContext(
  env: Record<string, string>,
  os: typeof Deno.build.os = "linux",
): BackendContext {
  return {
    procRoot: "/nonexistent/proc",
    sysRoot: "/nonexistent/sys",
    env: (name) => env[name],
    os,
    nowMs: () => 0,
    lazyInit: false,
  };
}
