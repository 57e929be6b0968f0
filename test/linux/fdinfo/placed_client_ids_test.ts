/**
 * PlacedClientIds: a (device, client id) pair is new once per scan, whatever the number of
 * clients (the table grows past its first 1,024 slots and keeps finding earlier pairs), the
 * same id on another device is another client, and `clear` starts a new scan.
 */
import assert from "node:assert/strict";
import { PlacedClientIds } from "../../../src/linux/fdinfo/placed_client_ids.ts";

interface Client {
  deviceKey: string;
  fdinfo: { clientId: string | null };
}

function client(deviceKey: string, clientId: string): Client {
  return { deviceKey, fdinfo: { clientId } };
}

/** Adds `client` as the placement does: pushed when new; whether it was. */
function place(placed: PlacedClientIds, clients: Client[], added: Client): boolean {
  const fresh = placed.add(added, added.fdinfo.clientId!, clients);
  if (fresh) clients.push(added);
  return fresh;
}

Deno.test("PlacedClientIds: each pair once per scan, across growth and devices", () => {
  const placed = new PlacedClientIds();
  const clients: Client[] = [];
  const ids = Array.from({ length: 3000 }, (_, i) => String((i * 7919) % 100003));
  for (const id of ids) assert.equal(place(placed, clients, client("0000:03:00.0", id)), true);
  for (const id of ids) {
    assert.equal(place(placed, clients, client("0000:03:00.0", id)), false, `repeat ${id}`);
  }
  // The same ids on a second device are other clients; then repeats there too.
  for (const id of ids.slice(0, 500)) {
    assert.equal(place(placed, clients, client("0000:04:00.0", id)), true);
  }
  assert.equal(place(placed, clients, client("0000:04:00.0", ids[7]!)), false);
  assert.equal(clients.length, 3500);
  placed.clear();
  const next: Client[] = [];
  assert.equal(place(placed, next, client("0000:03:00.0", ids[0]!)), true, "a new scan");
  assert.equal(place(placed, next, client("0000:03:00.0", ids[0]!)), false);
});
