/** Wall time of whole `deno run` processes (start-up rows, the one-shot against C). */

/** Wall ms of `deno run -A --cached-only ARGS`; throws when it exits non-zero. */
export async function denoWallMs(
  args: string[],
  env: Record<string, string> = {},
): Promise<number> {
  const start = performance.now();
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--cached-only", ...args],
    env,
    stdout: "null",
    stderr: "piped",
  }).output();
  const elapsed = performance.now() - start;
  if (code !== 0) {
    throw new Error(
      `deno run ${args.join(" ")} exited ${code}: ${new TextDecoder().decode(stderr).trim()}`,
    );
  }
  return elapsed;
}

/**
 * Alternating rounds of several commands (one warm-up each first), so that a noisy stretch of
 * the machine hits every command alike; the wall ms of each, by name.
 */
export async function alternatingWallMs(
  commands: Record<string, () => Promise<number>>,
  rounds: number,
): Promise<Record<string, number[]>> {
  const times: Record<string, number[]> = {};
  for (const run of Object.values(commands)) await run();
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of Object.entries(commands)) (times[name] ??= []).push(await run());
  }
  return times;
}
