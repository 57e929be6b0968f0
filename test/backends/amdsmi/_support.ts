/** Shared piece of the AMD SMI backend tests: tests that need the compiled fake. */
export { fakeAmdsmiTest } from "../../fakes/amdsmi/build_fake.ts";
