/**
 * Runs gputop as a user does: `deno run -A src/main.ts ARGS` in a subprocess, with a
 * controlled environment. Every end-to-end test goes through this; `runDeno` runs any other
 * deno command (compile, bundle) the same way.
 */
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const MAIN_TS = fileURLToPath(new URL("../../src/main.ts", import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunCliOptions {
  /** Extra environment; PATH, HOME and DENO_DIR are passed through, nothing else. */
  env?: Record<string, string>;
}

export interface RunDenoOptions {
  /** Added to this process's environment, or, with `clearEnv`, the whole environment. */
  env?: Record<string, string>;
  /** Working directory; the repository root unless given. */
  cwd?: string;
  /** Start from an empty environment instead of this process's. */
  clearEnv?: boolean;
}

/**
 * Runs `program ARGS` with stdin closed and returns its exit code and decoded output;
 * `options.cwd` defaults to the repository root.
 */
export async function runCommand(
  program: string,
  args: readonly string[],
  options: RunDenoOptions = {},
): Promise<CliResult> {
  const output = await new Deno.Command(program, {
    args: [...args],
    env: options.env ?? {},
    clearEnv: options.clearEnv ?? false,
    cwd: options.cwd ?? REPO_ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  return {
    code: output.code,
    stdout: decoder.decode(output.stdout),
    stderr: decoder.decode(output.stderr),
  };
}

/** Runs `deno ARGS` (this test run's own deno) and returns its exit code and decoded output. */
export function runDeno(args: readonly string[], options: RunDenoOptions = {}): Promise<CliResult> {
  return runCommand(Deno.execPath(), args, options);
}

/**
 * What a child gputop or deno may see of this process's environment: PATH, HOME and Deno's
 * cache (DENO_DIR, XDG_CACHE_HOME) where set, then `extra`.
 */
export function passThroughEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ["PATH", "HOME", "DENO_DIR", "XDG_CACHE_HOME"]) {
    const value = Deno.env.get(name);
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...extra };
}

/** The command line gputop runs under in a subprocess: `deno run … src/main.ts ARGS`. */
export function cliArgs(args: readonly string[]): string[] {
  return ["run", "-A", "--frozen", "--cached-only", MAIN_TS, ...args];
}

export function runCli(args: readonly string[], options: RunCliOptions = {}): Promise<CliResult> {
  return runDeno(cliArgs(args), { env: passThroughEnv(options.env), clearEnv: true });
}

/** Parses stdout as JSON, failing with the CLI's stderr in the message when it is not. */
export function parseJsonOutput(result: CliResult): unknown {
  try {
    return JSON.parse(result.stdout);
  } catch {
    throw new Error(
      `stdout is not JSON (exit ${result.code}):\n${result.stdout}\nstderr:\n${result.stderr}`,
    );
  }
}
