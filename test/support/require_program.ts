/**
 * Tests that need a real program (promtool, prometheus, tmux): skipped with the reason in
 * their name where it is missing, except under CI (`CI=true`), where a missing program is a
 * failure, since `.ci/run` installs it.
 */
export function programPath(name: string): string | null {
  for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
    if (dir === "") continue;
    try {
      const path = `${dir}/${name}`;
      if (Deno.statSync(path).isFile) return path;
    } catch {
      // not here
    }
  }
  return null;
}

export function testWithProgram(
  program: string,
  name: string,
  fn: (path: string) => Promise<void>,
): void {
  const path = programPath(program);
  const inCi = Deno.env.get("CI") === "true";
  if (path === null && !inCi) {
    Deno.test({ name: `${name} (skipped: no ${program} on PATH)`, ignore: true, fn() {} });
    return;
  }
  Deno.test(name, () => {
    if (path === null) throw new Error(`${program} is not installed; .ci/run installs it`);
    return fn(path);
  });
}
