/**
 * `--root DIR` / GPUTOP_ROOT through the CLI, on a host tree built here: proc, sys,
 * etc/passwd and var/log/pods are all read under it, `--proc-root` still overrides its part,
 * and a root that is not a directory is a usage error.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../support/run_cli.ts";
import type { Snapshot } from "../../src/model/types.ts";
import { buildAttributionTree, NESTED_PID } from "../linux/cgroup/attribution_tree.ts";
import { UID_BURSTABLE } from "../linux/cgroup/cgroup_cases.ts";

const K8S_PID = 3002; // the burstable containerd pod's process (cgroup case 2)

async function psJson(args: string[], env: Record<string, string> = {}): Promise<Snapshot> {
  const result = await runCli(["ps", "--json", "--backends", "drm", ...args], { env });
  assert.equal(result.code, 0, result.stderr);
  return JSON.parse(result.stdout) as Snapshot;
}

Deno.test("--root reads proc, sys, passwd and the pods' names under one folder", async () => {
  const tree = buildAttributionTree();
  try {
    for (
      const snapshot of [
        await psJson(["--root", tree.root]),
        await psJson([], { GPUTOP_ROOT: tree.root }),
      ]
    ) {
      assert.equal(snapshot.devices.length, 1, "sys under the root");
      const k8s = snapshot.processes.find((p) => p.pid === K8S_PID);
      assert.deepEqual(k8s?.pod, {
        uid: UID_BURSTABLE,
        namespace: "ml",
        name: "trainer-0",
        qos: "burstable",
      });
      assert.equal(k8s?.user, "alice", "etc/passwd under the root");
    }
  } finally {
    tree.dispose();
  }
});

Deno.test("--root: without etc/passwd the uid is the user; without var/log/pods, pods unnamed", async () => {
  const tree = buildAttributionTree();
  try {
    Deno.removeSync(join(tree.root, "etc", "passwd"));
    Deno.removeSync(join(tree.root, "var"), { recursive: true });
    const snapshot = await psJson(["--root", tree.root]);
    const k8s = snapshot.processes.find((p) => p.pid === K8S_PID);
    assert.equal(k8s?.user, "1000");
    assert.equal(k8s?.pod?.name, null);
    assert.equal(snapshot.processes.find((p) => p.pid === NESTED_PID)?.user, "0");
  } finally {
    tree.dispose();
  }
});

Deno.test("--proc-root overrides --root's proc; a --root that is not a directory is a usage error", async () => {
  const tree = buildAttributionTree();
  const empty = Deno.makeTempDirSync({ prefix: "gputop-empty-proc-" });
  try {
    const snapshot = await psJson(["--root", tree.root, "--proc-root", empty]);
    assert.equal(snapshot.devices.length, 1);
    assert.equal(snapshot.processes.length, 0, "processes from the empty proc root");
    for (
      const [args, env, named] of [
        [["--root", join(tree.root, "etc", "passwd")], {}, "--root"],
        [["--root", join(tree.root, "missing")], {}, "--root"],
        [[], { GPUTOP_ROOT: join(tree.root, "missing") }, "GPUTOP_ROOT"],
      ] as const
    ) {
      const result = await runCli(["ps", ...args], { env: { ...env } });
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, new RegExp(`invalid value for ${named}`));
      assert.equal(result.stderr.trim().split("\n").length, 1);
    }
  } finally {
    tree.dispose();
    Deno.removeSync(empty, { recursive: true });
  }
});
