/**
 * The fake NVML's functions against the vendor's nvml.h (Debian libnvidia-ml-dev): the
 * fake's source is compiled with each function renamed `fake_*` under nvml.h, and each is
 * assigned to a pointer of the vendor declaration's type with -Werror, so the fake cannot
 * drift from the header. Three symbols newer than the installed 11.8 header are left out.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { NVML_SYMBOLS } from "../../../src/backends/nvml/symbols.ts";
import { FAKE_NVML_DIR, fakeNvmlUnavailableReason } from "../../fakes/nvml/build_fake_nvml.ts";
import { signatureProbeSource } from "../../fakes/c_library.ts";

const VENDOR_HEADER = "/usr/include/nvml.h";

/** Exported by R535 but not declared in the installed header (reference §1.7). */
const NOT_IN_HEADER = new Set([
  "nvmlDeviceGetConfComputeMemSizeInfo",
  "nvmlDeviceGetRunningProcessDetailList",
  // R535's new name for nvmlDeviceGetCurrentClocksThrottleReasons (same signature).
  "nvmlDeviceGetCurrentClocksEventReasons",
]);

function probeSource(): string {
  const names = Object.keys(NVML_SYMBOLS);
  return signatureProbeSource(
    [
      "/* Declares the unversioned v1 names instead of mapping them to _v2. */",
      "#define NVML_NO_UNVERSIONED_FUNC_DEFS 1",
      "#include <nvml.h>",
      "/* nvml.h stands for our nvml_abi.h; its gputop-only types still come from there. */",
      "#define GPUTOP_NVML_ABI_H 1",
    ],
    `${FAKE_NVML_DIR}/fake_nvml.c`,
    names,
    names.filter((name) => !NOT_IN_HEADER.has(name)),
  );
}

const skip = fakeNvmlUnavailableReason() ??
  (existsSync(VENDOR_HEADER) ? null : `${VENDOR_HEADER} not installed; install libnvidia-ml-dev`);
if (skip !== null && Deno.env.get("CI") === "true") {
  throw new Error(`CI=true but the NVML signature probe cannot run: ${skip}`);
}

Deno.test({
  name: skip === null
    ? "every fake NVML function has the vendor nvml.h signature"
    : `every fake NVML function has the vendor nvml.h signature (skipped: ${skip})`,
  ignore: skip !== null,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "gputop-nvml-signatures-" });
    try {
      await Deno.writeTextFile(`${dir}/probe.c`, probeSource());
      // -Wno-switch: the fake answers code 26, newer than the 11.8 header's enum.
      const built = await new Deno.Command("cc", {
        args: [
          "-std=c11",
          "-Wall",
          "-Werror",
          "-Wno-switch",
          "-c",
          "-o",
          `${dir}/probe.o`,
          `${dir}/probe.c`,
        ],
        stderr: "piped",
      }).output();
      assert.ok(built.success, new TextDecoder().decode(built.stderr));
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
