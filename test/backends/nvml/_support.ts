/** Shared piece of the NVML backend tests: tests that need the fake. */
export { fakeNvmlTest } from "../../fakes/nvml/build_fake_nvml.ts";
