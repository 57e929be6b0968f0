import assert from "node:assert/strict";
import {
  attributionOfCgroup,
  attributionOfPath,
} from "../../../src/linux/cgroup/cgroup_attribution.ts";
import { CGROUP_CASES, cgroupV1, cgroupV2, ID_A, UID_BURSTABLE } from "./cgroup_cases.ts";

for (const { name, path, expected } of CGROUP_CASES) {
  Deno.test(`attribution: ${name}`, () => {
    assert.deepEqual(attributionOfPath(path), expected);
    assert.deepEqual(attributionOfCgroup(cgroupV2(path)), expected, "cgroup v2 file");
    assert.deepEqual(attributionOfCgroup(cgroupV1(path)), expected, "cgroup v1 file");
  });
}

Deno.test("attribution: a v1 file whose memory hierarchy names the container wins over systemd's", () => {
  const text = [
    "5:pids:/user.slice",
    `4:memory:/docker/${ID_A}`,
    "1:name=systemd:/user.slice/user-1000.slice/session-2.scope",
    "0::/user.slice/user-1000.slice/session-2.scope",
    "",
  ].join("\n");
  assert.deepEqual(attributionOfCgroup(text), {
    container: { runtime: "docker", id: ID_A },
    pod: null,
  });
});

Deno.test("attribution: a hybrid system's unified line is used when v1 names nothing", () => {
  const text = `3:memory:/\n1:name=systemd:/\n0::/system.slice/docker-${ID_A}.scope\n`;
  assert.deepEqual(attributionOfCgroup(text)?.container, { runtime: "docker", id: ID_A });
});

Deno.test("attribution: CRLF line ends and a cgroup name holding ':' are read", () => {
  assert.deepEqual(
    attributionOfCgroup(`0::/kubepods/burstable/pod${UID_BURSTABLE}/${ID_A}\r\n`)?.pod,
    { uid: UID_BURSTABLE, qos: "burstable" },
  );
  assert.deepEqual(attributionOfCgroup(`0::/lxc.payload.a:b/init.scope\n`)?.container, {
    runtime: "lxc",
    id: "a:b",
  });
});

Deno.test("attribution: empty, binary and shapeless files name nothing", () => {
  for (const text of ["", "\n", "\u0000\u0001\ufffd", "0:/docker/x", "garbage", "0::docker"]) {
    assert.equal(attributionOfCgroup(text), null, JSON.stringify(text));
  }
});

Deno.test("attribution: ids that are not 64 hex digits, and upper-case ones, are not containers", () => {
  for (
    const path of [
      `/system.slice/docker-${ID_A.slice(1)}.scope`,
      `/system.slice/docker-${ID_A}0.scope`,
      `/system.slice/docker-${ID_A.toUpperCase()}.scope`,
      `/docker/${ID_A.slice(0, 12)}`,
      `/elsewhere/${ID_A}`,
    ]
  ) assert.equal(attributionOfPath(path), null, path);
});

Deno.test("attribution: a 10 000-line file and a 100 kB path are read, linearly", () => {
  const lines = Array.from({ length: 10_000 }, (_, i) => `${i + 13}:x${i}:/a/b/c`);
  const text = [...lines, `4:memory:/docker/${ID_A}`].join("\n");
  assert.equal(attributionOfCgroup(text)?.container?.id, ID_A);
  const long = `0::/${"x".repeat(100_000)}/docker-${ID_A}.scope\n`;
  assert.equal(attributionOfCgroup(long)?.container?.id, ID_A);
  const deep = `0::${"/a".repeat(50_000)}/docker/${ID_A}\n`;
  assert.equal(attributionOfCgroup(deep)?.container?.id, ID_A);
});

Deno.test("attribution: a component longer than a cgroup name can be names nothing", () => {
  assert.equal(attributionOfPath(`/lxc.payload.${"n".repeat(300)}`), null);
  assert.equal(attributionOfPath(`/lxc/${"n".repeat(300)}`), null);
});
