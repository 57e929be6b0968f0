/** Shared piece of the AMD SMI backend tests: tests that need the compiled fake. */
import { fakeAmdsmiUnavailableReason } from "../../fakes/amdsmi/build_fake.ts";

/** A test that needs the compiled fake; ignored, with the reason in its name, without cc. */
export function fakeAmdsmiTest(name: string, fn: () => Promise<void>): void {
  const reason = fakeAmdsmiUnavailableReason();
  Deno.test({
    name: reason === null ? name : `${name} (skipped: ${reason})`,
    ignore: reason !== null,
    fn,
  });
}
