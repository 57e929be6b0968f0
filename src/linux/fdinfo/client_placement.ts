/**
 * Places the DRM clients a scan finds (`scan_drm_clients.ts`) on their device and keeps each
 * client once per scan. Built so an incremental scan of idle clients makes no object:
 * - a client's `DrmClient` (its key string included) is kept with its fd between scans and
 *   handed out again while the fd's parse, pid and node are the same ones; a new parse of the
 *   same client (same pdev and client id) gets a new `DrmClient` with the same key strings;
 * - dedup remembers, per device and client id, the scan that last placed it (no Set per scan);
 *   the maps start afresh at each full walk, so they hold at most the clients of one rescan
 *   interval. A client without a client id is keyed by its own (pid, fd), which a scan visits
 *   once: it is never a repeat. Keyed by the client id (a flat string from the parse), not by
 *   the client key, which is a concatenation V8 would have to flatten (copy) to hash it;
 * - a device's key prefix (`<device>\u0000`) and PCI address are worked out once per device.
 */
import { normalizePciBusId } from "../../model/pci.ts";
import type { DeviceNode, DeviceNodeResolver } from "./drm_device_nodes.ts";
import type { ParsedFdinfo } from "./parsed_fdinfo.ts";

export interface DrmClient {
  /** (device, client) identity; stable across scans, used to pair counters for rates. */
  key: string;
  pid: number;
  /** PCI address or platform device name; `node:<path>` when unresolvable. */
  deviceKey: string;
  pciBusId: string | null;
  fdinfo: ParsedFdinfo;
}

/** The client last made for one fd, and the node it was placed by. */
export interface PlacedClient {
  client: DrmClient;
  node: DeviceNode;
}

/** What is worked out once per device key. */
interface DeviceKeyParts {
  pciBusId: string | null;
  /** `<device key>\u0000`, the start of every client key on the device. */
  keyPrefix: string;
}

export class ClientPlacement {
  readonly #nodes: DeviceNodeResolver;
  readonly #devices = new Map<string, DeviceKeyParts>();
  /** Per device key, per client id: the scan that last placed that client. */
  #placedInScan = new Map<string, Map<string, number>>();
  /** The last device's key and maps (most clients of a scan are on one device): no lookup. */
  #lastDeviceKey = "";
  #lastParts: DeviceKeyParts | null = null;
  #lastPlaced: Map<string, number> | null = null;
  #scan = 0;

  constructor(nodes: DeviceNodeResolver) {
    this.#nodes = nodes;
  }

  /** Starts scan number `scan`; a full walk forgets the keys of earlier scans. */
  begin(scan: number, full: boolean): void {
    this.#scan = scan;
    if (full) {
      this.#placedInScan = new Map();
      this.#lastPlaced = null;
    }
  }

  /**
   * Places one client into `clients` unless this scan placed its key already (under a lower
   * pid or fd); returns what to keep with the fd for the next scan (`cached` when still valid).
   */
  place(
    pid: number,
    fd: number,
    node: DeviceNode,
    fdinfo: ParsedFdinfo,
    cached: PlacedClient | null,
    clients: DrmClient[],
  ): PlacedClient {
    const same = cached !== null && cached.client.pid === pid && sameNode(cached.node, node);
    const placed = same && cached.client.fdinfo === fdinfo
      ? cached
      : { client: this.#clientOf(pid, fd, node, fdinfo, same ? cached.client : null), node };
    this.#add(placed.client, clients);
    return placed;
  }

  /** `place` for a scan that remembers nothing (a one-shot walk): no `PlacedClient` made. */
  placeOnce(pid: number, fd: number, node: DeviceNode, fdinfo: ParsedFdinfo, clients: DrmClient[]) {
    this.#add(this.#clientOf(pid, fd, node, fdinfo, null), clients);
  }

  /** Adds `client` to `clients` unless this scan placed its key already. */
  #add(client: DrmClient, clients: DrmClient[]): void {
    const clientId = client.fdinfo.clientId;
    if (clientId !== null) {
      const placed = this.#placedOn(client.deviceKey);
      if (placed.get(clientId) === this.#scan) return;
      placed.set(clientId, this.#scan);
    }
    clients.push(client);
  }

  /**
   * The client of a new parse; `before`, the fd's last client, lends its key strings when the
   * parse names the same device and client id (a busy client: new counters, same client).
   */
  #clientOf(
    pid: number,
    fd: number,
    node: DeviceNode,
    fdinfo: ParsedFdinfo,
    before: DrmClient | null,
  ): DrmClient {
    if (
      before !== null && before.fdinfo.pdev === fdinfo.pdev &&
      before.fdinfo.clientId === fdinfo.clientId
    ) {
      const { key, deviceKey, pciBusId } = before;
      return { key, pid, deviceKey, pciBusId, fdinfo };
    }
    const deviceKey = fdinfo.pdev ?? this.#nodes.resolve(node) ??
      `node:${node.subsystem}/${node.name}`;
    const { keyPrefix, pciBusId } = this.#partsOf(deviceKey);
    const key = keyPrefix + (fdinfo.clientId ?? `fd:${pid}:${fd}`);
    return { key, pid, deviceKey, pciBusId, fdinfo };
  }

  /** The client ids placed on a device, by the scan that placed each. */
  #placedOn(deviceKey: string): Map<string, number> {
    if (this.#lastPlaced !== null && deviceKey === this.#lastDeviceKey) return this.#lastPlaced;
    let placed = this.#placedInScan.get(deviceKey);
    if (placed === undefined) this.#placedInScan.set(deviceKey, placed = new Map());
    this.#lastPlaced = placed;
    this.#lastParts = this.#partsOf(deviceKey);
    this.#lastDeviceKey = deviceKey;
    return placed;
  }

  /** A device key's PCI address (`normalizePciBusId`: a regex) and key prefix, made once. */
  #partsOf(deviceKey: string): DeviceKeyParts {
    if (this.#lastParts !== null && deviceKey === this.#lastDeviceKey) return this.#lastParts;
    let parts = this.#devices.get(deviceKey);
    if (parts === undefined) {
      parts = { pciBusId: normalizePciBusId(deviceKey), keyPrefix: `${deviceKey}\u0000` };
      this.#devices.set(deviceKey, parts);
    }
    return parts;
  }
}

function sameNode(a: DeviceNode, b: DeviceNode): boolean {
  return a === b || (a.name === b.name && a.subsystem === b.subsystem);
}
