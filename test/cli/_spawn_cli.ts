/**
 * gputop in a subprocess whose stdout a test reads as it comes, can close early (as `head`
 * does) and can signal: for watch and for signals during one-shot commands.
 */
import { MAIN_TS, REPO_ROOT } from "../support/run_cli.ts";

export function spawnCli(args: string[], env: Record<string, string>) {
  const base: Record<string, string> = {};
  for (const name of ["PATH", "HOME", "DENO_DIR", "XDG_CACHE_HOME"]) {
    const value = Deno.env.get(name);
    if (value !== undefined) base[name] = value;
  }
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--frozen", "--cached-only", MAIN_TS, ...args],
    env: { ...base, ...env },
    clearEnv: true,
    cwd: REPO_ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  return {
    child,
    /** Reads until `n` complete lines have arrived; returns them. */
    async lines(n: number): Promise<string[]> {
      while (buffered.split("\n").length - 1 < n) {
        const { value, done } = await reader.read();
        if (done) break;
        buffered += value;
      }
      return buffered.split("\n").slice(0, n);
    },
    /** Everything else stdout gives until it closes. */
    async rest(): Promise<string> {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return buffered;
        buffered += value;
      }
    },
    /** Closes the read end, as `head` does when it has had enough. */
    closeStdout: () => reader.cancel(),
    stderr: async () => new TextDecoder().decode(await new Response(child.stderr).arrayBuffer()),
  };
}
