import assert from "node:assert/strict";
import { CORRECTED_ECC_WARNING, deviceHealth } from "../../src/model/device_health.ts";
import type { Device } from "../../src/model/types.ts";

const UNKNOWN = {
  eccErrors: null,
  retirementPending: null,
  retirementFailed: null,
  pcieWidth: null,
  pcieWidthMax: null,
  clockEventReasons: null,
};

function ecc(volatileCorrected: number, volatileUncorrected: number): Device["eccErrors"] {
  return {
    volatileCorrected,
    volatileUncorrected,
    aggregateCorrected: null,
    aggregateUncorrected: null,
  };
}

Deno.test("health: nothing known → null; something known and fine → ok with no reasons", () => {
  assert.deepEqual(deviceHealth(UNKNOWN), { health: null, healthReasons: null });
  // A width alone (no max) is not enough to judge the link.
  assert.deepEqual(deviceHealth({ ...UNKNOWN, pcieWidth: 16 }), {
    health: null,
    healthReasons: null,
  });
  assert.deepEqual(deviceHealth({ ...UNKNOWN, pcieWidth: 16, pcieWidthMax: 16 }), {
    health: "ok",
    healthReasons: [],
  });
  assert.deepEqual(deviceHealth({ ...UNKNOWN, clockEventReasons: ["idle", "power-cap"] }), {
    health: "ok",
    healthReasons: [],
  });
});

Deno.test("health: critical findings, each named", () => {
  assert.deepEqual(deviceHealth({ ...UNKNOWN, eccErrors: ecc(0, 2) }), {
    health: "critical",
    healthReasons: ["2 uncorrected ECC errors since the driver loaded"],
  });
  assert.deepEqual(deviceHealth({ ...UNKNOWN, eccErrors: ecc(0, 1) }).healthReasons, [
    "1 uncorrected ECC error since the driver loaded",
  ]);
  assert.equal(deviceHealth({ ...UNKNOWN, retirementPending: true }).health, "critical");
  assert.equal(deviceHealth({ ...UNKNOWN, retirementFailed: true }).health, "critical");
  assert.equal(deviceHealth({ ...UNKNOWN, retirementPending: false }).health, "ok");
});

Deno.test("health: warnings, and every warning kept beside a critical finding", () => {
  assert.deepEqual(deviceHealth({ ...UNKNOWN, pcieWidth: 8, pcieWidthMax: 16 }), {
    health: "warning",
    healthReasons: ["PCIe link x8 of x16"],
  });
  assert.deepEqual(deviceHealth({ ...UNKNOWN, clockEventReasons: ["thermal", "power-brake"] }), {
    health: "warning",
    healthReasons: ["clocks held down: thermal, power-brake"],
  });
  assert.equal(deviceHealth({ ...UNKNOWN, eccErrors: ecc(CORRECTED_ECC_WARNING, 0) }).health, "ok");
  assert.deepEqual(deviceHealth({ ...UNKNOWN, eccErrors: ecc(CORRECTED_ECC_WARNING + 1, 0) }), {
    health: "warning",
    healthReasons: ["1001 corrected ECC errors since the driver loaded (over 1000)"],
  });
  assert.deepEqual(
    deviceHealth({
      ...UNKNOWN,
      pcieWidth: 4,
      pcieWidthMax: 16,
      retirementFailed: true,
      clockEventReasons: ["hardware-slowdown"],
    }),
    {
      health: "critical",
      healthReasons: [
        "memory retirement failed: replace the board",
        "PCIe link x4 of x16",
        "clocks held down: hardware-slowdown",
      ],
    },
  );
});
