/** Which platforms a backend is on by default, checked for all three at once. */
import assert from "node:assert/strict";
import type { BackendDescriptor } from "../../src/backends/backend.ts";

/** Asserts `descriptor.defaultOn(os)` for Linux, macOS and Windows. */
export function assertDefaultOn(
  descriptor: BackendDescriptor,
  expected: { linux: boolean; darwin: boolean; windows: boolean },
): void {
  assert.deepEqual({
    linux: descriptor.defaultOn("linux"),
    darwin: descriptor.defaultOn("darwin"),
    windows: descriptor.defaultOn("windows"),
  }, expected);
}
