import assert from "node:assert/strict";
import { renderBackendsTable } from "../../src/render/backends_table.ts";
import { makeBackend } from "./snapshot_builder.ts";

const STATUSES = [
  makeBackend({ id: "nvml", status: "ok", library: "libnvidia-ml.so.1", version: "550.54" }),
  makeBackend({ id: "level-zero", status: "unavailable", detail: "libze_loader.so.1 not found" }),
  makeBackend({ id: "drm", status: "error", detail: "\x1b[31mbad\x1b[0m" }),
];

Deno.test("renderBackendsTable: columns, rows in order, - for null", () => {
  const lines = renderBackendsTable(STATUSES, { header: true, color: false }).split("\n");
  assert.match(lines[0] ?? "", /^BACKEND\s+STATUS\s+LIBRARY\s+VERSION\s+DETAIL$/);
  assert.match(lines[1] ?? "", /^nvml\s+ok\s+libnvidia-ml\.so\.1\s+550\.54\s+-$/);
  assert.match(
    lines[2] ?? "",
    /^level-zero\s+unavailable\s+-\s+-\s+libze_loader\.so\.1 not found$/,
  );
  assert.match(lines[3] ?? "", /^drm\s+error\s+-\s+-\s+\\e\[31mbad\\e\[0m$/);
});

Deno.test("renderBackendsTable: header false, no ESC without color", () => {
  const out = renderBackendsTable(STATUSES, { header: false, color: false });
  assert.equal(out.split("\n").length, 4);
  assert.ok(!out.includes("BACKEND"));
  assert.ok(!out.includes("\x1b"));
  assert.ok(renderBackendsTable(STATUSES, { header: true, color: true }).startsWith("\x1b[1m"));
});
