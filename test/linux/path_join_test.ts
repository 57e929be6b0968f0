import assert from "node:assert/strict";
import { baseName, joinPath, resolvedParent } from "../../src/linux/path_join.ts";

Deno.test("joinPath: one slash between parts, none doubled after a root ending in /", () => {
  assert.equal(joinPath("/sys", "class", "drm"), "/sys/class/drm");
  assert.equal(joinPath("/tmp/root/", "class"), "/tmp/root/class");
  assert.equal(joinPath("/", "etc", "passwd"), "/etc/passwd");
  assert.equal(joinPath("/proc"), "/proc");
});

Deno.test("baseName: the last component of a sysfs link, trailing slashes ignored", () => {
  assert.equal(baseName("../../../0000:03:00.0"), "0000:03:00.0");
  assert.equal(baseName("/sys/bus/pci/drivers/amdgpu/"), "amdgpu");
  assert.equal(baseName("amdgpu"), "amdgpu");
  assert.equal(baseName("/"), "");
});

Deno.test("resolvedParent: as dirname(resolve(path)), against a given cwd", () => {
  const cwd = () => "/srv/data";
  assert.equal(resolvedParent("/host/proc", cwd), "/host");
  assert.equal(resolvedParent("/host/proc/", cwd), "/host");
  assert.equal(resolvedParent("proc", cwd), "/srv/data");
  assert.equal(resolvedParent("../proc", cwd), "/srv");
  // /a/b/.. is /a, whose parent is /.
  assert.equal(resolvedParent("/a/b/..", cwd), "/");
  assert.equal(resolvedParent("/proc", cwd), "/");
  assert.equal(resolvedParent("/", cwd), "/");
});
