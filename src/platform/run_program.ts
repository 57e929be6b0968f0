/**
 * Runs an external program (macmon, nvidia-smi) with a timeout and turns every way it can
 * go wrong into data: not found, not permitted, timed out, or exited non-zero.
 */

export type ProgramResult =
  | { kind: "ok"; stdout: string; stderr: string }
  | { kind: "exit"; code: number; stdout: string; stderr: string }
  | { kind: "not-found"; message: string }
  | { kind: "timeout"; message: string }
  | { kind: "failed"; message: string };

export interface RunProgramOptions {
  timeoutMs: number;
  env?: Record<string, string>;
}

export async function runProgram(
  program: string,
  args: readonly string[],
  options: RunProgramOptions,
): Promise<ProgramResult> {
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(program, {
      args: [...args],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      ...(options.env ? { env: options.env } : {}),
    }).spawn();
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      return { kind: "not-found", message: `${program}: not found` };
    }
    const text = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { kind: "failed", message: `${program}: ${text}` };
  }
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try {
      child.kill("SIGKILL");
    } catch {
      // already exited
    }
  }, options.timeoutMs);
  try {
    const output = await child.output();
    const decoder = new TextDecoder();
    const stdout = decoder.decode(output.stdout);
    const stderr = decoder.decode(output.stderr);
    if (timedOut) {
      return { kind: "timeout", message: `${program}: no answer within ${options.timeoutMs} ms` };
    }
    if (output.code !== 0) return { kind: "exit", code: output.code, stdout, stderr };
    return { kind: "ok", stdout, stderr };
  } catch (error) {
    const text = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { kind: "failed", message: `${program}: ${text}` };
  } finally {
    clearTimeout(timer);
  }
}
