import assert from "node:assert/strict";
import { join } from "node:path";
import {
  readI915ClockEventReasons,
  readXeClockEventReasons,
} from "../../../src/linux/sysfs/intel_throttle.ts";
import { pciDir, scratchSys, sysRootOf } from "./fixture_tree.ts";

function writeFlags(dir: string, prefix: string, flags: Record<string, number>): void {
  Deno.mkdirSync(dir, { recursive: true });
  for (const [flag, value] of Object.entries(flags)) {
    Deno.writeTextFileSync(join(dir, `${prefix}${flag}`), `${value}\n`);
  }
}

Deno.test("intel throttle: no flag files → null (unknown), not []", () => {
  assert.equal(
    readI915ClockEventReasons(join(sysRootOf("i915-integrated"), "class/drm/card1")),
    null,
  );
  assert.equal(readXeClockEventReasons(pciDir(sysRootOf("xe-discrete"), "0000:03:00.0")), null);
});

Deno.test("i915 throttle_reason_*: mapped to the vocabulary, union over GTs, status ignored", () => {
  const scratch = scratchSys("i915-integrated");
  try {
    const card = join(scratch.root, "class", "drm", "card1");
    const none = { status: 0, pl1: 0, pl2: 0, pl4: 0, thermal: 0, prochot: 0, ratl: 0 };
    writeFlags(join(card, "gt", "gt0"), "throttle_reason_", { ...none, vr_tdc: 0 });
    assert.deepEqual(readI915ClockEventReasons(card), []);
    writeFlags(join(card, "gt", "gt0"), "throttle_reason_", { status: 1, pl1: 1, prochot: 1 });
    writeFlags(join(card, "gt", "gt1"), "throttle_reason_", { ratl: 1, vr_tdc: 1, new_bit: 1 });
    assert.deepEqual(readI915ClockEventReasons(card), [
      "current-limit",
      "hardware-slowdown",
      "other",
      "power-cap",
      "thermal",
    ]);
  } finally {
    scratch.dispose();
  }
});

Deno.test("xe freq0/throttle/reason_*: thermal and vr_thermalert → thermal", () => {
  const scratch = scratchSys("xe-discrete");
  try {
    const device = pciDir(scratch.root, "0000:03:00.0");
    const throttle = join(device, "tile0", "gt0", "freq0", "throttle");
    writeFlags(throttle, "reason_", { pl2: 0, thermal: 1, vr_thermalert: 1 });
    Deno.writeTextFileSync(join(throttle, "status"), "1\n");
    assert.deepEqual(readXeClockEventReasons(device), ["thermal"]);
  } finally {
    scratch.dispose();
  }
});
