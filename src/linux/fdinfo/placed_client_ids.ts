/**
 * The (device, client id) pairs one scan has placed (`client_placement.ts`'s dedup), as an
 * open-addressed hash table of indexes into the scan's client list: a slot holds the index + 1
 * of the client placed under that pair (0: empty), and a probe compares the client it names.
 * Nothing is allocated per client (a `Map` per device grew by copying, ~90 B per client of a
 * full scan, and its entries were a share of what the scan's scavenges copied); the table is
 * one `Int32Array` (outside the JS heap), cleared at each scan and doubled when half full.
 */
/** What the table reads of a placed client (`DrmClient`'s fields). */
interface PlacedClient {
  deviceKey: string;
  fdinfo: { clientId: string | null };
}

const INITIAL_SLOTS = 1024;

/** FNV-1a over the id's char codes (client ids are short digit strings). */
function hashOf(clientId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < clientId.length; i++) {
    hash = Math.imul(hash ^ clientId.charCodeAt(i), 0x01000193);
  }
  return hash >>> 0;
}

export class PlacedClientIds {
  #slots = new Int32Array(INITIAL_SLOTS);
  #count = 0;

  /** Forgets every pair (a new scan). */
  clear(): void {
    if (this.#count > 0) this.#slots.fill(0);
    this.#count = 0;
  }

  /**
   * Whether `client` (its device key and its non-null client id) is new to this scan; when
   * it is, it is recorded as `clients[clients.length]` (the caller pushes it next). `clients`
   * is the list every earlier `add` of this scan saw.
   */
  add(client: PlacedClient, clientId: string, clients: readonly PlacedClient[]): boolean {
    const mask = this.#slots.length - 1;
    const slots = this.#slots;
    for (let at = hashOf(clientId) & mask;; at = (at + 1) & mask) {
      const held = slots[at]!;
      if (held === 0) break;
      const other = clients[held - 1]!;
      if (other.fdinfo.clientId === clientId && other.deviceKey === client.deviceKey) return false;
    }
    if (++this.#count * 2 > slots.length) this.#grow(clients);
    this.#put(clientId, clients.length + 1);
    return true;
  }

  #put(clientId: string, index1: number): void {
    const mask = this.#slots.length - 1;
    let at = hashOf(clientId) & mask;
    while (this.#slots[at] !== 0) at = (at + 1) & mask;
    this.#slots[at] = index1;
  }

  /** Twice the slots, every recorded client put again. */
  #grow(clients: readonly PlacedClient[]): void {
    const old = this.#slots;
    this.#slots = new Int32Array(old.length * 2);
    for (const index1 of old) {
      if (index1 !== 0) this.#put(clients[index1 - 1]!.fdinfo.clientId!, index1);
    }
  }
}
