/**
 * What the `gputop watch` end-to-end tests share (test/cli and the vendor-library ones): a
 * temporary counts file for a fake, JSON lines checked against the snapshot contract, and
 * gputop in a subprocess whose stdout is read as it comes (to signal it mid-watch).
 */
import assert from "node:assert/strict";
import { Ajv2020 } from "npm:ajv@8.17.1/dist/2020.js";
import { snapshotJsonSchema } from "../../src/cli/commands/schema.ts";
import { SnapshotSchema } from "../../src/model/schema.ts";
import type { Snapshot } from "../../src/model/types.ts";
import { MAIN_TS, REPO_ROOT } from "./run_cli.ts";

let validateJson: ((value: unknown) => boolean) & { errors?: unknown } | null = null;

/** A temporary file a fake writes its counts to; `read()` gives its one line. */
export function countsFile(): { path: string; read(): string; dispose(): void } {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-watch-" });
  const path = `${dir}/counts`;
  return {
    path,
    read: () => Deno.readTextFileSync(path).trim(),
    dispose: () => Deno.removeSync(dir, { recursive: true }),
  };
}

/**
 * Every line of `watch --json` output, each complete and valid both under the published JSON
 * Schema (what `gputop schema` prints) and under the Zod schema it is generated from.
 */
export function jsonLines(stdout: string): Snapshot[] {
  validateJson ??= new Ajv2020({ strict: false }).compile(snapshotJsonSchema());
  const validate = validateJson;
  assert.ok(stdout.endsWith("\n"), "every line is complete");
  return stdout.trimEnd().split("\n").map((line) => {
    const value = JSON.parse(line);
    assert.ok(validate(value), JSON.stringify(validate.errors));
    const parsed = SnapshotSchema.safeParse(value);
    assert.ok(parsed.success, parsed.success ? "" : parsed.error.message);
    return value as Snapshot;
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
    /** Reads until `n` complete lines have arrived (or stdout closed); returns the first `n`. */
    async lines(n: number): Promise<string[]> {
      while (buffered.split("\n").length - 1 < n) {
        const { value, done } = await reader.read();
        if (done) break;
        buffered += value;
      }
      return buffered.split("\n").slice(0, n);
    },
    /** Everything stdout gave, once it has closed. */
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
