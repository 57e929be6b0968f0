/**
 * When `accept` fails for want of descriptors (EMFILE) the server pauses, retries, logs one
 * line and serves again once descriptors free up, instead of ending the process (what
 * `Deno.serve` did). The cap keeps `gputop serve` off this path, so an uncapped server is run.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const CHILD = fileURLToPath(new URL("./uncapped_server_child.ts", import.meta.url));

Deno.test({
  name: "HTTP server under `ulimit -n 256`: accept's EMFILE is survived with one line",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const child = new Deno.Command("sh", {
      args: [
        "-c",
        'ulimit -n 256 && exec "$0" run -A --frozen --cached-only "$1"',
        Deno.execPath(),
        CHILD,
      ],
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    }).spawn();
    const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
    let stderr = "";
    while (!/listening (\d+)\n/.test(stderr)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the server did not start:\n${stderr}`);
      stderr += value;
    }
    const port = Number(/listening (\d+)/.exec(stderr)![1]);
    const rest = (async () => {
      for (let chunk; !(chunk = await reader.read()).done;) stderr += chunk.value;
    })();
    try {
      const conns: Deno.TcpConn[] = [];
      for (let i = 0; i < 400; i++) conns.push(await Deno.connect({ hostname: "127.0.0.1", port }));
      // connections past the descriptors wait in the kernel's queue while accept fails
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const conn of conns) conn.close();
      const response = await fetch(`http://127.0.0.1:${port}/`);
      assert.equal(await response.text(), "ok\n");
    } finally {
      child.kill("SIGTERM");
      const status = await child.status;
      await rest;
      assert.equal(status.signal, null, stderr);
      assert.equal(status.code, 0, stderr);
    }
    const notices = stderr.split("\n").filter((line) => line.startsWith("gputop:"));
    assert.deepEqual(notices, [
      "gputop: cannot accept connections: Too many open files (os error 24); retrying every 100 ms",
    ]);
  },
});
