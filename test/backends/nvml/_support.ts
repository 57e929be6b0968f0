/** Shared piece of the NVML backend tests: tests that need the fake. */
import { fakeNvmlUnavailableReason } from "../../fakes/nvml/build_fake_nvml.ts";

/** A test that needs the compiled fake; ignored, with the reason in its name, without cc. */
export function fakeNvmlTest(name: string, fn: () => Promise<void>): void {
  const reason = fakeNvmlUnavailableReason();
  Deno.test({
    name: reason === null ? name : `${name} (skipped: ${reason})`,
    ignore: reason !== null,
    fn,
  });
}
