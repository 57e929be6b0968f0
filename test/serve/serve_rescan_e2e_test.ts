/**
 * `gputop serve` as a user runs it, on a tree that changes under it: a known GPU process closes
 * a socket and reopens its fd number on the GPU (same fd count, so only a full walk can tell).
 * The scrape shows the new client's memory once the next full walk ran: within the rescan
 * interval while walks are cheap, as here (README "Performance", rescan policy), and not
 * before a walk (between walks the scan is incremental).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { startServe } from "./serve_process.ts";
import { copyTree, sysRootOf } from "../linux/sysfs/fixture_tree.ts";
import { statLine } from "../linux/cgroup/attribution_tree.ts";

const KiB = 1024;

function fdinfo(clientId: number, vramKib: number): string {
  return `pos:\t0\nflags:\t02100002\ndrm-driver:\tamdgpu\ndrm-pdev:\t0000:03:00.0\n` +
    `drm-client-id:\t${clientId}\ndrm-memory-vram:\t${vramKib} KiB\n`;
}

/** proc/ with pid 100 (a DRM client on fd 3, a socket on fd 4) and sys/ of amdgpu-discrete. */
function buildTree(root: string): string {
  const pid = join(root, "proc/100");
  for (const dir of ["fd", "fdinfo"]) Deno.mkdirSync(join(pid, dir), { recursive: true });
  Deno.writeTextFileSync(join(pid, "comm"), "trainer\n");
  Deno.writeTextFileSync(join(pid, "cmdline"), "trainer\0");
  Deno.writeTextFileSync(join(pid, "status"), "Name:\ttrainer\nUid:\t0\t0\t0\t0\n");
  Deno.writeTextFileSync(join(pid, "stat"), statLine(100, "trainer", "S", 5));
  Deno.symlinkSync("/dev/dri/renderD128", join(pid, "fd/3"));
  Deno.writeTextFileSync(join(pid, "fdinfo/3"), fdinfo(1, 4));
  Deno.symlinkSync("socket:[42]", join(pid, "fd/4"));
  Deno.writeTextFileSync(join(pid, "fdinfo/4"), "pos:\t0\nflags:\t02\n");
  copyTree(sysRootOf("amdgpu-discrete"), join(root, "sys"));
  return pid;
}

async function memoryOf100(port: number): Promise<number | null> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const match = /^gputop_process_gpu_memory_bytes\{pid="100",[^}]*\} (\d+)$/m.exec(text);
  return match === null ? null : Number(match[1]);
}

Deno.test("serve: an fd number reopened on the GPU by a known process shows after a full walk", async () => {
  const root = Deno.makeTempDirSync({ prefix: "gputop-rescan-" });
  const pid = buildTree(root);
  const serve = await startServe([
    "--interval",
    "100ms",
    "--rescan-interval",
    "1500ms",
    "--backends",
    "drm",
    "--proc-root",
    join(root, "proc"),
    "--sys-root",
    join(root, "sys"),
  ], {});
  try {
    assert.equal(await memoryOf100(serve.port), 4 * KiB);
    // Past the first walks, then fd 4 goes from a socket to a second GPU client.
    await new Promise((resolve) => setTimeout(resolve, 1700));
    Deno.removeSync(join(pid, "fd/4"));
    Deno.symlinkSync("/dev/dri/renderD128", join(pid, "fd/4"));
    Deno.writeTextFileSync(join(pid, "fdinfo/4"), fdinfo(2, 8));
    const changedAt = performance.now();
    const seen: number[] = [];
    let foundAfterMs: number | null = null;
    while (performance.now() - changedAt < 5000) {
      const bytes = await memoryOf100(serve.port);
      if (bytes !== null) seen.push(bytes);
      if (bytes === 12 * KiB) {
        foundAfterMs = performance.now() - changedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.notEqual(foundAfterMs, null, `never found; scrapes showed ${seen.join(", ")}`);
    // A full walk every 1.5 s (cheap walks), plus a sample interval and a scrape of slack.
    assert.ok(foundAfterMs! <= 1500 + 600, `found after ${foundAfterMs} ms`);
  } finally {
    await serve.stop();
    Deno.removeSync(root, { recursive: true });
  }
});
