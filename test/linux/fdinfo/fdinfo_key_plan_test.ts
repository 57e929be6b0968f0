/** Key plans: every plan has one set of fields in one order (one hidden class for the parser). */
import assert from "node:assert/strict";
import { keyPlanOf, PLAN_FIELDS } from "../../../src/linux/fdinfo/fdinfo_key_plan.ts";

Deno.test("every kind of key plan has the same fields in the same order", () => {
  const keys = [
    "pos",
    "pasid",
    "gfx mem",
    "drm key",
    "drm-driver",
    "drm-pdev",
    "drm-client-id",
    "drm-client-name",
    "drm-engine-gfx",
    "drm-engine-capacity-rcs",
    "drm-cycles-bcs",
    "drm-total-cycles-bcs",
    "drm-maxfreq-gpu",
    "drm-curfreq-gpu",
    "drm-resident-vram",
    "drm-memory-vram",
    "drm-something-new",
    "drm-engine-bad name",
  ];
  const kinds = new Set<string>();
  for (const key of keys) {
    const plan = keyPlanOf(key);
    kinds.add(plan.kind);
    assert.deepEqual(Object.keys(plan), [...PLAN_FIELDS], key);
  }
  assert.deepEqual([...kinds].sort(), [
    "alias",
    "capacity",
    "clientId",
    "clientName",
    "counter",
    "driver",
    "drmUnknown",
    "frequency",
    "generic",
    "ignored",
    "memory",
    "other",
    "pdev",
  ], "the keys above reach every kind");
});
