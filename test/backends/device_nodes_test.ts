/**
 * The device-node checks on scratch trees built here: each vendor's nodes (and sysfs vendor ids
 * written by hand from the PCI ids: Intel 0x8086, AMD 0x1002, NVIDIA 0x10de) make the check pass;
 * another vendor's do not.
 */
import assert from "node:assert/strict";
import {
  AMD_NODES,
  devRootOf,
  INTEL_NODES,
  NVIDIA_NODES,
} from "../../src/backends/device_nodes.ts";
import { testContext } from "../support/backend_context.ts";

/** Every scratch root of this file, removed when the test module unloads. */
const SCRATCH = Deno.makeTempDirSync({ prefix: "gputop-devnodes-" });
globalThis.addEventListener("unload", () => Deno.removeSync(SCRATCH, { recursive: true }));

/** A root with `dev/<node>` files and `sys/class/<class>/<node>/device/vendor` for each render or accel node. */
function scratchRoot(nodes: Record<string, string | null>): string {
  const root = Deno.makeTempDirSync({ dir: SCRATCH });
  for (const [node, vendor] of Object.entries(nodes)) {
    const path = `${root}/dev/${node}`;
    Deno.mkdirSync(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    Deno.writeTextFileSync(path, "");
    if (vendor === null) continue;
    const name = node.slice(node.lastIndexOf("/") + 1);
    const sysClass = node.startsWith("accel/") ? "accel" : "drm";
    const device = `${root}/sys/class/${sysClass}/${name}/device`;
    Deno.mkdirSync(device, { recursive: true });
    Deno.writeTextFileSync(`${device}/vendor`, `${vendor}\n`);
  }
  Deno.mkdirSync(`${root}/proc`, { recursive: true });
  return root;
}

function contextAt(root: string) {
  return testContext({ rootDir: root, procRoot: `${root}/proc`, sysRoot: `${root}/sys` });
}

Deno.test("devRootOf: GPUTOP_DEV_ROOT's value, else dev under --root, else /dev", () => {
  assert.equal(devRootOf(testContext({ devRoot: "/x/dev" })), "/x/dev");
  assert.equal(devRootOf(testContext({ rootDir: "/host/" })), "/host/dev");
  assert.equal(devRootOf(testContext({ rootDir: "/host" })), "/host/dev");
  assert.equal(devRootOf(testContext()), "/dev");
});

Deno.test("NVML: a GPU node, WSL's dxg or the loaded driver; nvidiactl alone is not enough", () => {
  const none = contextAt(scratchRoot({ nvidiactl: null, "nvidia-uvm": null }));
  assert.match(NVIDIA_NODES.missing(none) ?? "", /^no device nodes \(no .*\/dev\/nvidia<N>, /);
  assert.equal(NVIDIA_NODES.missing(contextAt(scratchRoot({ nvidia0: null }))), null);
  assert.equal(NVIDIA_NODES.missing(contextAt(scratchRoot({ dxg: null }))), null);
  const driverOnly = scratchRoot({});
  Deno.mkdirSync(`${driverOnly}/proc/driver/nvidia`, { recursive: true });
  assert.equal(NVIDIA_NODES.missing(contextAt(driverOnly)), null);
});

Deno.test("Level Zero: an Intel render or accel node; an AMD render node is not one", () => {
  const amd = contextAt(scratchRoot({ "dri/renderD128": "0x1002", "dri/card0": null }));
  assert.match(INTEL_NODES.missing(amd) ?? "", /^no device nodes \(no Intel /);
  assert.equal(INTEL_NODES.missing(contextAt(scratchRoot({ "dri/renderD129": "0x8086" }))), null);
  assert.equal(INTEL_NODES.missing(contextAt(scratchRoot({ "accel/accel0": "0x8086" }))), null);
});

Deno.test("AMD SMI: /dev/kfd or an AMD render node; an Intel render node is not one", () => {
  const intel = contextAt(scratchRoot({ "dri/renderD128": "0x8086" }));
  assert.match(AMD_NODES.missing(intel) ?? "", /^no device nodes \(no .*\/dev\/kfd, /);
  assert.equal(AMD_NODES.missing(contextAt(scratchRoot({ kfd: null }))), null);
  assert.equal(AMD_NODES.missing(contextAt(scratchRoot({ "dri/renderD128": "0x1002" }))), null);
});

Deno.test("a render node whose sysfs vendor cannot be read counts as present (probe rather than miss)", () => {
  const unknown = contextAt(scratchRoot({ "dri/renderD128": null }));
  assert.equal(INTEL_NODES.missing(unknown), null);
  assert.equal(AMD_NODES.missing(unknown), null);
});
