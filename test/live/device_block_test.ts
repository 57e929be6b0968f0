import assert from "node:assert/strict";
import { deviceBlock } from "../../src/live/device_block.ts";
import { fitLine } from "../../src/live/styled_line.ts";
import { makeDevice } from "../render/snapshot_builder.ts";

const titleOf = (overrides: Parameters<typeof makeDevice>[0], color = false) =>
  fitLine(deviceBlock(makeDevice(overrides), 160)[0]!, 160, color).trimEnd();

Deno.test("deviceBlock: a critical device says so on its title line, with its first reason", () => {
  const title = titleOf({
    name: "NVIDIA A100",
    health: "critical",
    healthReasons: ["2 uncorrected ECC errors since the driver loaded", "PCIe link x8 of x16"],
  });
  assert.match(
    title,
    /^GPU \d+ NVIDIA A100 {2}CRITICAL: 2 uncorrected ECC errors since the driver/,
  );
  assert.ok(!title.includes("x8 of x16"), title);
});

Deno.test("deviceBlock: a warning is marked, in yellow when colour is on", () => {
  const reasons = ["clocks held down: thermal"];
  assert.match(titleOf({ health: "warning", healthReasons: reasons }), /WARNING: clocks held/);
  const coloured = titleOf({ health: "warning", healthReasons: reasons }, true);
  assert.ok(coloured.includes("\x1b[33m  WARNING: clocks held down: thermal\x1b[0m"), coloured);
});

Deno.test("deviceBlock: a healthy or unknown device carries no mark", () => {
  for (const health of ["ok", null] as const) {
    const title = titleOf({ health, healthReasons: [] });
    assert.ok(!/CRITICAL|WARNING/.test(title), title);
  }
});
