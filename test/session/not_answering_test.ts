import assert from "node:assert/strict";
import {
  deviceIdentities,
  notAnsweringDetail,
  notAnsweringReading,
} from "../../src/session/not_answering.ts";
import type { DeviceReading } from "../../src/model/types.ts";

const GPU: DeviceReading = {
  localId: "0000:07:00.0",
  vendor: "nvidia",
  name: "NVIDIA A100-SXM4-80GB",
  uuid: "GPU-0f6a",
  serial: null,
  pciBusId: "0000:07:00.0",
  driver: "nvidia",
  temperatureCelsius: 64,
  powerWatts: 123.456,
  error: "fan: Unknown Error",
};

Deno.test("deviceIdentities keeps what says which device it is, no figure", () => {
  assert.deepEqual(deviceIdentities([GPU]), [{
    localId: "0000:07:00.0",
    vendor: "nvidia",
    name: "NVIDIA A100-SXM4-80GB",
    uuid: "GPU-0f6a",
    serial: null,
    pciBusId: "0000:07:00.0",
    driver: "nvidia",
  }]);
});

Deno.test("notAnsweringReading marks each device; none known is no reading", () => {
  const reading = notAnsweringReading("nvml", deviceIdentities([GPU]), 1234.4);
  assert.deepEqual(reading?.devices.map((d) => [d.name, d.error, d.temperatureCelsius]), [
    ["NVIDIA A100-SXM4-80GB", "not answering (nvml: no reply for 1234 ms)", undefined],
  ]);
  assert.deepEqual(reading?.processes, []);
  assert.equal(notAnsweringReading("nvml", [], 10), null);
});

Deno.test("notAnsweringDetail says how long, and that the call is not made again", () => {
  assert.equal(
    notAnsweringDetail(299.6),
    "not answering: no reply for 300 ms (its call is still running and is not made again " +
      "until it returns)",
  );
});
