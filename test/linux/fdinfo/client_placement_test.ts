/** Client placement: device keys, dedup per scan, the kept client handed out again. */
import assert from "node:assert/strict";
import { ClientPlacement, type DrmClient } from "../../../src/linux/fdinfo/client_placement.ts";
import { DeviceNodeResolver } from "../../../src/linux/fdinfo/drm_device_nodes.ts";
import { emptyParsedFdinfo } from "../../../src/linux/fdinfo/parsed_fdinfo.ts";

const node = { subsystem: "drm" as const, name: "renderD128", minor: 128 };

function fdinfo(clientId: string | null, pdev: string | null = "0000:03:00.0") {
  return { ...emptyParsedFdinfo(), clientId, pdev, driver: "amdgpu" };
}

Deno.test("a client is placed once per scan, keyed by device and client id", () => {
  const placement = new ClientPlacement(new DeviceNodeResolver("/nonexistent/sys"));
  const clients: DrmClient[] = [];
  placement.begin(1, true);
  const shared = fdinfo("7");
  placement.place(100, 3, node, shared, null, clients);
  placement.place(200, 4, node, fdinfo("7"), null, clients); // a fork's copy: same client
  placement.place(100, 5, node, fdinfo(null, null), null, clients); // no id: its own (pid, fd)
  assert.deepEqual(clients.map((c) => [c.pid, c.key, c.pciBusId]), [
    [100, "0000:03:00.0\u00007", "0000:03:00.0"],
    [100, "node:drm/renderD128\u0000fd:100:5", null],
  ]);
  // The next scan places it again (the scan number moved), not before.
  clients.length = 0;
  placement.begin(2, false);
  placement.place(100, 3, node, shared, null, clients);
  assert.equal(clients.length, 1);
});

Deno.test("the kept client is handed out again only while parse, pid and node are the same", () => {
  const placement = new ClientPlacement(new DeviceNodeResolver("/nonexistent/sys"));
  const clients: DrmClient[] = [];
  placement.begin(1, true);
  const parse = fdinfo("7");
  const first = placement.place(100, 3, node, parse, null, clients);
  placement.begin(2, false);
  assert.equal(placement.place(100, 3, node, parse, first, clients), first, "same: reused");
  placement.begin(3, false);
  const other = { ...node, name: "renderD129", minor: 129 };
  const moved = placement.place(100, 3, other, fdinfo("7", null), first, clients);
  assert.notEqual(moved, first);
  assert.equal(moved.client.deviceKey, "node:drm/renderD129");
  placement.begin(4, false);
  const back = placement.place(100, 3, node, moved.client.fdinfo, moved, clients);
  assert.equal(back.client.deviceKey, "node:drm/renderD128", "another node: made again");
});

Deno.test("dedup is per device and client id: one id on two devices is two clients, fd-keyed never repeat", () => {
  const placement = new ClientPlacement(new DeviceNodeResolver("/nonexistent/sys"));
  const clients: DrmClient[] = [];
  placement.begin(1, true);
  placement.place(100, 3, node, fdinfo("7", "0000:03:00.0"), null, clients);
  placement.place(100, 4, node, fdinfo("7", "0000:04:00.0"), null, clients); // another device
  placement.place(100, 5, node, fdinfo("7", "0000:04:00.0"), null, clients); // a dup of fd 4
  placement.place(100, 6, node, fdinfo("77", "0000:03:00.0"), null, clients); // not "7" + "7"
  placement.place(100, 9, node, fdinfo("7", "0000:03:00.0"), null, clients); // fd 3's, after 04's
  placement.place(100, 10, node, fdinfo("7", "0000:04:00.0"), null, clients); // fd 4's
  placement.place(100, 7, node, fdinfo(null, null), null, clients);
  placement.place(100, 8, node, fdinfo(null, null), null, clients); // another (pid, fd)
  assert.deepEqual(clients.map((c) => [c.key, c.deviceKey, c.pciBusId]), [
    ["0000:03:00.0\u00007", "0000:03:00.0", "0000:03:00.0"],
    ["0000:04:00.0\u00007", "0000:04:00.0", "0000:04:00.0"],
    ["0000:03:00.0\u000077", "0000:03:00.0", "0000:03:00.0"],
    ["node:drm/renderD128\u0000fd:100:7", "node:drm/renderD128", null],
    ["node:drm/renderD128\u0000fd:100:8", "node:drm/renderD128", null],
  ]);
  // An incremental scan keeps placing by scan number; a full walk forgets the earlier keys.
  clients.length = 0;
  placement.begin(2, false);
  placement.place(100, 4, node, fdinfo("7", "0000:04:00.0"), null, clients);
  placement.place(100, 5, node, fdinfo("7", "0000:04:00.0"), null, clients);
  placement.begin(3, true);
  placement.place(100, 5, node, fdinfo("7", "0000:04:00.0"), null, clients);
  assert.deepEqual(clients.map((c) => c.pid), [100, 100]);
});
