/**
 * The DRM and accel device nodes a process's fds point to (`/dev/dri/renderD128`,
 * `/dev/accel/accel0`), and the device each belongs to: its sysfs `device` link
 * (`<sysRoot>/class/drm/<node>/device`, then `<sysRoot>/dev/char/226:<minor>/device`; accel
 * nodes: `<sysRoot>/class/accel/<node>/device`), whose last path component is the PCI address
 * (or a platform device name).
 */
import { normalizePciBusId } from "../../model/pci.ts";
import { readLinkOrNull } from "../read_file.ts";

/** Major number of DRM character devices (`/dev/dri/*`). */
const DRM_MAJOR = 226;

export interface DeviceNode {
  subsystem: "drm" | "accel";
  name: string;
  minor: number;
}

const NODE_TARGET = /^\/dev\/(dri|accel)\/([A-Za-z]+(\d+))(?: \(deleted\))?$/;

/** `/dev/dri/renderD128` → drm renderD128 minor 128; `/dev/accel/accel0` → accel accel0 0. */
export function deviceNodeOf(linkTarget: string): DeviceNode | null {
  // Most fds are sockets, pipes and files: one startsWith rejects them before the regex.
  if (!linkTarget.startsWith("/dev/dri/") && !linkTarget.startsWith("/dev/accel/")) return null;
  const match = NODE_TARGET.exec(linkTarget);
  if (!match) return null;
  return {
    subsystem: match[1] === "dri" ? "drm" : "accel",
    name: match[2] ?? "",
    minor: Number(match[3]),
  };
}

/**
 * The device of each node (`drm/renderD128` → PCI address), read from sysfs once and kept for
 * the resolver's life: a node changes device only when a driver is unbound and bound again.
 */
export class DeviceNodeResolver {
  readonly #sysRoot: string;
  readonly #cache = new Map<string, string | null>();

  constructor(sysRoot: string) {
    this.#sysRoot = sysRoot;
  }

  /** The device a node belongs to, from sysfs. */
  resolve(node: DeviceNode): string | null {
    const cacheKey = `${node.subsystem}/${node.name}`;
    const cached = this.#cache.get(cacheKey);
    if (cached !== undefined) return cached;
    const sysRoot = this.#sysRoot;
    const candidates = node.subsystem === "drm"
      ? [
        `${sysRoot}/class/drm/${node.name}/device`,
        `${sysRoot}/dev/char/${DRM_MAJOR}:${node.minor}/device`,
      ]
      : [`${sysRoot}/class/accel/${node.name}/device`];
    let device: string | null = null;
    for (const path of candidates) {
      const target = readLinkOrNull(path);
      const name = target === null ? "" : target.slice(target.lastIndexOf("/") + 1);
      if (name !== "") {
        device = normalizePciBusId(name) ?? name;
        break;
      }
    }
    this.#cache.set(cacheKey, device);
    return device;
  }
}
