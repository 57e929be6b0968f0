import assert from "node:assert/strict";
import { GPU_QUERY_FIELDS } from "../../../src/render/nvsmi_query/gpu_fields.ts";
import {
  gpuQueryRows,
  renderQueryCsv,
  renderQueryHeader,
} from "../../../src/render/nvsmi_query/query_csv.ts";
import { resolveQueryFields } from "../../../src/render/nvsmi_query/resolve_fields.ts";
import { makeDevice, makeSnapshot } from "../snapshot_builder.ts";

const MIB = 1024 * 1024;

function fields(list: string) {
  const resolved = resolveQueryFields(list, GPU_QUERY_FIELDS);
  if (!resolved.ok) throw new Error(resolved.unknown);
  return resolved.fields;
}

const snapshot = makeSnapshot({
  devices: [
    makeDevice({ index: 0, name: "A", memoryUsedBytes: 100 * MIB }),
    makeDevice({ index: 1, name: "B", memoryUsedBytes: null }),
  ],
});

Deno.test("renderQueryCsv: header, then one line per device joined by ', '", () => {
  assert.equal(
    renderQueryCsv(gpuQueryRows(snapshot), fields("index,name,memory.used"), {
      header: true,
      units: true,
    }),
    "index, name, memory.used [MiB]\n0, A, 100 MiB\n1, B, [N/A]\n",
  );
});

Deno.test("renderQueryCsv: noheader drops the header; nounits keeps it with its [unit]", () => {
  const list = fields("index,memory.used");
  const rows = gpuQueryRows(snapshot);
  assert.equal(renderQueryCsv(rows, list, { header: false, units: false }), "0, 100\n1, [N/A]\n");
  assert.equal(
    renderQueryCsv(rows, list, { header: true, units: false }),
    "index, memory.used [MiB]\n0, 100\n1, [N/A]\n",
  );
  assert.equal(
    renderQueryHeader(fields("clocks.gr,gpu_name")),
    "clocks.current.graphics [MHz], name\n",
  );
});

Deno.test("renderQueryCsv: no device, no rows (the header alone when asked)", () => {
  const empty = gpuQueryRows(makeSnapshot({ devices: [] }));
  assert.equal(renderQueryCsv(empty, fields("index"), { header: true, units: true }), "index\n");
  assert.equal(renderQueryCsv(empty, fields("index"), { header: false, units: true }), "");
});
