import assert from "node:assert/strict";
import {
  containerOfComponent,
  unescapeUnitName,
} from "../../../src/linux/cgroup/container_component.ts";
import { ID_A } from "./cgroup_cases.ts";

Deno.test("containerOfComponent: a bare id is a container below docker or in a pod only", () => {
  assert.deepEqual(containerOfComponent(ID_A, "docker", false), { runtime: "docker", id: ID_A });
  assert.deepEqual(containerOfComponent(ID_A, "pod-x", true), { runtime: "other", id: ID_A });
  assert.equal(containerOfComponent(ID_A, "somewhere", false), null);
});

Deno.test("containerOfComponent: monitors and libvirt guests", () => {
  assert.equal(containerOfComponent(`crio-conmon-${ID_A}.scope`, "x", true), null);
  assert.equal(containerOfComponent("lxc.monitor.web", "/", false), null);
  assert.deepEqual(
    containerOfComponent("machine-qemu\\x2d1\\x2dwin11.scope", "machine.slice", false),
    {
      runtime: "other",
      id: "qemu-1-win11",
    },
  );
  assert.equal(containerOfComponent("machine-.scope", "machine.slice", false), null);
  assert.equal(containerOfComponent("machine.slice", "", false), null);
});

Deno.test("unescapeUnitName: \\xNN bytes of UTF-8, other text kept", () => {
  assert.equal(unescapeUnitName("a\\x2db"), "a-b");
  assert.equal(unescapeUnitName("caf\\xc3\\xa9"), "café");
  assert.equal(unescapeUnitName("\\xzz\\x2"), "\\xzz\\x2");
  assert.equal(unescapeUnitName("plain"), "plain");
});
