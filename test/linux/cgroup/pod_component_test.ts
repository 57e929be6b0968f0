import assert from "node:assert/strict";
import { podOfComponent, qosAfter } from "../../../src/linux/cgroup/pod_component.ts";
import { UID_BURSTABLE, UID_STATIC } from "./cgroup_cases.ts";

Deno.test("podOfComponent: the systemd name carries the QoS class and underscores", () => {
  const underscored = UID_BURSTABLE.replaceAll("-", "_");
  assert.deepEqual(podOfComponent(`kubepods-pod${underscored}.slice`, null), {
    uid: UID_BURSTABLE,
    qos: "guaranteed",
  });
  assert.deepEqual(podOfComponent(`kubepods-besteffort-pod${underscored}.slice`, null), {
    uid: UID_BURSTABLE,
    qos: "besteffort",
  });
});

Deno.test("podOfComponent: the cgroupfs name takes its QoS class from above", () => {
  assert.deepEqual(podOfComponent(`pod${UID_BURSTABLE}`, "burstable"), {
    uid: UID_BURSTABLE,
    qos: "burstable",
  });
  assert.deepEqual(podOfComponent(`pod${UID_STATIC}`, null), { uid: UID_STATIC, qos: null });
});

Deno.test("podOfComponent: malformed UIDs are not pods", () => {
  for (
    const name of [
      "pod",
      "podman",
      `pod${UID_BURSTABLE.toUpperCase()}`,
      `pod${UID_BURSTABLE}x`,
      `pod${UID_BURSTABLE.replaceAll("-", "")}0`,
      `kubepods-pod${UID_BURSTABLE}.slice`, // dashes where systemd has underscores
      "kubepods-burstable.slice",
    ]
  ) assert.equal(podOfComponent(name, "guaranteed"), null, name);
});

Deno.test("qosAfter: kubepods starts the tree; a level follows it only there", () => {
  assert.equal(qosAfter("kubepods", null), "guaranteed");
  assert.equal(qosAfter("kubepods.slice", null), "guaranteed");
  assert.equal(qosAfter("burstable", "guaranteed"), "burstable");
  assert.equal(qosAfter("burstable", null), null);
  assert.equal(qosAfter("system.slice", "besteffort"), "besteffort");
});
