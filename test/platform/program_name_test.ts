import assert from "node:assert/strict";
import {
  fileNameOf,
  invokedProgramName,
  isNvidiaSmiName,
} from "../../src/platform/program_name.ts";

Deno.test("fileNameOf: the file name, lower case, without .exe", () => {
  assert.equal(fileNameOf("/usr/local/bin/nvidia-smi"), "nvidia-smi");
  assert.equal(fileNameOf("nvidia-smi"), "nvidia-smi");
  assert.equal(fileNameOf("C:\\Windows\\System32\\NVIDIA-SMI.EXE"), "nvidia-smi");
  assert.equal(fileNameOf("./gputop"), "gputop");
  assert.ok(isNvidiaSmiName(fileNameOf("/opt/bin/nvidia-smi")));
  assert.ok(!isNvidiaSmiName(fileNameOf("/opt/bin/nvidia-smi-wrapper")));
});

Deno.test("invokedProgramName: GPUTOP_ARGV0 first, else how this process was started", () => {
  assert.equal(
    invokedProgramName((name) => name === "GPUTOP_ARGV0" ? "/x/nvidia-smi" : undefined),
    "nvidia-smi",
  );
  // Under `deno test` the name is deno's (the symlink case is test/cli/nvidia_smi_entry_e2e).
  assert.ok(!isNvidiaSmiName(invokedProgramName(() => undefined)));
});
