/**
 * A container's cgroup, as each runtime names it (one path component; `parent` is the one
 * above it):
 * - `docker-<id>.scope` (Docker with the systemd driver; cri-dockerd in a pod),
 *   `<id>` below `docker` (Docker with the cgroupfs driver);
 * - `cri-containerd-<id>.scope` (containerd's CRI), `nerdctl-<id>.scope` (nerdctl);
 * - `crio-<id>.scope`, or `crio-<id>` with the cgroupfs driver (CRI-O);
 * - `libpod-<id>.scope` (Podman, rootful under machine.slice or rootless under user@.service);
 * - `lxc.payload.<name>` (LXC 4 and later), `<name>` below `lxc` (older LXC);
 * - `machine-<name>.scope` (a machine registered with systemd-machined: systemd-nspawn, or a
 *   libvirt guest, `machine-qemu\x2d…`, which is `other`);
 * - a bare `<id>` in a pod (the cgroupfs driver does not name the runtime): `other`.
 * `<id>` is 64 lower-case hex digits. Monitors (`libpod-conmon-<id>.scope`,
 * `crio-conmon-<id>.scope`, `lxc.monitor.<name>`) are not containers and match nothing.
 */
import type { ProcessContainer } from "../../model/process_attribution.ts";

const ID = /^[0-9a-f]{64}$/;

/** Unit-name prefixes followed by a container id, and the runtime each means. */
const ID_PREFIXES: readonly (readonly [string, ProcessContainer["runtime"]])[] = [
  ["docker-", "docker"],
  ["cri-containerd-", "containerd"],
  ["nerdctl-", "containerd"],
  ["crio-", "cri-o"],
  ["libpod-", "podman"],
];

/** Whether the component is in a pod (a bare id is then a container of unknown runtime). */
export function containerOfComponent(
  component: string,
  parent: string | undefined,
  inPod: boolean,
): ProcessContainer | null {
  const base = component.endsWith(".scope") ? component.slice(0, -".scope".length) : component;
  for (const [prefix, runtime] of ID_PREFIXES) {
    if (base.startsWith(prefix)) {
      const id = base.slice(prefix.length);
      return ID.test(id) ? { runtime, id } : null;
    }
  }
  if (ID.test(component)) {
    if (parent === "docker") return { runtime: "docker", id: component };
    return inPod ? { runtime: "other", id: component } : null;
  }
  if (component.startsWith("lxc.payload.") && component.length > "lxc.payload.".length) {
    return { runtime: "lxc", id: component.slice("lxc.payload.".length) };
  }
  if (parent === "lxc") return { runtime: "lxc", id: component };
  return machineOf(component);
}

/** `machine-<name>.scope`, the name unescaped as systemd writes unit names (`\x2d` is `-`). */
function machineOf(component: string): ProcessContainer | null {
  if (!component.startsWith("machine-") || !component.endsWith(".scope")) return null;
  const name = unescapeUnitName(component.slice("machine-".length, -".scope".length));
  if (name === "") return null;
  // libvirt registers its guests as machines too: qemu-<n>-<name>, lxc-<pid>-<name>.
  const guest = /^(?:qemu|lxc)-\d+-/.test(name);
  return { runtime: guest ? "other" : "systemd-nspawn", id: name };
}

/** systemd's `\xNN` escapes (bytes of UTF-8) back to text; anything else as it is. */
export function unescapeUnitName(name: string): string {
  if (!name.includes("\\x")) return name;
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let at = 0; at < name.length;) {
    const hex = name.slice(at + 2, at + 4);
    if (name.startsWith("\\x", at) && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      at += 4;
    } else {
      const codePoint = name.codePointAt(at)!;
      const char = String.fromCodePoint(codePoint);
      bytes.push(...encoder.encode(char));
      at += char.length;
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}
