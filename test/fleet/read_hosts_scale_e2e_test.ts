/**
 * Scale: 200 hosts in one `--hosts` (fake hosts in this process; 20 hang, 5 answer without
 * end) are read within the host timeout plus 1 s of what one host costs, and the process's
 * peak memory stays bounded (an endless answer is cut at the size limit, not buffered whole).
 */
import assert from "node:assert/strict";
import { cliArgs, parseJsonOutput, passThroughEnv } from "../support/run_cli.ts";
import {
  closedPortHost,
  type FakeBehaviour,
  fixtureSnapshotJson,
  startFakeHost,
} from "../support/fake_hosts.ts";

const HOSTS = 200;
const TIMEOUT_MS = 1000;

/** Runs gputop ARGS, polling its peak resident memory (VmHWM) until it exits. */
async function runMeasured(args: string[]) {
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: cliArgs(args),
    env: passThroughEnv(),
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let peakKiB = 0;
  let done = false;
  const poll = (async () => {
    while (!done) {
      try {
        const status = Deno.readTextFileSync(`/proc/${child.pid}/status`);
        peakKiB = Math.max(peakKiB, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
      } catch {
        // exited between two polls
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const output = await child.output();
  const elapsedMs = performance.now() - started;
  done = true;
  await poll;
  const decoder = new TextDecoder();
  const result = {
    code: output.code,
    stdout: decoder.decode(output.stdout),
    stderr: decoder.decode(output.stderr),
  };
  return { result, elapsedMs, peakMiB: peakKiB / 1024 };
}

Deno.test("--hosts: 200 hosts (some hanging, some endless) within timeout + 1 s, memory bounded", async () => {
  const body = await fixtureSnapshotJson("amdgpu-discrete");
  const behaviourOf = (i: number): FakeBehaviour =>
    i % 10 === 3
      ? { kind: "hang" }
      : i % 40 === 7
      ? { kind: "endless" }
      : { kind: "snapshot", body };
  const hosts = Array.from({ length: HOSTS }, (_, i) => startFakeHost(behaviourOf(i)));
  try {
    // What one unreachable host costs: start-up, no waiting.
    const one = await runMeasured(["--json", "--hosts", closedPortHost()]);
    assert.equal(one.result.code, 0, one.result.stderr);
    const all = await runMeasured([
      "--json",
      "--host-timeout",
      `${TIMEOUT_MS}ms`,
      "--hosts",
      hosts.map((h) => h.host).join(","),
    ]);
    assert.equal(all.result.code, 0, all.result.stderr);
    // Five endless answers cut at 8 MiB each; unbounded, they would buffer gigabytes.
    assert.ok(
      all.peakMiB < one.peakMiB + 200,
      `peak ${all.peakMiB} MiB (one host: ${one.peakMiB})`,
    );
    const output = parseJsonOutput(all.result) as {
      hosts: { status: string; detail: string | null }[];
      devices: unknown[];
    };
    const count = (status: string) => output.hosts.filter((h) => h.status === status).length;
    assert.equal(output.hosts.length, HOSTS);
    assert.equal(count("timeout"), 20);
    assert.equal(count("invalid"), 5);
    assert.ok(
      output.hosts.filter((h) => h.status === "invalid").every((h) =>
        /larger than/.test(h.detail!)
      ),
    );
    assert.equal(count("ok"), 175);
    assert.equal(output.devices.length, 175, "one Vega a host");
    const extraMs = all.elapsedMs - one.elapsedMs;
    assert.ok(
      extraMs < TIMEOUT_MS + 1000,
      `200 hosts took ${Math.round(extraMs)} ms more than one`,
    );
    // Five endless answers cut at 8 MiB each; unbounded, they would buffer gigabytes.
    assert.ok(
      all.peakMiB < one.peakMiB + 200,
      `peak ${all.peakMiB} MiB (one host: ${one.peakMiB})`,
    );
  } finally {
    await Promise.all(hosts.map((h) => h.close()));
  }
});
