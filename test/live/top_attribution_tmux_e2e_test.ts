/**
 * `gputop top` in a real terminal (tmux) on the attribution tree: the CONTAINER, POD and
 * START columns, `s` sorting by them, and `--pod` keeping one pod's processes.
 */
import assert from "node:assert/strict";
import { testWithProgram } from "../support/require_program.ts";
import { buildAttributionTree } from "../linux/cgroup/attribution_tree.ts";
import { gputopShellLine, pids, shellQuote, Tmux } from "./tmux_session.ts";

testWithProgram(
  "tmux",
  "top: CONTAINER, POD, START columns, sortable; --pod filters",
  async (path) => {
    const tree = buildAttributionTree();
    const tmux = new Tmux(path);
    try {
      const command = gputopShellLine(
        `top --interval 300ms --backends drm --root ${
          shellQuote(tree.root)
        } --pod ml/trainer-0,sweep-3`,
      );
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
