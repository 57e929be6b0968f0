/**
 * The device node a `<pid>/fd/<n>` link names, from the link's bytes as `readlinkat` left them
 * (`libc_proc_reader.ts`): the first bytes are compared with `/dev/dri/` and `/dev/accel/`, so
 * only a DRM link is decoded, and the few nodes of a machine are kept by their link's bytes: no
 * decode, regex or object per fd.
 */
import { type DeviceNode, deviceNodeOf } from "../fdinfo/drm_device_nodes.ts";
import { ByteKeyedCache } from "../fdinfo/byte_keyed_cache.ts";

const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const DRI_PREFIX = new TextEncoder().encode("/dev/dri/");
const ACCEL_PREFIX = new TextEncoder().encode("/dev/accel/");

export class DrmLinkNodes {
  /** Device nodes by link target (shared by every fd on the node: never changed). */
  readonly #nodes = new ByteKeyedCache<DeviceNode | null>(64, 64);

  /** The node `link[0, length)` names; null for any other file. */
  nodeOf(link: Uint8Array, length: number): DeviceNode | null {
    if (!startsWith(link, length, DRI_PREFIX) && !startsWith(link, length, ACCEL_PREFIX)) {
      return null;
    }
    let node = this.#nodes.get(link, 0, length);
    if (node === undefined) {
      node = deviceNodeOf(decoder.decode(link.subarray(0, length)));
      this.#nodes.put(link, 0, length, node);
    }
    return node;
  }
}

function startsWith(bytes: Uint8Array, length: number, prefix: Uint8Array): boolean {
  if (length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}
