import assert from "node:assert/strict";
import { snapshotJsonSchema } from "../../src/model/json_schema.ts";

interface ObjectSchema {
  properties: Record<string, { items?: ObjectSchema; enum?: string[] } & Partial<ObjectSchema>>;
  required: string[];
}

Deno.test("gputop schema: host on backends, devices, processes and hosts[] are described, optional", () => {
  const schema = snapshotJsonSchema() as unknown as ObjectSchema;
  assert.ok(!schema.required.includes("hosts"), "absent without --hosts");
  const hosts = schema.properties.hosts!.items!;
  assert.deepEqual(hosts.required, ["host", "status", "detail"]);
  assert.deepEqual(hosts.properties.status!.enum, [
    "ok",
    "timeout",
    "refused",
    "unauthorized",
    "invalid",
  ]);
  for (const part of ["backends", "devices", "processes"]) {
    const item = schema.properties[part]!.items!;
    assert.equal((item.properties.host as { type?: string }).type, "string", part);
    assert.ok(!item.required.includes("host"), `${part}: host is optional`);
  }
});
