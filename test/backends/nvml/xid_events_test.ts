/**
 * NVML critical Xid events end to end (src/backends/nvml/xid_events.ts): the fake's "xid"
 * scenario queues two Xid 79 events on GPU 0 after the first sample (fake_nvml_xid.c).
 * Live modes count them per device, across a lazy re-init's new event sets too; one-shot
 * modes, and a driver without the event calls, leave both fields null; serve exports the
 * count as a counter.
 */
import assert from "node:assert/strict";
import { buildFakeNvml, fakeNvmlEnv } from "../../fakes/nvml/build_fake_nvml.ts";
import { runCli } from "../../support/run_cli.ts";
import { runCliOnFakeNvml } from "../../support/fake_nvml_cli.ts";
import { snapshotOutput } from "../../support/snapshot_output.ts";
import { jsonLines } from "../../support/watch_cli.ts";
import { startServe } from "../../serve/serve_process.ts";
import { fakeNvmlTest } from "./_support.ts";

const WATCH = ["watch", "--count", "3", "--interval", "200ms", "--json"];

/** [xidEventsTotal, lastXid] of each GPU, sample by sample. */
function xidColumns(stdout: string): [unknown, unknown][][] {
  return jsonLines(stdout).map((snapshot) =>
    snapshot.devices.map((d) => [d.xidEventsTotal, d.lastXid] as [unknown, unknown])
  );
}

const RISING = [
  [[0, null], [0, null]],
  [[2, 79], [0, null]],
  [[2, 79], [0, null]],
];

fakeNvmlTest(
  "NVML Xid: watch counts GPU 0's two Xid 79 events from the second sample",
  async () => {
    const result = await runCliOnFakeNvml(WATCH, "xid");
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(xidColumns(result.stdout), RISING);
  },
);

fakeNvmlTest("NVML Xid: counts survive a lazy re-init's new event set", async () => {
  const result = await runCliOnFakeNvml([...WATCH, "--lazy-init"], "xid");
  assert.equal(result.code, 0, result.stderr);
  assert.deepEqual(xidColumns(result.stdout), RISING);
});

fakeNvmlTest("NVML Xid: a one-shot snapshot leaves both fields null", async () => {
  const result = await runCliOnFakeNvml(["--json"], "xid");
  assert.equal(result.code, 0, result.stderr);
  for (const device of snapshotOutput(result).devices) {
    assert.equal(device.xidEventsTotal, null);
    assert.equal(device.lastXid, null);
  }
});

fakeNvmlTest("NVML Xid: a driver without the event calls leaves both fields null", async () => {
  const procRoot = await Deno.makeTempDir({ prefix: "gputop-empty-proc-" });
  try {
    const result = await runCli([...WATCH, "--backends", "nvml", "--proc-root", procRoot], {
      env: { GPUTOP_NVML_LIB: await buildFakeNvml("no-events"), FAKE_NVML_SCENARIO: "xid" },
    });
    assert.equal(result.code, 0, result.stderr);
    const nulls = [[null, null], [null, null]];
    assert.deepEqual(xidColumns(result.stdout), [nulls, nulls, nulls]);
  } finally {
    await Deno.remove(procRoot, { recursive: true });
  }
});

fakeNvmlTest("NVML Xid: serve exports gputop_device_xid_events_total", async () => {
  const serve = await startServe(
    ["--interval", "100ms", "--backends", "nvml"],
    await fakeNvmlEnv("xid"),
  );
  try {
    const gpu0 = /^gputop_device_xid_events_total\{index="0",[^}]*\} 2$/m;
    let text = "";
    for (let tries = 0; tries < 50 && !gpu0.test(text); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = await (await fetch(`http://127.0.0.1:${serve.port}/metrics`)).text();
    }
    assert.match(text, gpu0);
    assert.match(text, /^# TYPE gputop_device_xid_events_total counter$/m);
    assert.match(text, /^gputop_device_xid_events_total\{index="1",[^}]*\} 0$/m);
  } finally {
    const { code } = await serve.stop();
    assert.equal(code, 143);
  }
});
