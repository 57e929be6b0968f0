/**
 * The attribution over generated cgroup files: real path shapes recombined, with hostile
 * components and whole hostile texts. It never throws, and whatever it returns is well
 * formed (a known runtime, a 64-hex id or a bounded name, a canonical pod UID).
 */
import assert from "node:assert/strict";
import fc from "../../support/fast_check.ts";
import { hostileText, PROPERTY_RUNS } from "../../support/hostile.ts";
import {
  attributionOfCgroup,
  type CgroupAttribution,
} from "../../../src/linux/cgroup/cgroup_attribution.ts";
import { CONTAINER_RUNTIMES, POD_QOS_CLASSES } from "../../../src/model/process_attribution.ts";
import { CGROUP_CASES, cgroupV1, cgroupV2, ID_A, UID_BURSTABLE } from "./cgroup_cases.ts";

const UID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})$/;

function assertWellFormed(found: CgroupAttribution | null): void {
  if (found === null) return;
  assert.ok(found.container !== null || found.pod !== null);
  if (found.container !== null) {
    assert.ok(CONTAINER_RUNTIMES.includes(found.container.runtime));
    assert.ok(found.container.id.length > 0);
    assert.ok(new TextEncoder().encode(found.container.id).length <= 255 * 4);
  }
  if (found.pod !== null) {
    assert.match(found.pod.uid, UID);
    assert.ok(found.pod.qos === null || POD_QOS_CLASSES.includes(found.pod.qos));
  }
}

/** Path components: the real ones, near misses and hostile text. */
const component = fc.oneof(
  fc.constantFrom(
    "kubepods",
    "kubepods.slice",
    "burstable",
    "besteffort",
    "kubepods-burstable.slice",
    `pod${UID_BURSTABLE}`,
    `kubepods-burstable-pod${UID_BURSTABLE.replaceAll("-", "_")}.slice`,
    `docker-${ID_A}.scope`,
    "docker",
    ID_A,
    `libpod-conmon-${ID_A}.scope`,
    `cri-containerd-${ID_A}`,
    "lxc",
    "lxc.payload.",
    "lxc.payload.x",
    "machine-.scope",
    "machine-a\\x2.scope",
    "machine-\\xff\\xfe.scope",
    "..",
    ".",
    ":",
  ),
  fc.string({ maxLength: 300 }),
  fc.string({ unit: "binary", maxLength: 40 }),
);

const generatedPath = fc.array(component, { maxLength: 12 }).map((parts) => `/${parts.join("/")}`);

const cgroupText = fc.oneof(
  generatedPath.map(cgroupV2),
  generatedPath.map(cgroupV1),
  fc.constantFrom(...CGROUP_CASES.map((c) => c.path)).chain((path) =>
    fc.tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 })).map(([a, b]) =>
      cgroupV2(`${a}${path}${b}`)
    )
  ),
  fc.array(fc.tuple(fc.string(), fc.string(), generatedPath), { maxLength: 20 }).map((lines) =>
    lines.map(([id, names, path]) => `${id}:${names}:${path}`).join("\n")
  ),
  hostileText,
);

Deno.test("attributionOfCgroup never throws and returns well-formed values", () => {
  fc.assert(
    fc.property(cgroupText, (text) => assertWellFormed(attributionOfCgroup(text))),
    PROPERTY_RUNS,
  );
});

Deno.test("attributionOfCgroup: a recognised path keeps its answer under any unrelated prefix hierarchy lines", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...CGROUP_CASES),
      fc.array(fc.tuple(fc.nat({ max: 99 }), fc.constantFrom("cpuset", "blkio", "rdma")), {
        maxLength: 5,
      }),
      ({ path, expected }, others) => {
        const extra = others.map(([id, names]) => `${id + 20}:${names}:/unrelated\n`).join("");
        assert.deepEqual(attributionOfCgroup(extra + cgroupV2(path)), expected);
      },
    ),
    PROPERTY_RUNS,
  );
});
