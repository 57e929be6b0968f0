/**
 * What the vendor-library watch tests (level-zero and amdsmi) share: a temporary counts file
 * for a fake, JSON lines checked against the snapshot schema, and gputop in a subprocess
 * whose stdout is read as it comes (to signal it mid-watch).
 */
import assert from "node:assert/strict";
import { SnapshotSchema } from "../../../src/model/schema.ts";
import type { Snapshot } from "../../../src/model/types.ts";
import { MAIN_TS, REPO_ROOT } from "../../support/run_cli.ts";

/** A temporary file a fake writes its counts to; `read()` gives its one line. */
export function countsFile(): { path: string; read(): string; dispose(): void } {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-vendor-watch-" });
  const path = `${dir}/counts`;
  return {
    path,
    read: () => Deno.readTextFileSync(path).trim(),
    dispose: () => Deno.removeSync(dir, { recursive: true }),
  };
}

/** Every line of `watch --json` output, each complete and schema-valid. */
export function jsonLines(stdout: string): Snapshot[] {
  assert.ok(stdout.endsWith("\n"), "every line is complete");
  return stdout.trimEnd().split("\n").map((line) => {
    const parsed = SnapshotSchema.safeParse(JSON.parse(line));
    assert.ok(parsed.success, parsed.success ? "" : parsed.error.message);
    return parsed.data as Snapshot;
  });
}

/** gputop in a subprocess with only `env` (and PATH, HOME, Deno's cache) in its environment. */
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
    /** Reads until `n` complete lines have arrived. */
    async lines(n: number): Promise<void> {
      while (buffered.split("\n").length - 1 < n) {
        const { value, done } = await reader.read();
        if (done) return;
        buffered += value;
      }
    },
    /** Everything stdout gave, once it has closed. */
    async rest(): Promise<string> {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return buffered;
        buffered += value;
      }
    },
    stderr: async () => new TextDecoder().decode(await new Response(child.stderr).arrayBuffer()),
  };
}
