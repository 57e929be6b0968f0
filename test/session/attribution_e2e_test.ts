/**
 * Through the CLI, on a tree built here (`attribution_tree.ts`): every GPU process gets its
 * container, pod, namespace pid, CPU %, start time and state from /proc, whatever cgroup
 * version and runtime; the JSON validates against the schema.
 */
import assert from "node:assert/strict";
import { runCli } from "../support/run_cli.ts";
import { join } from "node:path";
import { jsonLines, spawnCli } from "../support/watch_cli.ts";
import type { GpuProcess } from "../../src/model/types.ts";
import { CGROUP_CASES } from "../linux/cgroup/cgroup_cases.ts";
import {
  type AttributionTree,
  buildAttributionTree,
  EXITED_PID,
  NESTED_PID,
  PLAIN_PID,
  START_TIME_ISO,
  STATE_LETTERS,
  statLine,
  TREE_PODS,
} from "../linux/cgroup/attribution_tree.ts";

function where(tree: AttributionTree): string[] {
  return ["--backends", "drm", "--proc-root", tree.procRoot, "--sys-root", tree.sysRoot];
}

async function processesOf(args: string[]): Promise<Map<number, GpuProcess>> {
  const result = await runCli(args);
  assert.equal(result.code, 0, result.stderr);
  // One compact line, so the JSON is checked as watch's lines are: schema and zod.
  const [snapshot] = jsonLines(JSON.stringify(JSON.parse(result.stdout)) + "\n");
  return new Map(snapshot!.processes.map((p) => [p.pid, p]));
}

async function withTree(body: (tree: AttributionTree) => Promise<void>): Promise<void> {
  const tree = buildAttributionTree();
  try {
    await body(tree);
  } finally {
    tree.dispose();
  }
}

Deno.test("ps --json: container and named pod of every runtime under cgroup v1 and v2", () =>
  withTree(async (tree) => {
    const byPid = await processesOf(["ps", "--json", ...where(tree)]);
    CGROUP_CASES.forEach((c, i) => {
      const p = byPid.get(3000 + i);
      assert.ok(p, c.name);
      assert.deepEqual(p.container, c.expected?.container ?? null, c.name);
      const pod = c.expected?.pod ?? null;
      // Named from the tree's /var/log/pods; the static pod has no logs folder: unnamed.
      const named = TREE_PODS.find((candidate) => candidate.uid === pod?.uid);
      const expected = pod === null ? null : {
        uid: pod.uid,
        namespace: named?.namespace ?? null,
        name: named?.name ?? null,
        qos: pod.qos,
      };
      assert.deepEqual(p.pod, expected, c.name);
    });
  }));

Deno.test("ps --json: state, start time, namespace pid and user of each process", () =>
  withTree(async (tree) => {
    const byPid = await processesOf(["ps", "--json", ...where(tree)]);
    CGROUP_CASES.forEach((_, i) => {
      const p = byPid.get(3000 + i)!;
      assert.equal(p.state, STATE_LETTERS[i % STATE_LETTERS.length]![1]);
      assert.equal(p.startTime, START_TIME_ISO);
      assert.equal(p.containerPid, null);
      assert.equal(p.user, "alice");
    });
    assert.equal(byPid.get(NESTED_PID)?.containerPid, 7);
    assert.equal(byPid.get(NESTED_PID)?.state, "running");
    assert.equal(byPid.get(PLAIN_PID)?.user, "4242");
    assert.equal(byPid.get(PLAIN_PID)?.container, null);
    assert.equal(byPid.get(PLAIN_PID)?.state, "zombie");
  }));

Deno.test("ps --json: a process that exited mid-scan is listed, its /proc facts null", () =>
  withTree(async (tree) => {
    const gone = (await processesOf(["ps", "--json", ...where(tree)])).get(EXITED_PID);
    assert.ok(gone);
    assert.equal(gone.gpuMemoryBytes, 256 * 1024);
    for (const key of ["name", "user", "container", "pod", "containerPid", "startTime"] as const) {
      assert.equal(gone[key], null, key);
    }
    assert.equal(gone.state, null);
    assert.equal(gone.cpuPercent, null);
  }));

Deno.test("cpuPercent: null in a one-shot reading, known with --sample-window", () =>
  withTree(async (tree) => {
    const once = await processesOf(["ps", "--json", ...where(tree)]);
    assert.ok([...once.values()].every((p) => p.cpuPercent === null));
    const windowed = await processesOf([
      "ps",
      "--json",
      "--sample-window",
      "100ms",
      ...where(tree),
    ]);
    // The tree's CPU ticks do not move: known, and 0.
    assert.equal(windowed.get(3000)?.cpuPercent, 0);
    assert.equal(windowed.get(EXITED_PID)?.cpuPercent, null);
  }));

Deno.test("watch: cpuPercent from the ticks a process spent between two lines", () =>
  withTree(async (tree) => {
    const run = spawnCli(["watch", "--interval", "1s", "--count", "2", ...where(tree)], {});
    const [first] = await run.lines(1);
    // 100 ticks = 1 s of CPU, spent during the second's interval of about 1 s.
    Deno.writeTextFileSync(join(tree.procRoot, "3000", "stat"), statLine(3000, "case0", "R", 200));
    const rest = await run.rest();
    assert.equal((await run.child.status).code, 0, await run.stderr());
    const [before, after] = jsonLines(`${first}\n${rest.split("\n").slice(1).join("\n")}`);
    const cpu = (line: typeof before) => line!.processes.find((p) => p.pid === 3000)?.cpuPercent;
    // watch samples once before its first line (a warm-up, so rates are known): no ticks spent.
    assert.equal(cpu(before), 0);
    assert.ok((cpu(after) ?? 0) > 20 && (cpu(after) ?? 0) < 500, `cpu ${cpu(after)}`);
  }));
