import assert from "node:assert/strict";
import type { CliOptions } from "../../src/cli/cli_options.ts";
import { sessionOptionsOf } from "../../src/cli/session_options.ts";
import { UsageError } from "../../src/platform/usage_error.ts";

const OPTIONS: CliOptions = {
  format: "table",
  header: true,
  color: false,
  ids: null,
  backends: ["macmon"],
  root: "/host",
  procRoot: "/p",
  sysRoot: "/s",
  sampleWindowMs: 0,
  lazyInit: true,
};

Deno.test("sessionOptionsOf: the session's options, once the backends' environment is good", () => {
  const env = (value: string) => (name: string) =>
    name === "GPUTOP_MACMON_TIMEOUT_MS" ? value : undefined;
  assert.deepEqual(sessionOptionsOf(OPTIONS, env("250")), {
    backends: ["macmon"],
    root: "/host",
    procRoot: "/p",
    sysRoot: "/s",
    lazyInit: true,
  });
  assert.throws(
    () => sessionOptionsOf(OPTIONS, env("0")),
    new UsageError(
      "invalid value for GPUTOP_MACMON_TIMEOUT_MS: '0' " +
        "(expected a whole number of milliseconds, 1 to 86400000)",
    ),
  );
  // macmon not selected: its variable is not read.
  assert.equal(sessionOptionsOf({ ...OPTIONS, backends: ["drm"] }, env("0")).procRoot, "/p");
});
