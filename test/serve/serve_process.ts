/**
 * Starts `gputop serve` as a user does (a `deno run` subprocess) on a free loopback port and
 * reads the address it prints; `stop()` sends SIGTERM and returns its exit code and stderr.
 * With `openFileLimit` it runs under `ulimit -n N` (soft and hard), as a shell would start it.
 */
import { cliArgs, passThroughEnv } from "../support/run_cli.ts";
import { StreamText } from "../support/stream_text.ts";

export interface ServeProcess {
  port: number;
  pid: number;
  stop(signal?: Deno.Signal): Promise<{ code: number; stderr: string }>;
}

export interface StartOptions {
  openFileLimit?: number;
  /** `--listen`'s value; 127.0.0.1:0 unless given. */
  listen?: string;
}

export async function startServe(
  args: string[],
  env: Record<string, string>,
  options: StartOptions = {},
): Promise<ServeProcess> {
  const listen = options.listen ?? "127.0.0.1:0";
  const denoArgs = cliArgs(["serve", "--listen", listen, ...args]);
  const limit = options.openFileLimit;
  const child = new Deno.Command(limit === undefined ? Deno.execPath() : "sh", {
    args: limit === undefined
      ? denoArgs
      : ["-c", `ulimit -n ${limit} && exec "$0" "$@"`, Deno.execPath(), ...denoArgs],
    env: passThroughEnv(env),
    clearEnv: true,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const stderr = new StreamText(child.stderr);
  const deadline = Date.now() + 30_000;
  let port: number | null = null;
  while (port === null && Date.now() < deadline) {
    const timeout = new Promise<false>((resolve) =>
      setTimeout(() => resolve(false), deadline - Date.now())
    );
    if (!await Promise.race([stderr.more(), timeout])) break;
    const match = /serving https?:\/\/\S+:(\d+)\/metrics/.exec(stderr.text);
    if (match) port = Number(match[1]);
  }
  const rest = stderr.rest();
  if (port === null) {
    child.kill("SIGKILL");
    await child.status;
    throw new Error(`gputop serve did not start:\n${stderr.text}`);
  }
  return {
    port,
    pid: child.pid,
    async stop(signal: Deno.Signal = "SIGTERM") {
      child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      const status = await child.status;
      clearTimeout(timer);
      await rest;
      return { code: status.code, stderr: stderr.text };
    },
  };
}

/** A free loopback TCP port (released before returning; a small race accepted in tests). */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/**
 * A matcher for one device's sample line in a scrape: family `name`, the device's `index`
 * label first, `labels` (text inside the braces, e.g. `bound="max"`) somewhere after, `value`.
 */
function deviceSeries(index: number) {
  return (name: string, labels: string, value: string): RegExp =>
    new RegExp(`^${name}\\{index="${index}",[^}]*${labels}\\} ${value}$`, "m");
}

/** Each `[family, labels, value]` has its line for device `index` in the scrape `text`. */
export function assertDeviceSeries(
  text: string,
  index: number,
  expected: readonly (readonly [string, string, string])[],
): void {
  const series = deviceSeries(index);
  for (const [name, labels, value] of expected) {
    if (!series(name, labels, value).test(text)) {
      throw new Error(`no ${name}{index="${index}",…${labels}} ${value} in:\n${text}`);
    }
  }
}
