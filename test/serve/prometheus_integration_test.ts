/**
 * A real Prometheus server scrapes a real `gputop serve` (fake NVML + a DRM fixture tree),
 * both on loopback, and its HTTP API must return the fake's exact figures.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { buildFakeNvml } from "../fakes/nvml/build_fake_nvml.ts";
import { fixtureRootArgs } from "../linux/sysfs/fixture_tree.ts";
import { testWithProgram } from "../support/require_program.ts";
import { freePort, startServe } from "./serve_process.ts";
import { StreamText } from "../support/stream_text.ts";

const GPU0_UUID = "GPU-0f6a1a2b-3c4d-5e6f-7081-92a3b4c5d6e7"; // fake_nvml.c DEVICES[0]

interface QueryResult {
  metric: Record<string, string>;
  value: [number, string];
}

async function query(port: number, promql: string): Promise<QueryResult[]> {
  const url = `http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(promql)}`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    if (!response.ok) {
      await response.body?.cancel();
      return [];
    }
    const body = await response.json() as { data?: { result?: QueryResult[] } };
    return body.data?.result ?? [];
  } catch {
    return []; // not up yet
  }
}

/** Polls until the query returns something, at most `timeoutMs`. */
async function waitForSeries(
  port: number,
  promql: string,
  timeoutMs: number,
): Promise<QueryResult[]> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const result = await query(port, promql);
    if (result.length > 0) return result;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return [];
}

testWithProgram(
  "prometheus",
  "a real Prometheus scrapes gputop serve and finds the fake's values",
  async (prometheus) => {
    const dir = await Deno.makeTempDir({ prefix: "gputop-prometheus-" });
    const serve = await startServe([
      "--interval",
      "200ms",
      "--backends",
      "nvml,drm",
      ...fixtureRootArgs("mixed-two-gpus"),
    ], { GPUTOP_NVML_LIB: await buildFakeNvml(), FAKE_NVML_SCENARIO: "two-gpus" });
    const promPort = freePort();
    await Deno.writeTextFile(
      join(dir, "prometheus.yml"),
      [
        "global:",
        "  scrape_interval: 1s",
        "  scrape_timeout: 1s",
        "scrape_configs:",
        "  - job_name: gputop",
        "    static_configs:",
        `      - targets: ["127.0.0.1:${serve.port}"]`,
        "",
      ].join("\n"),
    );
    const server = new Deno.Command(prometheus, {
      args: [
        `--config.file=${join(dir, "prometheus.yml")}`,
        `--storage.tsdb.path=${join(dir, "data")}`,
        `--web.listen-address=127.0.0.1:${promPort}`,
      ],
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    }).spawn();
    const log = new StreamText(server.stderr);
    const logDone = log.rest();
    try {
      const memory = await waitForSeries(
        promPort,
        `gputop_device_memory_used_bytes{uuid="${GPU0_UUID}"}`,
        45_000,
      );
      assert.equal(
        memory.length,
        1,
        `no device series scraped; prometheus said:\n${log.text.slice(-2000)}`,
      );
      // fake_nvml.c DEVICES[0].used_v2 = 4861198336 (85899345920 total − 81038147584 free)
      assert.equal(memory[0]!.value[1], "4861198336");
      assert.equal(memory[0]!.metric.name, "NVIDIA A100-SXM4-80GB");
      assert.equal(memory[0]!.metric.pci_bus_id, "0000:07:00.0");
      assert.equal(memory[0]!.metric.vendor, "nvidia");
      // fake_nvml.c DEVICES[0].compute: pid 4242 holds 2147483648 bytes (2 GiB)
      const process = await waitForSeries(
        promPort,
        'gputop_process_gpu_memory_bytes{pid="4242"}',
        10_000,
      );
      assert.equal(process.length, 1);
      assert.equal(process[0]!.value[1], "2147483648");
      // the DRM fixture's devices are there too, and the scrape itself is healthy
      const drm = await waitForSeries(
        promPort,
        'gputop_device_memory_total_bytes{pci_bus_id="0000:03:00.0"}',
        10_000,
      );
      assert.equal(drm[0]?.value[1], "8573157376"); // mem_info_vram_total in the Vega capture
      const up = await waitForSeries(promPort, 'up{job="gputop"}', 10_000);
      assert.equal(up[0]?.value[1], "1");
    } finally {
      server.kill("SIGTERM");
      const timer = setTimeout(() => server.kill("SIGKILL"), 15_000);
      await server.status;
      clearTimeout(timer);
      await logDone;
      const stopped = await serve.stop("SIGTERM");
      await Deno.remove(dir, { recursive: true });
      assert.equal(stopped.code, 128 + 15, `SIGTERM ends serve cleanly:\n${stopped.stderr}`);
    }
  },
);
