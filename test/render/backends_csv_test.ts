import assert from "node:assert/strict";
import { renderBackendsCsv } from "../../src/render/backends_csv.ts";

Deno.test("renderBackendsCsv() quotes details with commas and leaves null cells empty", () => {
  const csv = renderBackendsCsv([
    { id: "nvml", status: "unavailable", detail: "tried a, b", library: null, version: null },
    { id: "drm", status: "ok", detail: null, library: null, version: "6.8.0" },
  ], { header: true });
  assert.equal(
    csv,
    'id,status,library,version,detail\nnvml,unavailable,,,"tried a, b"\ndrm,ok,,6.8.0,\n',
  );
  assert.equal(renderBackendsCsv([], { header: false }), "");
});
