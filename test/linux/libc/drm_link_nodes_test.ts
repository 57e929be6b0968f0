/** `DrmLinkNodes`: a link's bytes to its DRM or accel node, the same as `deviceNodeOf`. */
import assert from "node:assert/strict";
import { DrmLinkNodes } from "../../../src/linux/libc/drm_link_nodes.ts";
import { deviceNodeOf } from "../../../src/linux/fdinfo/drm_device_nodes.ts";

/** The link in a buffer longer than it, as `readlinkat` leaves it (no NUL, stale bytes after). */
function linkBytes(target: string): [Uint8Array, number] {
  const buffer = new Uint8Array(256).fill(55);
  const bytes = new TextEncoder().encode(target);
  buffer.set(bytes);
  return [buffer, bytes.length];
}

Deno.test("DrmLinkNodes: the node of each kind of link, as deviceNodeOf reads its text", () => {
  const nodes = new DrmLinkNodes();
  const targets = [
    "/dev/dri/renderD128",
    "/dev/dri/card0",
    "/dev/accel/accel0",
    "/dev/dri/renderD129 (deleted)",
    "/dev/dri/by-path",
    "/dev/dri",
    "/dev/accelerator",
    "socket:[4567]",
    "/dev/null",
    "",
  ];
  for (const round of [1, 2]) { // the second round from the cache
    for (const target of targets) {
      const [buffer, length] = linkBytes(target);
      assert.deepEqual(nodes.nodeOf(buffer, length), deviceNodeOf(target), `${target} (${round})`);
    }
  }
});

Deno.test("DrmLinkNodes: one object per node, whatever follows the link in the buffer", () => {
  const nodes = new DrmLinkNodes();
  const [a, length] = linkBytes("/dev/dri/renderD128");
  const [b] = linkBytes("/dev/dri/renderD128");
  b.fill(0, length);
  const first = nodes.nodeOf(a, length);
  assert.equal(first?.name, "renderD128");
  assert.equal(nodes.nodeOf(b, length), first);
  assert.equal(nodes.nodeOf(a, length - 1)?.name, "renderD12", "only the first `length` bytes");
});
