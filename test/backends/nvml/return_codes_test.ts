import assert from "node:assert/strict";
import {
  fallbackMessage,
  isFatalForDevice,
  isQuietlyUnsupported,
  NvmlError,
  NvmlReturn,
} from "../../../src/backends/nvml/return_codes.ts";

Deno.test("fallbackMessage() words every known nvmlReturn_t as the 535 driver does", () => {
  for (const code of Object.values(NvmlReturn)) {
    assert.ok(!fallbackMessage(code).startsWith("NVML error"), `no message for ${code}`);
  }
  assert.equal(fallbackMessage(NvmlReturn.DRIVER_NOT_LOADED), "Driver Not Loaded");
  assert.equal(fallbackMessage(NvmlReturn.GPU_IS_LOST), "GPU is lost");
  assert.equal(fallbackMessage(12345), "NVML error 12345");
});

Deno.test("NOT_SUPPORTED and a missing export only make a field null", () => {
  assert.ok(isQuietlyUnsupported(NvmlReturn.NOT_SUPPORTED));
  assert.ok(isQuietlyUnsupported(NvmlReturn.FUNCTION_NOT_FOUND));
  assert.ok(!isQuietlyUnsupported(NvmlReturn.NO_PERMISSION));
  assert.ok(!isQuietlyUnsupported(NvmlReturn.GPU_IS_LOST));
});

Deno.test("GPU_IS_LOST and the like stop reading a device", () => {
  assert.ok(isFatalForDevice(NvmlReturn.GPU_IS_LOST));
  assert.ok(isFatalForDevice(NvmlReturn.RESET_REQUIRED));
  assert.ok(!isFatalForDevice(NvmlReturn.NOT_SUPPORTED));
  assert.ok(!isFatalForDevice(NvmlReturn.TIMEOUT));
});

Deno.test("NvmlError carries the code, the function and the message", () => {
  const error = new NvmlError(15, "nvmlDeviceGetPowerUsage", "GPU is lost");
  assert.deepEqual([error.code, error.function, error.message, error.name], [
    15,
    "nvmlDeviceGetPowerUsage",
    "GPU is lost",
    "NvmlError",
  ]);
});
