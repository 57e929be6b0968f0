import assert from "node:assert/strict";
import { APP_QUERY_FIELDS } from "../../../src/render/nvsmi_query/app_fields.ts";
import { GPU_QUERY_FIELDS } from "../../../src/render/nvsmi_query/gpu_fields.ts";
import type { QueryField } from "../../../src/render/nvsmi_query/query_field.ts";
import {
  invalidFieldMessage,
  resolveQueryFields,
} from "../../../src/render/nvsmi_query/resolve_fields.ts";

function names(
  list: string,
  table: readonly QueryField<never>[] = GPU_QUERY_FIELDS,
): string[] | string {
  const resolved = resolveQueryFields(list, table);
  return resolved.ok ? resolved.fields.map((field) => field.name) : resolved.unknown;
}

Deno.test("resolveQueryFields: canonical names and nvidia-smi's aliases, in the order asked", () => {
  assert.deepEqual(names("index,name,memory.used"), ["index", "name", "memory.used"]);
  assert.deepEqual(
    names("gpu_name,clocks.gr,clocks.mem,clocks.max.gr,clocks.max.mem,gpu_bus_id,gpu_uuid"),
    [
      "name",
      "clocks.current.graphics",
      "clocks.current.memory",
      "clocks.max.graphics",
      "clocks.max.memory",
      "pci.bus_id",
      "uuid",
    ],
  );
  assert.deepEqual(names("clocks_throttle_reasons.active"), ["clocks_event_reasons.active"]);
  assert.deepEqual(names("index,index"), ["index", "index"]);
  assert.deepEqual(names(" Index , NAME "), ["index", "name"]);
  assert.deepEqual(names("used_memory,name,pid", APP_QUERY_FIELDS), [
    "used_gpu_memory",
    "process_name",
    "pid",
  ]);
});

Deno.test("resolveQueryFields: the first unknown name, as given", () => {
  assert.equal(names("index,foo,bar"), "foo");
  assert.equal(names("index,,name"), "");
  assert.equal(names("pid", GPU_QUERY_FIELDS), "pid");
  assert.equal(names("memory.used", APP_QUERY_FIELDS), "memory.used");
  assert.equal(invalidFieldMessage("foo"), 'Field "foo" is not a valid field to query.');
});

Deno.test("every field name and alias is unique within its table", () => {
  for (const table of [GPU_QUERY_FIELDS, APP_QUERY_FIELDS]) {
    const all = table.flatMap((field) => [field.name, ...field.aliases]);
    assert.equal(new Set(all).size, all.length);
  }
});
