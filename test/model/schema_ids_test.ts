/**
 * The zod-free copies of the contract (`schema_ids.ts`) must match the zod schema they stand
 * in for: same backend ids, same device and process fields in the same order.
 */
import assert from "node:assert/strict";
import {
  BACKEND_IDS,
  BACKEND_STATUS_FIELDS,
  DEVICE_FIELDS,
  PROCESS_FIELDS,
  SCHEMA_VERSION,
  SNAPSHOT_FIELDS,
} from "../../src/model/schema_ids.ts";
import {
  BackendIdSchema,
  BackendStatusSchema,
  DeviceSchema,
  ProcessSchema,
  SnapshotSchema,
} from "../../src/model/schema.ts";
import { startupModules } from "../support/module_graph.ts";

Deno.test("schema_ids: device and process fields are the schema's, in schema order", () => {
  assert.deepEqual([...DEVICE_FIELDS], Object.keys(DeviceSchema.shape));
  assert.deepEqual([...PROCESS_FIELDS], Object.keys(ProcessSchema.shape));
  assert.deepEqual([...SNAPSHOT_FIELDS], Object.keys(SnapshotSchema.shape));
  assert.deepEqual([...BACKEND_STATUS_FIELDS], Object.keys(BackendStatusSchema.shape));
});

Deno.test("schema_ids: backend ids and schema version are the schema's", () => {
  assert.deepEqual([...BACKEND_IDS], BackendIdSchema.options);
  assert.equal(SnapshotSchema.shape.schemaVersion.value, SCHEMA_VERSION);
});

Deno.test("the reading path (session, backend registry, renderers, options) does not load zod", async () => {
  for (
    const entry of ["src/session/read_snapshot.ts", "src/render/mod.ts", "src/cli/parse_options.ts"]
  ) {
    const loaded = await startupModules(entry);
    assert.ok(loaded.length > 1, entry);
    const zod = loaded.filter((s) => s.includes("zod") || s.endsWith("schema.ts"));
    assert.deepEqual(zod, [], `${entry} loads ${zod.join(", ")}`);
  }
  // The probe can fail: the schema command's module does load zod.
  const schemaCommand = await startupModules("src/cli/commands/schema.ts");
  assert.ok(schemaCommand.some((s) => s.includes("zod")));
});
