/**
 * `gputop top` in a real terminal (tmux) on the attribution tree: the CONTAINER, POD and
 * START columns, `s` sorting by them, and `--pod` keeping one pod's processes.
 */
import assert from "node:assert/strict";
import { testWithProgram } from "../support/require_program.ts";
import { MAIN_TS, REPO_ROOT } from "../support/run_cli.ts";
import { buildAttributionTree } from "../linux/cgroup/attribution_tree.ts";

const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

function tmuxIn(tmux: string, socket: string) {
  const run = async (...args: string[]): Promise<string> => {
    const result = await new Deno.Command(tmux, {
      args: ["-L", socket, "-f", "/dev/null", ...args],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const decoder = new TextDecoder();
    if (!result.success) throw new Error(`tmux ${args[0]}: ${decoder.decode(result.stderr)}`);
    return decoder.decode(result.stdout);
  };
  return {
    run,
    async waitFor(predicate: (screen: string) => boolean, what: string): Promise<string> {
      const deadline = Date.now() + 20_000;
      let screen = "";
      while (Date.now() < deadline) {
        screen = await run("capture-pane", "-p", "-t", "t");
        if (predicate(screen)) return screen;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`timed out waiting for ${what}; screen:\n${screen}`);
    },
  };
}

/** The PID column of the process table, top to bottom. */
function pids(screen: string): number[] {
  const lines = screen.split("\n");
  const header = lines.findIndex((line) => /^\s+PID USER/.test(line));
  const rows: number[] = [];
  for (const line of lines.slice(header + 1)) {
    const match = /^\s+(\d+) /.exec(line);
    if (!match) break;
    rows.push(Number(match[1]));
  }
  return rows;
}

testWithProgram(
  "tmux",
  "top: CONTAINER, POD, START columns, sortable; --pod filters",
  async (path) => {
    const tree = buildAttributionTree();
    const tmux = tmuxIn(path, `gputop-attr-${crypto.randomUUID().slice(0, 8)}`);
    try {
      const denoDir = Deno.env.get("DENO_DIR");
      const command = [
        `cd ${quote(REPO_ROOT)} && exec env -i TZ=UTC TERM=xterm-256color`,
        `PATH=${quote(Deno.env.get("PATH") ?? "")} HOME=${quote(Deno.env.get("HOME") ?? "/")}`,
        denoDir ? `DENO_DIR=${quote(denoDir)}` : "",
        quote(Deno.execPath()),
        "run -A --frozen --cached-only",
        quote(MAIN_TS),
        `top --interval 300ms --backends drm --root ${quote(tree.root)} --pod ml/trainer-0,sweep-3`,
      ].join(" ");
      await tmux.run("new-session", "-d", "-s", "t", "-x", "160", "-y", "30", command);
      // CPU% needs two readings: its column comes with the second.
      const first = await tmux.waitFor(
        (s) => s.includes("processes 1-6 of 6") && s.includes("CPU%"),
        "a frame with CPU%",
      );
      assert.match(
        first,
        /PID USER\s+CONTAINER\s+POD\s+GPU TYPE\s+GPU MEM GPU%\s+CPU%\s+START COMMAND/,
      );
      assert.match(first, /containerd:3f2a9c1e7b4d\s+ml\/trainer-0 /);
      assert.deepEqual(pids(first), [3017, 3009, 3007, 3005, 3003, 3002], "GPU memory first");
      // s: GPU% → CPU% → start → container → pod
      for (const label of ["GPU%", "CPU%", "start, newest", "container"]) {
        await tmux.run("send-keys", "-t", "t", "s");
        await tmux.waitFor((s) => s.includes(`sort: ${label}`), `sort: ${label}`);
      }
      await tmux.run("send-keys", "-t", "t", "s");
      const byPod = await tmux.waitFor((s) => s.includes("sort: pod"), "sort: pod");
      // batch/sweep-3 before ml/trainer-0, ties by pid
      assert.deepEqual(pids(byPod), [3003, 3007, 3017, 3002, 3005, 3009]);
      await tmux.run("send-keys", "-t", "t", "q");
    } finally {
      await tmux.run("kill-server").catch(() => {});
      tree.dispose();
    }
  },
);
