import assert from "node:assert/strict";
import {
  containerCell,
  cpuCell,
  podCell,
  shortContainerId,
  startCell,
} from "../../src/render/process_cells.ts";
import { makeProcess } from "./snapshot_builder.ts";

const ID = "3f2a9c1e7b4d5a6978c0d1e2f3a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6";

Deno.test("containerCell: runtime and 12 hex digits, a name whole; - outside a container", () => {
  assert.equal(shortContainerId(ID), "3f2a9c1e7b4d");
  assert.equal(
    containerCell(makeProcess({ container: { runtime: "containerd", id: ID } })),
    "containerd:3f2a9c1e7b4d",
  );
  assert.equal(
    containerCell(makeProcess({ container: { runtime: "systemd-nspawn", id: "buildbox" } })),
    "systemd-nspawn:buildbox",
  );
  assert.equal(containerCell(makeProcess()), "-");
});

Deno.test("podCell: namespace/name, else the UID's first 8 characters", () => {
  const uid = "1e5ab2c4-7a3d-4f0e-9b8c-2d6f7a1b3c5e";
  const pod = { uid, namespace: "ml", name: "trainer-0", qos: null };
  assert.equal(podCell(makeProcess({ pod })), "ml/trainer-0");
  assert.equal(podCell(makeProcess({ pod: { ...pod, namespace: null, name: null } })), "1e5ab2c4");
  assert.equal(podCell(makeProcess()), "-");
});

Deno.test("cpuCell: whole percent, over 100 on several cores", () => {
  assert.equal(cpuCell(makeProcess({ cpuPercent: 250.4 })), "250%");
  assert.equal(cpuCell(makeProcess({ cpuPercent: null })), "-");
});

Deno.test("startCell: HH:MM within a day, Mon DD within a year, else the year (local time)", () => {
  const start = "2025-03-04T05:06:00.000Z";
  const local = new Date(start);
  const two = (n: number) => String(n).padStart(2, "0");
  const startMs = Date.parse(start);
  const p = makeProcess({ startTime: start });
  assert.equal(
    startCell(p, startMs + 3_600_000),
    `${two(local.getHours())}:${two(local.getMinutes())}`,
  );
  const month = local.toLocaleString("en", { month: "short" });
  assert.equal(startCell(p, startMs + 30 * 86_400_000), `${month} ${two(local.getDate())}`);
  assert.equal(startCell(p, startMs + 400 * 86_400_000), String(local.getFullYear()));
  assert.equal(startCell(makeProcess({ startTime: null }), 0), "-");
  assert.equal(startCell(makeProcess({ startTime: "garbage" }), 0), "-");
});
