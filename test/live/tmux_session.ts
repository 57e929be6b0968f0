/**
 * Drives a real terminal for the `top` end-to-end tests: a tmux server on a socket of its own
 * (`run`, `screen`, `keys`, `waitFor`), and the PID column read back from a captured screen.
 */
import { MAIN_TS, REPO_ROOT } from "../support/run_cli.ts";

export class Tmux {
  readonly socket = `gputop-test-${crypto.randomUUID().slice(0, 8)}`;
  constructor(readonly tmux: string) {}

  async run(...args: string[]): Promise<string> {
    const result = await new Deno.Command(this.tmux, {
      args: ["-L", this.socket, "-f", "/dev/null", ...args],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const decoder = new TextDecoder();
    if (!result.success) {
      throw new Error(`tmux ${args.join(" ")}: ${decoder.decode(result.stderr)}`);
    }
    return decoder.decode(result.stdout);
  }

  screen(): Promise<string> {
    return this.run("capture-pane", "-p", "-t", "t");
  }

  keys(...keys: string[]): Promise<string> {
    return this.run("send-keys", "-t", "t", ...keys);
  }

  /**
   * Polls the screen until `predicate` holds (at most `timeoutMs`); returns that screen. A
   * frame is one write, but tmux may show it half drawn (a new title over old rows, on a
   * loaded machine): the screen counts only when a second capture right after is the same.
   */
  async waitFor(predicate: (screen: string) => boolean, what: string, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    let screen = "";
    while (Date.now() < deadline) {
      screen = await this.screen();
      if (predicate(screen)) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        if (await this.screen() === screen) return screen;
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`timed out waiting for ${what}; screen:\n${screen}`);
  }
}

/** The PID column of the process table, top to bottom. */
export function pids(screen: string): number[] {
  const lines = screen.split("\n");
  const header = lines.findIndex((line) => /^\s+PID USER/.test(line));
  const rows: number[] = [];
  for (const line of lines.slice(header + 1)) {
    const match = /^[\s>]\s*(\d+) /.exec(line); // > marks the chosen row
    if (!match) break;
    rows.push(Number(match[1]));
  }
  return rows;
}

/** `text` as one single-quoted shell word. */
export const shellQuote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/**
 * The shell line a tmux window runs for `gputop ARGS`: from the repository, in a clean
 * environment (UTC, a 256-colour TERM, this PATH, HOME and DENO_DIR) plus `variables`, with
 * `prefix` (e.g. a `setpriv …` wrapper) before Deno. ARGS is shell text, quoted by the caller.
 */
export function gputopShellLine(
  args: string,
  variables: Record<string, string> = {},
  prefix = "",
): string {
  const denoDir = Deno.env.get("DENO_DIR");
  return [
    `cd ${shellQuote(REPO_ROOT)} && exec env -i TZ=UTC TERM=xterm-256color`,
    `PATH=${shellQuote(Deno.env.get("PATH") ?? "")} HOME=${
      shellQuote(Deno.env.get("HOME") ?? "/")
    }`,
    denoDir ? `DENO_DIR=${shellQuote(denoDir)}` : "",
    ...Object.entries(variables).map(([name, value]) => `${name}=${shellQuote(value)}`),
    prefix,
    shellQuote(Deno.execPath()),
    "run -A --frozen --cached-only",
    shellQuote(MAIN_TS),
    args,
  ].join(" ");
}
