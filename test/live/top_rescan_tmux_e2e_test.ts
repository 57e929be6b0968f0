/**
 * `gputop top` in a real terminal (tmux) on a tree that changes under it: a known GPU process
 * reopens a socket's fd number on the GPU (`test/support/reopened_fd_tree.ts`). Its GPU MEM
 * grows on screen once the next full walk ran, within the rescan interval while walks are cheap
 * (README "Performance", rescan policy).
 */
import assert from "node:assert/strict";
import { testWithProgram } from "../support/require_program.ts";
import { buildReopenedFdTree } from "../support/reopened_fd_tree.ts";
import { gputopShellLine, shellQuote, Tmux } from "./tmux_session.ts";

/** The row of pid 100 on a screen, or "". */
function row100(screen: string): string {
  return screen.split("\n").find((line) => /^[\s>]\s*100 /.test(line)) ?? "";
}

testWithProgram(
  "tmux",
  "top: an fd reopened on the GPU shows within the rescan interval",
  async (path) => {
    const tree = buildReopenedFdTree(4096); // 4 MiB, then 4 + 8 MiB
    const tmux = new Tmux(path);
    try {
      const command = gputopShellLine(
        `top --interval 200ms --rescan-interval 1500ms --backends drm --proc-root ${
          shellQuote(tree.procRoot)
        } --sys-root ${shellQuote(tree.sysRoot)}`,
      );
      await tmux.run("new-session", "-d", "-s", "t", "-x", "160", "-y", "30", command);
      const first = await tmux.waitFor((s) => /4(\.0)? ?MiB/.test(row100(s)), "pid 100 at 4 MiB");
      assert.match(row100(first), /trainer/);
      await new Promise((resolve) => setTimeout(resolve, 1700)); // past the first walks
      tree.reopenOnGpu(8192);
      const changedAt = performance.now();
      await tmux.waitFor((s) => /12(\.0)? ?MiB/.test(row100(s)), "pid 100 at 12 MiB", 6000);
      const afterMs = performance.now() - changedAt;
      // A full walk every 1.5 s while walks are cheap (a walk of this tree takes ~1 ms; up to
      // 7.5 ms, on a loaded machine, waits at most 3 s), plus a frame and a capture of slack.
      assert.ok(afterMs <= 3000 + 800, `shown after ${afterMs} ms`);
    } finally {
      await tmux.run("kill-server").catch(() => "");
      tree.dispose();
    }
  },
);
