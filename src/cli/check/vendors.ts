/**
 * The vendors `check --vendor` accepts, without loading zod at start-up (help lists them). The
 * compile-time check below fails when `VendorSchema` (src/model/schema.ts) gains a vendor that
 * is not here, and `satisfies` when one here is not in it; a test compares the order too.
 */
import type { Vendor } from "../../model/types.ts";

export const CHECK_VENDORS = [
  "nvidia",
  "amd",
  "intel",
  "apple",
  "arm",
  "qualcomm",
  "broadcom",
  "vivante",
  "imagination",
  "other",
] as const satisfies readonly Vendor[];

type Missing = Exclude<Vendor, (typeof CHECK_VENDORS)[number]>;
/** Fails to compile while a schema vendor is missing above. */
const _complete: [Missing] extends [never] ? true : Missing = true;
