import assert from "node:assert/strict";
import { cgroupPathsOf } from "../../../src/linux/cgroup/cgroup_file.ts";

Deno.test("cgroupPathsOf: v2's one line", () => {
  assert.deepEqual(cgroupPathsOf("0::/system.slice/a.scope\n"), ["/system.slice/a.scope"]);
});

Deno.test("cgroupPathsOf: v1's memory, then pids, then name=systemd, then v2; duplicates once", () => {
  const text = [
    "0::/d",
    "1:name=systemd:/c",
    "7:pids:/b",
    "4:cpu,memory:/a",
    "3:cpuset:/ignored",
    "5:memory:/second-memory-line",
    "2:blkio:/a",
  ].join("\n");
  assert.deepEqual(cgroupPathsOf(text), ["/a", "/b", "/c", "/d"]);
  assert.deepEqual(cgroupPathsOf("9:memory:/same\n8:pids:/same\n"), ["/same"]);
});

Deno.test("cgroupPathsOf: lines of another shape are skipped", () => {
  const text = "no colons\n1:only-one\n0::relative/path\n2::/v1-without-controllers\n\n";
  assert.deepEqual(cgroupPathsOf(text), []);
});
