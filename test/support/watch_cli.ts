/**
 * What the `gputop watch` end-to-end tests share (test/cli and the vendor-library ones): a
 * temporary counts file for a fake, JSON lines checked against the snapshot contract, and
 * gputop in a subprocess whose stdout is read as it comes (to signal it mid-watch).
 */
import assert from "node:assert/strict";
import { Ajv2020 } from "npm:ajv@8.17.1/dist/2020.js";
import { snapshotJsonSchema } from "../../src/model/json_schema.ts";
import { SnapshotSchema } from "../../src/model/schema.ts";
import type { Snapshot } from "../../src/model/types.ts";
import { cliArgs, passThroughEnv, REPO_ROOT, runCli } from "./run_cli.ts";
import { StreamText } from "./stream_text.ts";

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
  const child = new Deno.Command(Deno.execPath(), {
    args: cliArgs(args),
    env: passThroughEnv(env),
    clearEnv: true,
    cwd: REPO_ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stdout = new StreamText(child.stdout);
  return {
    child,
    /** Reads until `n` complete lines have arrived (or stdout closed); returns the first `n`. */
    async lines(n: number): Promise<string[]> {
      while (stdout.text.split("\n").length - 1 < n && await stdout.more()) {
        // each chunk is added to stdout.text
      }
      return stdout.text.split("\n").slice(0, n);
    },
    /** Everything stdout gave, once it has closed. */
    rest: () => stdout.rest(),
    /** Closes the read end, as `head` does when it has had enough. */
    closeStdout: () => stdout.cancel(),
    stderr: async () => new TextDecoder().decode(await new Response(child.stderr).arrayBuffer()),
  };
}

/**
 * `watch --interval 100ms --backends <backends>` signalled with SIGTERM (or SIGHUP) once two
 * lines have come: it exits by itself with 143 (128 + 15; SIGHUP 129) and every line it wrote is
 * complete and valid.
 */
export async function watchUntilSigterm(
  backends: string,
  env: Record<string, string>,
  signal: "SIGTERM" | "SIGHUP" = "SIGTERM",
): Promise<void> {
  const run = spawnCli(["watch", "--interval", "100ms", "--backends", backends], env);
  await run.lines(2);
  run.child.kill(signal);
  const stdout = await run.rest();
  const status = await run.child.status;
  assert.equal(status.signal, null, "gputop exited by itself, not killed by the signal");
  assert.equal(status.code, signal === "SIGTERM" ? 143 : 129, await run.stderr());
  assert.ok(jsonLines(stdout).length >= 2);
}

/**
 * `watch --interval 200ms --count 4 --backends <backend>,drm` while `backend`'s init blocks
 * (its fake sleeps 3 s, set in `env`): every line reports `backend` as timed out, DRM ok and
 * only the DRM devices `drmDeviceIds`, and all four lines come while the init still runs.
 */
export async function assertScheduleKeptWhileInitBlocks(
  backend: string,
  fixtureArgs: readonly string[],
  env: Record<string, string>,
  drmDeviceIds: readonly string[],
): Promise<void> {
  const result = await runCli(
    [
      "watch",
      "--interval",
      "200ms",
      "--count",
      "4",
      "--backends",
      `${backend},drm`,
      ...fixtureArgs,
    ],
    { env },
  );
  assert.equal(result.code, 0, result.stderr);
  const lines = jsonLines(result.stdout);
  assert.equal(lines.length, 4);
  for (const line of lines) {
    const status = line.backends.find((b) => b.id === backend);
    assert.equal(status?.status, "error");
    assert.match(status?.detail ?? "", /^timed out/);
    assert.equal(line.backends.find((b) => b.id === "drm")?.status, "ok");
    assert.deepEqual(
      line.devices.map((d) => [d.id, d.sources.name]),
      drmDeviceIds.map((id) => [id, "drm"]),
    );
  }
  // Opening waits at most 1 s, the warm-up 200 ms, then 3 intervals ≈ 600 ms: well under 3 s.
  const spanMs = Date.parse(lines[3]!.timestamp) - Date.parse(lines[0]!.timestamp);
  assert.ok(spanMs < 3000, `lines spanned ${spanMs} ms`);
}
