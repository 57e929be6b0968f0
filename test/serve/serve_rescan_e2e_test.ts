/**
 * `gputop serve` as a user runs it, on a tree that changes under it: a known GPU process closes
 * a socket and reopens its fd number on the GPU (same fd count, so only a full walk can tell;
 * `test/support/reopened_fd_tree.ts`). The scrape shows the new client's memory once the next
 * full walk ran: within the rescan interval while walks are cheap, as here (README
 * "Performance", rescan policy).
 */
import assert from "node:assert/strict";
import { startServe } from "./serve_process.ts";
import { buildReopenedFdTree } from "../support/reopened_fd_tree.ts";

const KiB = 1024;

async function memoryOf100(port: number): Promise<number | null> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const match = /^gputop_process_gpu_memory_bytes\{pid="100",[^}]*\} (\d+)$/m.exec(text);
  return match === null ? null : Number(match[1]);
}

Deno.test("serve: an fd number reopened on the GPU by a known process shows after a full walk", async () => {
  const tree = buildReopenedFdTree(4);
  const serve = await startServe([
    "--interval",
    "100ms",
    "--rescan-interval",
    "1500ms",
    "--backends",
    "drm",
    "--proc-root",
    tree.procRoot,
    "--sys-root",
    tree.sysRoot,
  ], {});
  try {
    assert.equal(await memoryOf100(serve.port), 4 * KiB);
    // Past the first walks, then fd 4 goes from a socket to a second GPU client.
    await new Promise((resolve) => setTimeout(resolve, 1700));
    tree.reopenOnGpu(8);
    const changedAt = performance.now();
    const seen: number[] = [];
    let foundAfterMs: number | null = null;
    while (performance.now() - changedAt < 6000) {
      const bytes = await memoryOf100(serve.port);
      if (bytes !== null) seen.push(bytes);
      if (bytes === 12 * KiB) {
        foundAfterMs = performance.now() - changedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.notEqual(foundAfterMs, null, `never found; scrapes showed ${seen.join(", ")}`);
    // A full walk every 1.5 s while walks are cheap (a walk of this tree takes ~1 ms; one of up
    // to 3.75 ms waits 1.5 s too, 7.5 ms 3 s: a loaded machine gets that much room), plus a
    // sample interval and a scrape of slack.
    assert.ok(foundAfterMs! <= 3000 + 600, `found after ${foundAfterMs} ms`);
  } finally {
    await serve.stop();
    tree.dispose();
  }
});
