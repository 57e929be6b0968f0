/** `gputop serve` as a user runs it: routes over a real socket, SIGTERM, bad flags. */
import assert from "node:assert/strict";
import { drmFixtureArgs } from "../linux/sysfs/fixture_tree.ts";
import { runCli } from "../support/run_cli.ts";
import { startServe } from "./serve_process.ts";

const DRM_ARGS = drmFixtureArgs("amdgpu-discrete");

Deno.test("gputop serve: /metrics, /healthz, 404, 405 over loopback; SIGTERM exits 143", async () => {
  const serve = await startServe(["--interval", "100ms", ...DRM_ARGS], {});
  const base = `http://127.0.0.1:${serve.port}`;
  try {
    const metrics = await fetch(`${base}/metrics`);
    assert.equal(metrics.status, 200);
    const text = await metrics.text();
    // mem_info_vram_used in the Vega capture
    assert.match(text, /^gputop_device_memory_used_bytes\{index="0",.*vendor="amd"\} 1490378752$/m);
    // fdinfo of pid 2001 in the fixture: 544428 KiB VRAM = 557494272 bytes
    assert.match(
      text,
      /^gputop_process_gpu_memory_bytes\{pid="2001",comm="[^"]*",device="0"\} 557494272$/m,
    );
    assert.doesNotMatch(text, /gputop_device_engine_utilization_ratio\{[^}]*\} NaN/);
    const health = await fetch(`${base}/healthz`);
    assert.equal(health.status, 200);
    await health.body?.cancel();
    const missing = await fetch(`${base}/nope`);
    assert.equal(missing.status, 404);
    await missing.body?.cancel();
    // HEAD over the socket: no body, and the GET's length (not the 0 of an empty body).
    const headHealth = await fetch(`${base}/healthz`, { method: "HEAD" });
    assert.equal(headHealth.headers.get("content-length"), "3"); // "ok\n"
    await headHealth.body?.cancel();
    const indexBytes = (await (await fetch(`${base}/`)).arrayBuffer()).byteLength;
    const headIndex = await fetch(`${base}/`, { method: "HEAD" });
    assert.equal(headIndex.headers.get("content-length"), String(indexBytes));
    await headIndex.body?.cancel();
    const headMetrics = await fetch(`${base}/metrics`, { method: "HEAD" });
    assert.ok(Number(headMetrics.headers.get("content-length")) > 1000, "a whole exposition");
    await headMetrics.body?.cancel();
    const post = await fetch(`${base}/metrics`, { method: "POST" });
    assert.equal(post.status, 405);
    await post.body?.cancel();
  } finally {
    const stopped = await serve.stop("SIGTERM");
    assert.equal(stopped.code, 128 + 15, stopped.stderr); // as a shell reports SIGTERM
  }
});

Deno.test("gputop serve: SIGINT exits 130, SIGHUP 129", async () => {
  // 128 + the signal's number (2, 1), as a shell reports a process the signal ended.
  for (const [signal, code] of [["SIGINT", 130], ["SIGHUP", 129]] as const) {
    const serve = await startServe(DRM_ARGS, {});
    const stopped = await serve.stop(signal);
    assert.equal(stopped.code, code, `${signal}: ${stopped.stderr}`);
  }
});

Deno.test("gputop serve --no-process-metrics exports no process series", async () => {
  const serve = await startServe(["--no-process-metrics", ...DRM_ARGS], {});
  try {
    const text = await (await fetch(`http://127.0.0.1:${serve.port}/metrics`)).text();
    assert.match(text, /gputop_device_memory_used_bytes/);
    assert.doesNotMatch(text, /gputop_process_/);
  } finally {
    await serve.stop();
  }
});

Deno.test("gputop serve: bad --listen or --interval is a usage error, a busy port exit 1", async () => {
  const bad = await runCli(["serve", "--listen", "nowhere"]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^gputop: invalid value for --listen: 'nowhere'/);
  const interval = await runCli(["serve", "--interval", "soon"]);
  assert.equal(interval.code, 2);
  assert.match(interval.stderr, /--interval/);
  const busy = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    const port = (busy.addr as Deno.NetAddr).port;
    const result = await runCli(["serve", "--listen", `127.0.0.1:${port}`, ...DRM_ARGS]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, new RegExp(`^gputop: cannot listen on 127\\.0\\.0\\.1:${port}: `));
    assert.equal(result.stderr.split("\n").length, 2, "one line, no stack trace");
  } finally {
    busy.close();
  }
});

Deno.test("gputop serve -i keeps only the chosen device and its processes", async () => {
  const serve = await startServe([
    "-i",
    "0000:00:02.0",
    ...drmFixtureArgs("mixed-two-gpus"),
  ], {});
  try {
    const text = await (await fetch(`http://127.0.0.1:${serve.port}/metrics`)).text();
    assert.match(text, /pci_bus_id="0000:00:02\.0"/);
    assert.doesNotMatch(text, /pci_bus_id="0000:03:00\.0"/, "the Vega is filtered out");
    assert.doesNotMatch(text, /device="1"/, "no process series of the other device");
  } finally {
    await serve.stop();
  }
});
