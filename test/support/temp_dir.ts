/** Scratch directories for tests: made fresh, removed afterwards whether the test passed or not. */

/** Runs `body` in a fresh temporary directory (named `prefix…`) and removes it afterwards. */
export function withTempDir(body: (dir: string) => void, prefix = "gputop-test-"): void {
  const dir = Deno.makeTempDirSync({ prefix });
  try {
    body(dir);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

/** `withTempDir` for a body that awaits: the directory goes once its promise settles. */
export async function withTempDirAsync(
  body: (dir: string) => Promise<void>,
  prefix = "gputop-test-",
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix });
  try {
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
