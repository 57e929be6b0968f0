import assert from "node:assert/strict";
import { precedenceFor } from "../../src/model/field_precedence.ts";

Deno.test("memory fields: drm just before amdsmi, every other backend in registry order", () => {
  const order = precedenceFor("memoryTotalBytes");
  assert.ok(order.indexOf("drm") === order.indexOf("amdsmi") - 1, order.join(","));
  const rest = order.filter((id) => id !== "drm" && id !== "amdsmi");
  const registry = precedenceFor("name").filter((id) => id !== "drm" && id !== "amdsmi");
  assert.deepEqual(rest, registry);
  // Power stays with the vendor library (MI-series board power is not in hwmon).
  const power = precedenceFor("powerWatts");
  assert.ok(power.indexOf("amdsmi") < power.indexOf("drm"));
});
