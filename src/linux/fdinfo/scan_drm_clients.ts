/**
 * One walk of `<procRoot>/[0-9]*` that finds every DRM client: for each pid, list `fd/`,
 * readlink each entry, keep links to `/dev/dri/*` and `/dev/accel/*`, parse the matching
 * `fdinfo/<fd>`, and place the client on a device.
 *
 * Device: `drm-pdev` when printed; otherwise the node's sysfs `device` link
 * (`<sysRoot>/class/drm/<node>/device`, then `<sysRoot>/dev/char/226:<minor>/device`; accel
 * nodes: `<sysRoot>/class/accel/<node>/device`), whose last path component is the PCI address
 * (or a platform device name).
 *
 * Dedup: the same client (one open of a node, one `struct drm_file`) shows up under every fd
 * that shares it: dup(), fork(), SCM_RIGHTS. It is keyed by (device, drm-client-id) and kept
 * once, under the first (pid, fd) in ascending numeric order, so a shared client always goes
 * to the LOWEST pid holding it, read through that pid's lowest fd. A client without a
 * client id cannot be matched and is keyed by its own (pid, fd).
 *
 * Races and permissions are data, never exceptions: a process that exits, an fd closed
 * between readlink and read, an unreadable fdinfo are skipped; a pid whose `fd/` cannot be
 * listed for lack of permission is counted in `unreadableProcesses`.
 */
import { basename, join } from "node:path";
import { normalizePciBusId } from "../../model/pci.ts";
import { isPermissionError, readLinkOrNull, readTextOrNull } from "../read_file.ts";
import { type ParsedFdinfo, parseFdinfo } from "./parse_fdinfo.ts";

/** Major number of DRM character devices (`/dev/dri/*`). */
const DRM_MAJOR = 226;

export interface DrmClient {
  /** (device, client) identity; stable across scans, used to pair counters for rates. */
  key: string;
  pid: number;
  /** PCI address or platform device name; `node:<path>` when unresolvable. */
  deviceKey: string;
  pciBusId: string | null;
  fdinfo: ParsedFdinfo;
}

export interface DrmClientScan {
  clients: DrmClient[];
  unreadableProcesses: number;
}

interface DeviceNode {
  subsystem: "drm" | "accel";
  name: string;
  minor: number;
}

const NODE_TARGET = /^\/dev\/(dri|accel)\/([A-Za-z]+(\d+))(?: \(deleted\))?$/;

/** `/dev/dri/renderD128` → drm renderD128 minor 128; `/dev/accel/accel0` → accel accel0 0. */
function deviceNodeOf(linkTarget: string): DeviceNode | null {
  const match = NODE_TARGET.exec(linkTarget);
  if (!match) return null;
  return {
    subsystem: match[1] === "dri" ? "drm" : "accel",
    name: match[2] ?? "",
    minor: Number(match[3]),
  };
}

/** Numeric names of a directory, ascending; throws what `Deno.readDirSync` throws. */
function numericEntries(path: string): number[] {
  const numbers: number[] = [];
  for (const entry of Deno.readDirSync(path)) {
    if (/^\d+$/.test(entry.name)) numbers.push(Number(entry.name));
  }
  return numbers.sort((a, b) => a - b);
}

/** The device a node belongs to, from sysfs; cached per scan. */
function resolveNode(
  sysRoot: string,
  node: DeviceNode,
  cache: Map<string, string | null>,
): string | null {
  const cacheKey = `${node.subsystem}/${node.name}`;
  if (cache.has(cacheKey)) return cache.get(cacheKey) ?? null;
  const candidates = node.subsystem === "drm"
    ? [
      join(sysRoot, "class/drm", node.name, "device"),
      join(sysRoot, "dev/char", `${DRM_MAJOR}:${node.minor}`, "device"),
    ]
    : [join(sysRoot, "class/accel", node.name, "device")];
  let device: string | null = null;
  for (const path of candidates) {
    const target = readLinkOrNull(path);
    const name = target === null ? "" : basename(target);
    if (name !== "") {
      device = normalizePciBusId(name) ?? name;
      break;
    }
  }
  cache.set(cacheKey, device);
  return device;
}

export function scanDrmClients(procRoot: string, sysRoot: string): DrmClientScan {
  const clients: DrmClient[] = [];
  const seen = new Set<string>();
  const nodeCache = new Map<string, string | null>();
  let unreadableProcesses = 0;

  let pids: number[];
  try {
    pids = numericEntries(procRoot);
  } catch {
    return { clients, unreadableProcesses };
  }

  for (const pid of pids) {
    const pidDir = join(procRoot, String(pid));
    let fds: number[];
    try {
      fds = numericEntries(join(pidDir, "fd"));
    } catch (error) {
      // Gone (ENOENT/ESRCH) is normal churn; only a permission refusal is "unreadable".
      if (isPermissionError(error)) unreadableProcesses++;
      continue;
    }
    for (const fd of fds) {
      const target = readLinkOrNull(join(pidDir, "fd", String(fd)));
      const node = target === null ? null : deviceNodeOf(target);
      if (node === null) continue;
      const text = readTextOrNull(join(pidDir, "fdinfo", String(fd)));
      const fdinfo = text === null ? null : parseFdinfo(text);
      if (fdinfo === null) continue;

      const deviceKey = fdinfo.pdev ?? resolveNode(sysRoot, node, nodeCache) ??
        `node:${node.subsystem}/${node.name}`;
      const key = `${deviceKey}\u0000${fdinfo.clientId ?? `fd:${pid}:${fd}`}`;
      if (seen.has(key)) continue;
      seen.add(key);
      clients.push({
        key,
        pid,
        deviceKey,
        pciBusId: normalizePciBusId(deviceKey),
        fdinfo,
      });
    }
  }
  return { clients, unreadableProcesses };
}
