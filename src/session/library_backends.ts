/**
 * Which backends read through a vendor library whose lifetime `--lazy-init` governs, asked by
 * `gputop backends` (so the CLI names the session mode on their rows without importing the
 * registry itself).
 */
import { BACKENDS } from "../backends/mod.ts";
import type { BackendId } from "../model/types.ts";

export function readsThroughVendorLibrary(id: BackendId): boolean {
  return BACKENDS.some((descriptor) => descriptor.id === id && descriptor.libraryLifetime === true);
}
