/**
 * parseAppRows on every fixture. Expected values are the capture text's, copied by hand into
 * captured.ts (`used_gpu_memory [MiB]` = `2566 MiB` → 2566 × 1048576).
 */
import assert from "node:assert/strict";
import { APP_FIELDS } from "../../../src/backends/nvidia-smi/fields.ts";
import { parseAppRows } from "../../../src/backends/nvidia-smi/parse_app_rows.ts";
import type { DeviceReading, ProcessReading } from "../../../src/model/types.ts";
import { fixtureText } from "../../fakes/nvidia-smi/fake.ts";
import { CAPTURED, MIB, NORMALISED_BUS_ID } from "./captured.ts";

function compute(
  pid: number,
  deviceLocalId: string,
  name: string,
  gpuMemoryBytes: number | null,
): ProcessReading {
  return { pid, deviceLocalId, name, gpuMemoryBytes, type: "compute", perProcess: true };
}

for (const [stem, { gpu, apps }] of Object.entries(CAPTURED)) {
  Deno.test(`parseAppRows reads ${stem}-apps.csv as captured`, () => {
    const device = NORMALISED_BUS_ID[gpu.busId]!;
    assert.deepEqual(parseAppRows(fixtureText(`${stem}-apps.csv`), APP_FIELDS, []), {
      processes: apps.map((app) => compute(app.pid, device, app.processName, app.usedMiB * MIB)),
      rejected: 0,
    });
  });
}

Deno.test("spot check by hand: H100 load ./gpu_burn 15690 MiB", () => {
  const { processes } = parseAppRows(
    fixtureText("h100-80gb-hbm3-590.48.01-load-apps.csv"),
    APP_FIELDS,
    [],
  );
  assert.deepEqual(processes[2], compute(11345, "0000:00:09.0", "./gpu_burn", 16452157440));
});

const DEVICE: DeviceReading = {
  localId: "0000:01:00.0",
  vendor: "nvidia",
  uuid: "GPU-1a2b3c4d-0000-0000-0000-000000000000",
};

Deno.test("used_gpu_memory [N/A] (Windows WDDM) is null, not 0", () => {
  const text = "00000000:01:00.0, GPU-1a2b, 4242, [N/A], C:\\Games\\game.exe\n";
  assert.deepEqual(parseAppRows(text, APP_FIELDS, [DEVICE]).processes, [
    compute(4242, "0000:01:00.0", "C:\\Games\\game.exe", null),
  ]);
});

Deno.test("a process without a bus id joins its device by UUID", () => {
  const text = "[N/A], GPU-1A2B3C4D-0000-0000-0000-000000000000, 77, 5, app\n";
  assert.deepEqual(parseAppRows(text, APP_FIELDS, [DEVICE]).processes, [
    compute(77, "0000:01:00.0", "app", 5242880),
  ]);
  // Neither bus id nor a known UUID: the process is kept, on no device.
  const unknown = parseAppRows("[N/A], GPU-ffff, 78, 5, app\n", APP_FIELDS, [DEVICE]);
  assert.equal(unknown.processes[0]!.deviceLocalId, null);
});

Deno.test("a process name with commas stays whole; a hidden name is null", () => {
  const text = "00000000:01:00.0, GPU-1, 9, 1, /opt/a, b/run, now\n" +
    "00000000:01:00.0, GPU-1, 10, 1, [Insufficient Permissions]\n";
  const { processes } = parseAppRows(text, APP_FIELDS, []);
  assert.equal(processes[0]!.name, "/opt/a, b/run, now");
  assert.equal(processes[1]!.name, null);
});

Deno.test("garbage rows are skipped and counted; the others are kept", () => {
  const text = fixtureText("rtx-2080-super-595.71.05-load-apps.csv") +
    "garbage\n" +
    "00000000:0C:00.0, GPU-1, not-a-pid, 12, ffmpeg\n" +
    "00000000:0C:00.0, GPU-1, -4, 12, ffmpeg\n";
  const { processes, rejected } = parseAppRows(text, APP_FIELDS, []);
  assert.equal(rejected, 3);
  assert.deepEqual(processes.map((process) => process.pid), [5268, 5267]);
});

Deno.test("'No running processes found' is no processes, not a bad row", () => {
  assert.deepEqual(parseAppRows("No running processes found\n", APP_FIELDS, []), {
    processes: [],
    rejected: 0,
  });
});
