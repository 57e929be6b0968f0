import assert from "node:assert/strict";
import { ACCEL_NAME, CARD_NAME } from "../../../src/linux/sysfs/drm_node_names.ts";

Deno.test("CARD_NAME and ACCEL_NAME: device entries only, with their number", () => {
  assert.equal(CARD_NAME.exec("card12")?.[1], "12");
  for (const other of ["card0-DP-1", "renderD128", "version", "card", "xcard0"]) {
    assert.equal(CARD_NAME.test(other), false, other);
  }
  assert.equal(ACCEL_NAME.exec("accel3")?.[1], "3");
  for (const other of ["accel", "accel0-x", "card0"]) {
    assert.equal(ACCEL_NAME.test(other), false, other);
  }
});
