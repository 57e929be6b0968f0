/** The health-cost bench runs over the three fakes and names each figure with its target. */
import assert from "node:assert/strict";
import { deviceHealthCost } from "../../../scripts/bench/device_health_cost.ts";
import { fakeAmdsmiTest } from "../../fakes/amdsmi/build_fake.ts";

fakeAmdsmiTest(
  "device_health_cost: one row per vendor and mode, each a CPU time under 1 ms",
  async () => {
    const rows = await deviceHealthCost(20);
    assert.deepEqual(rows.map((r) => r.figure), [
      "NVML health, one-shot (per device)",
      "NVML health, live (per device)",
      "Level Zero health (per device)",
      "AMD SMI health, one-shot (per device)",
      "AMD SMI health, live (per device)",
    ]);
    for (const row of rows) {
      assert.equal(row.target, "< 1 ms");
      const ms = Number(/^(\d+\.\d{3}) ms$/.exec(row.value)?.[1]);
      assert.ok(ms >= 0 && ms < 1, `${row.figure}: ${row.value}`);
    }
  },
);
