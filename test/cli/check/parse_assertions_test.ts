import assert from "node:assert/strict";
import { parseAssertions } from "../../../src/cli/check/parse_assertions.ts";
import { CHECK_VENDORS } from "../../../src/cli/check/vendors.ts";
import { UsageError } from "../../../src/platform/usage_error.ts";
import { VendorSchema } from "../../../src/model/schema.ts";

function usageError(values: Record<string, string | string[]>, message: string): void {
  assert.throws(() => parseAssertions(values), (error: unknown) => {
    assert.ok(error instanceof UsageError, String(error));
    assert.equal(error.message, message);
    return true;
  });
}

Deno.test("parseAssertions(): an empty --vendor or --require-backend item is a usage error", () => {
  usageError({ vendor: [""] }, "invalid value for --vendor: '' (an empty item)");
  usageError(
    { vendor: ["nvidia,,amd"] },
    "invalid value for --vendor: 'nvidia,,amd' (an empty item)",
  );
  usageError(
    { "require-backend": [""], "min-gpus": "0" },
    "invalid value for --require-backend: '' (an empty item)",
  );
  usageError(
    { "require-backend": ["nvml", "drm,"] },
    "invalid value for --require-backend: 'drm,' (an empty item)",
  );
});

Deno.test("parseAssertions(): vendors are case-blind and every schema vendor is known", () => {
  const [vendor] = parseAssertions({ vendor: ["NVIDIA,Arm", "imagination"] });
  assert.ok(vendor?.kind === "vendor");
  assert.deepEqual(vendor.vendors, ["nvidia", "arm", "imagination"]);
  assert.deepEqual([...CHECK_VENDORS], VendorSchema.options);
  usageError(
    { vendor: ["matrox"] },
    `invalid value for --vendor: 'matrox' (known: ${VendorSchema.options.join(", ")})`,
  );
});

Deno.test("parseAssertions(): --max-temperature may be negative (°C)", () => {
  const [below] = parseAssertions({ "max-temperature": "-5" });
  assert.ok(below?.kind === "max-temperature");
  assert.equal(below.celsius, -5);
  const [fraction] = parseAssertions({ "max-temperature": "-0.5" });
  assert.ok(fraction?.kind === "max-temperature");
  assert.equal(fraction.celsius, -0.5);
  usageError(
    { "max-temperature": "--5" },
    "invalid value for --max-temperature: '--5' (expected a number, e.g. 85 or -5)",
  );
  // Other limits stay non-negative.
  usageError(
    { "max-utilization": "-1" },
    "invalid value for --max-utilization: '-1' (expected a number ≥ 0 and ≤ 100)",
  );
});
