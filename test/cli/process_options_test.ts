import assert from "node:assert/strict";
import { COLUMNS_OPTION, columnsOf, processFilterOf } from "../../src/cli/process_options.ts";
import { PROCESS_COLUMN_NAMES } from "../../src/model/process_column_names.ts";
import { UsageError } from "../../src/platform/usage_error.ts";

Deno.test("processFilterOf: repeated options and comma lists; none is null", () => {
  assert.equal(processFilterOf({}), null);
  assert.deepEqual(processFilterOf({ container: ["a,b", " c "], user: ["root"] }), {
    containers: ["a", "b", "c"],
    pods: [],
    users: ["root"],
  });
  assert.throws(() => processFilterOf({ pod: ["ml/x,"] }), UsageError);
});

Deno.test("columnsOf: known names (any case, aliases) in order; an unknown one is a usage error", () => {
  assert.equal(columnsOf({}), null);
  assert.deepEqual(columnsOf({ columns: "PID,gpu-memory,cpu" }), ["PID", "gpu-memory", "cpu"]);
  assert.throws(() => columnsOf({ columns: "pid,nope" }), /--columns: 'nope'/);
  assert.throws(() => columnsOf({ columns: "" }), UsageError);
});

Deno.test("--columns' help lists every column", () => {
  assert.ok(COLUMNS_OPTION.help.includes(PROCESS_COLUMN_NAMES.join(",")));
});
