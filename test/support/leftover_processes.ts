/**
 * What a test's child programs left running: each is started with a marker argument no other
 * process has, and `pgrep -f` looks for it afterwards.
 */
import assert from "node:assert/strict";

/** A marker no other test uses: a sleep length (over 1000 s) that is also a unique number. */
export function sleepMarker(): string {
  return `${1000 + Math.floor(Math.random() * 8000)}.${Math.floor(Math.random() * 1e6)}`;
}

/** Whether any process's command line matches `pattern` (`pgrep -f`). */
export async function anyRunning(pattern: string): Promise<boolean> {
  const ps = await new Deno.Command("pgrep", { args: ["-f", pattern] }).output();
  return ps.code === 0;
}

/** Gives killed processes `graceMs` to be gone, then asserts none matches `pattern`. */
export async function assertNoneRunning(
  pattern: string,
  message: string,
  graceMs: number,
): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, graceMs));
  assert.equal(await anyRunning(pattern), false, message);
}
