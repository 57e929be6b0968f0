/**
 * Test helpers around `fake_macmon.sh`: fixture paths, and a per-test wrapper program whose
 * FAKE_MACMON_* settings can change between runs (the backend's child processes inherit the
 * test process's environment, not the BackendContext's, so the settings live in a file the
 * wrapper sources).
 */
import { fileURLToPath } from "node:url";
import type { BackendContext } from "../../../src/backends/backend.ts";

export const FAKE_MACMON = fileURLToPath(new URL("./fake_macmon.sh", import.meta.url));
export const FIXTURES_DIR = fileURLToPath(new URL("../../../fixtures/macmon/", import.meta.url));

/** One fixture per real schema generation (see fixtures/macmon/README.md). */
export const FIXTURES = [
  "pre-v0.6-no-timestamp.jsonl",
  "v0.6.1-readme.jsonl",
  "v0.7-soc-info-m1max-blog.jsonl",
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

/** A checkout may lose the executable bit; the tests restore it. */
export function makeFakeExecutable(): void {
  Deno.chmodSync(FAKE_MACMON, 0o755);
}

export interface FakeProgram {
  /** Path of the wrapper to use as GPUTOP_MACMON. */
  path: string;
  /** Replaces the fake's FAKE_MACMON_* settings for the runs that follow. */
  setEnv(env: Record<string, string>): void;
  /** Arguments of every run so far, one string per run. */
  calls(): string[];
  /** Writes `text` to a file in the wrapper's directory and returns its path. */
  writeFile(name: string, text: string): string;
  dispose(): void;
}

/** A wrapper in a fresh temp directory that sources its settings, then runs the fake. */
export function fakeProgram(env: Record<string, string>): FakeProgram {
  makeFakeExecutable();
  const dir = Deno.makeTempDirSync({ prefix: "gputop-macmon-" });
  const path = `${dir}/macmon`;
  const log = `${dir}/calls.log`;
  const envFile = `${dir}/env`;
  const setEnv = (values: Record<string, string>) => {
    const lines = Object.entries({ ...values, FAKE_MACMON_ARGS_LOG: log })
      .map(([name, value]) => `${name}='${value.replaceAll("'", `'\\''`)}'`);
    Deno.writeTextFileSync(envFile, lines.join("\n") + "\n");
  };
  setEnv(env);
  Deno.writeTextFileSync(
    path,
    `#!/bin/sh\nset -a\n. '${envFile}'\nset +a\nexec '${FAKE_MACMON}' "$@"\n`,
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
    writeFile: (name, text) => {
      const file = `${dir}/${name}`;
      Deno.writeTextFileSync(file, text);
      return file;
    },
    dispose: () => Deno.removeSync(dir, { recursive: true }),
  };
}

/** A BackendContext whose environment holds only `env`. */
export function testContext(
  env: Record<string, string>,
  os: typeof Deno.build.os = "darwin",
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
