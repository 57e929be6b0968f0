/**
 * The C reference scanner (`reference_scanner.c`): built with `cc`, run for its CPU time in
 * process (CLOCK_PROCESS_CPUTIME_ID), its wall time as a whole process, and its per-pid results.
 */
import { fileURLToPath } from "node:url";

const SOURCE = fileURLToPath(new URL("./reference_scanner.c", import.meta.url));

/** What the reference printed: CPU ms per iteration, then "pid bytes" lines. */
export interface ReferenceResult {
  cpuMs: number[];
  values: Map<number, number | null>;
}

/** Builds the reference into `dir`; throws with the compiler's words when that fails. */
export async function compileReference(dir: string): Promise<string> {
  const binary = `${dir}/reference_scanner`;
  const output = await new Deno.Command("cc", { args: ["-O2", "-o", binary, SOURCE] }).output();
  if (!output.success) throw new Error(`cc failed:\n${new TextDecoder().decode(output.stderr)}`);
  return binary;
}

export async function runReference(
  binary: string,
  args: string[],
  pids: string[] = [],
): Promise<ReferenceResult> {
  const output = await new Deno.Command(binary, { args: [...args, ...pids] }).output();
  if (!output.success) {
    throw new Error(`C reference failed: ${new TextDecoder().decode(output.stderr)}`);
  }
  const result: ReferenceResult = { cpuMs: [], values: new Map() };
  for (const line of new TextDecoder().decode(output.stdout).split("\n")) {
    const [a, b] = line.split(" ");
    if (a === "cpu_us") result.cpuMs.push(Number(b) / 1000);
    else if (a && b) result.values.set(Number(a), Number(b));
  }
  return result;
}

/** CPU ms of the reference's second iteration (the first warms its allocations). */
export async function referenceCpuMs(
  binary: string,
  args: string[],
  pids: string[] = [],
): Promise<number> {
  const result = await runReference(binary, [...args, "2"], pids);
  const ms = result.cpuMs[1];
  if (ms === undefined) throw new Error("C reference printed no timing");
  return ms;
}

/** Wall ms of the reference as a whole process doing one iteration (exec, reads, exit). */
export async function referenceWallMs(binary: string, args: string[]): Promise<number> {
  const start = performance.now();
  const output = await new Deno.Command(binary, { args: [...args, "1"], stdout: "null" }).output();
  const elapsed = performance.now() - start;
  if (!output.success) throw new Error(`C reference ${args.join(" ")} exited ${output.code}`);
  return elapsed;
}
