import assert from "node:assert/strict";
import { join } from "node:path";
import fc from "../support/fast_check.ts";
import { hostileText, PROPERTY_RUNS } from "../support/hostile.ts";
import { parsePodLogDirName, podUidKey, readPodNames } from "../../src/linux/pod_logs.ts";
import { withTempDir } from "../support/temp_dir.ts";

const UID = "1e5ab2c4-7a3d-4f0e-9b8c-2d6f7a1b3c5e";

Deno.test("parsePodLogDirName: namespace_name_uid, and nothing of another shape", () => {
  assert.deepEqual(parsePodLogDirName(`ml_trainer-0_${UID}`), {
    namespace: "ml",
    name: "trainer-0",
    uid: UID,
  });
  assert.deepEqual(parsePodLogDirName("kube-system_etcd-n1_5ae5b0a5c1ee5ab26bb3b5fd6e6c8f37"), {
    namespace: "kube-system",
    name: "etcd-n1",
    uid: "5ae5b0a5c1ee5ab26bb3b5fd6e6c8f37",
  });
  for (
    const entry of [
      `ml_trainer_0_${UID}`,
      `trainer-0_${UID}`,
      `_trainer-0_${UID}`,
      `ml__${UID}`,
      "ml_trainer-0_not-a-uid",
      "",
      "___",
    ]
  ) assert.equal(parsePodLogDirName(entry), null, entry);
});

Deno.test("podUidKey: dashes, underscores and case do not matter", () => {
  assert.equal(podUidKey(UID), podUidKey(UID.toUpperCase().replaceAll("-", "_")));
});

Deno.test("parsePodLogDirName never throws on hostile names", () => {
  fc.assert(
    fc.property(hostileText, (entry) => {
      const pod = parsePodLogDirName(entry);
      assert.ok(pod === null || (pod.namespace !== "" && pod.name !== ""));
    }),
    PROPERTY_RUNS,
  );
});

Deno.test("readPodNames lists the folder once; empty when it is missing", () =>
  withTempDir((dir) => {
    assert.equal(readPodNames(join(dir, "nope")).size, 0);
    Deno.mkdirSync(join(dir, `ml_trainer-0_${UID}`));
    Deno.mkdirSync(join(dir, "junk"));
    Deno.writeTextFileSync(join(dir, "a_b_c"), "");
    const names = readPodNames(dir);
    assert.deepEqual([...names.entries()], [[podUidKey(UID), {
      namespace: "ml",
      name: "trainer-0",
    }]]);
  }));
