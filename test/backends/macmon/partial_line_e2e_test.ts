/**
 * A macmon line that lacks the GPU usage keys is a partial reading, not a refusal: the device
 * is still listed with power, temperature and memory, and utilisation is unknown (null).
 * The line is the v0.6.1 readme example (fixtures/macmon) with its `gpu_usage` tuple removed.
 */
import assert from "node:assert/strict";
import { runCli } from "../../support/run_cli.ts";
import { snapshotOutput } from "../../support/snapshot_output.ts";
import { fakeProgram } from "../../fakes/macmon/fake.ts";

const LINE_WITHOUT_USAGE = JSON.stringify({
  timestamp: "2025-02-24T20:38:15.427569+00:00",
  temp: { cpu_temp_avg: 43.73614, gpu_temp_avg: 36.95167 },
  memory: {
    ram_total: 25769803776,
    ram_usage: 20985479168,
    swap_total: 4294967296,
    swap_usage: 2602434560,
  },
  ecpu_usage: [1181, 0.082656614],
  pcpu_usage: [1974, 0.015181795],
  cpu_power: 0.20486385,
  gpu_power: 0.017451683,
  ane_power: 0.0,
  all_power: 0.22231553,
  sys_power: 5.876533,
  ram_power: 0.11635789,
  gpu_ram_power: 0.0009615385,
});

Deno.test("gputop --backends macmon: a line without GPU usage keys still gives the device", async () => {
  const fake = fakeProgram({});
  try {
    fake.setEnv({ FAKE_MACMON_OUTPUT: fake.writeFile("partial.jsonl", `${LINE_WITHOUT_USAGE}\n`) });
    const result = await runCli(["--backends", "macmon", "--json"], {
      env: { GPUTOP_MACMON: fake.path },
    });
    assert.equal(result.code, 0, result.stderr);
    const snapshot = snapshotOutput(result);
    assert.equal(snapshot.backends.find((b) => b.id === "macmon")?.status, "ok");
    assert.equal(snapshot.devices.length, 1);
    const device = snapshot.devices[0]!;
    assert.equal(device.utilizationPercent, null); // no usage key: unknown, not 0
    assert.equal(device.graphicsClockMHz, null); // the frequency came from the same tuple
    assert.equal(device.powerWatts, 0.017451683);
    assert.equal(device.temperatureCelsius, 36.95167);
    assert.equal(device.memoryTotalBytes, 25769803776);
    assert.equal(device.memoryUsedBytes, 20985479168);
    assert.equal(device.memoryFreeBytes, 4784324608); // 25769803776 − 20985479168
  } finally {
    fake.dispose();
  }
});
