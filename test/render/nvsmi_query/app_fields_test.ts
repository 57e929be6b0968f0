import assert from "node:assert/strict";
import {
  APP_QUERY_FIELDS,
  computeAppRows,
  isComputeApp,
} from "../../../src/render/nvsmi_query/app_fields.ts";
import { renderQueryCsv } from "../../../src/render/nvsmi_query/query_csv.ts";
import { resolveQueryFields } from "../../../src/render/nvsmi_query/resolve_fields.ts";
import { makeDevice, makeProcess, makeSnapshot } from "../snapshot_builder.ts";

const MIB = 1024 * 1024;

Deno.test("isComputeApp: compute and compute+graphics, not graphics-only nor DRM clients", () => {
  assert.ok(isComputeApp(makeProcess({ type: "compute" })));
  assert.ok(isComputeApp(makeProcess({ type: "compute+graphics" })));
  assert.ok(!isComputeApp(makeProcess({ type: "graphics" })));
  assert.ok(!isComputeApp(makeProcess({ type: "drm" })));
  assert.ok(!isComputeApp(makeProcess({ type: null })));
});

Deno.test("compute apps: device columns from the process's device; process_name from /proc first", () => {
  const snapshot = makeSnapshot({
    devices: [
      makeDevice({ index: 0, name: "NVIDIA H100 80GB HBM3", pciBusId: "0000:00:09.0" }),
    ],
    processes: [
      makeProcess({ pid: 11345, name: "gpu_burn", type: "compute", gpuMemoryBytes: 15690 * MIB }),
      makeProcess({ pid: 11327, name: "memhog", type: "compute", gpuMemoryBytes: null }),
      makeProcess({ pid: 900, name: "Xorg", type: "graphics", gpuMemoryBytes: MIB }),
      makeProcess({ pid: 77, name: null, type: "compute", deviceIndex: null }),
    ],
  });
  const resolved = resolveQueryFields(
    "pid,process_name,used_memory,gpu_bus_id,gpu_name",
    APP_QUERY_FIELDS,
  );
  assert.ok(resolved.ok);
  const rows = computeAppRows(snapshot, new Map([[11345, "./gpu_burn"]]));
  assert.equal(
    renderQueryCsv(rows, resolved.fields, { header: true, units: true }),
    "pid, process_name, used_gpu_memory [MiB], gpu_bus_id, gpu_name\n" +
      "11345, ./gpu_burn, 15690 MiB, 00000000:00:09.0, NVIDIA H100 80GB HBM3\n" +
      "11327, memhog, [N/A], 00000000:00:09.0, NVIDIA H100 80GB HBM3\n" +
      "77, [N/A], [N/A], [N/A], [N/A]\n",
  );
});
