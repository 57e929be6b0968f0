import assert from "node:assert/strict";
import { hostHeader, hostPart, renderByHost } from "../../src/render/host_groups.ts";
import type { Snapshot } from "../../src/model/types.ts";

const merged = {
  schemaVersion: 1,
  timestamp: "2026-01-01T00:00:00.000Z",
  hostname: null,
  backends: [],
  devices: [{ index: 0, host: "a:1" }, { index: 0, host: "b:1" }, { index: 1, host: "a:1" }],
  processes: [{ pid: 5, host: "b:1" }],
  hosts: [
    { host: "a:1", status: "ok", detail: null },
    { host: "b:1", status: "ok", detail: null },
    { host: "c:1", status: "timeout", detail: "no answer within 3s" },
  ],
} as unknown as Snapshot;

Deno.test("renderByHost: a header per host in order, each host's part under it, failures on theirs", () => {
  const text = renderByHost(merged, (part) => `${part.devices.length} devices\n`, false);
  assert.equal(text, "a:1\n2 devices\n\nb:1\n1 devices\n\nc:1  timeout: no answer within 3s\n");
});

Deno.test("hostPart: one host's devices and processes, no hosts list", () => {
  const part = hostPart(merged, "b:1");
  assert.equal(part.devices.length, 1);
  assert.deepEqual(part.processes.map((p) => p.pid), [5]);
  assert.equal(part.hosts, undefined);
});

Deno.test("hostHeader: control characters escaped; colour only when asked", () => {
  const entry = { host: "a:1", status: "invalid", detail: "bad\x1b[2Jthing" } as const;
  assert.equal(hostHeader(entry, false), "a:1  invalid: bad\\e[2Jthing\n");
  assert.equal(
    hostHeader(entry, true),
    "\x1b[1ma:1\x1b[0m\x1b[31m  invalid: bad\\e[2Jthing\x1b[0m\n",
  );
});
