import assert from "node:assert/strict";
import { APP_QUERY_FIELDS } from "../../../src/render/nvsmi_query/app_fields.ts";
import {
  APP_FIELD_HELP,
  GPU_FIELD_HELP,
  renderFieldHelp,
} from "../../../src/render/nvsmi_query/field_help.ts";
import { GPU_QUERY_FIELDS } from "../../../src/render/nvsmi_query/gpu_fields.ts";

Deno.test("every field has exactly one description, and every description a field", () => {
  for (
    const [fields, help] of [[GPU_QUERY_FIELDS, GPU_FIELD_HELP], [
      APP_QUERY_FIELDS,
      APP_FIELD_HELP,
    ]] as const
  ) {
    assert.deepEqual(Object.keys(help).sort(), fields.map((field) => field.name).sort());
    for (const text of Object.values(help)) assert.ok(text.trim().length > 0);
  }
});

Deno.test("renderFieldHelp: names quoted with their aliases, the header's unit, the description", () => {
  const text = renderFieldHelp("--query-gpu", GPU_QUERY_FIELDS, GPU_FIELD_HELP);
  assert.match(text, /^Fields for --query-gpu/);
  assert.match(text, /^"name" or "gpu_name"\nThe product name\.$/m);
  assert.match(
    text,
    /^"clocks.current.graphics" or "clocks.gr" {2}\(header: clocks.current.graphics \[MHz\]\)$/m,
  );
  assert.match(text, /^"clocks_event_reasons.active" or "clocks_throttle_reasons.active"$/m);
  for (const field of GPU_QUERY_FIELDS) assert.ok(text.includes(`"${field.name}"`), field.name);
});
