/**
 * Through the CLI, on the attribution tree (`test/linux/cgroup/attribution_tree.ts`): the
 * CONTAINER, POD, CPU% and START columns of `ps` and `gputop`, `--columns`, and the filters
 * `--container`, `--pod`, `--user` of every command that lists processes (snapshot, ps,
 * watch and serve here; top in test/live/top_attribution_tmux_e2e_test.ts).
 */
import assert from "node:assert/strict";
import { runCli } from "../support/run_cli.ts";
import { jsonLines } from "../support/watch_cli.ts";
import { startServe } from "../serve/serve_process.ts";
import {
  type AttributionTree,
  buildAttributionTree,
  NESTED_PID,
} from "../linux/cgroup/attribution_tree.ts";
import { ID_A } from "../linux/cgroup/cgroup_cases.ts";
import { drmFixtureArgs } from "../linux/sysfs/fixture_tree.ts";

const ENV = { TZ: "UTC" };

async function withTree(body: (tree: AttributionTree) => Promise<void>): Promise<void> {
  const tree = buildAttributionTree();
  try {
    await body(tree);
  } finally {
    tree.dispose();
  }
}

async function cli(args: string[]): Promise<string> {
  const result = await runCli(args, { env: ENV });
  assert.equal(result.code, 0, result.stderr);
  return result.stdout;
}

Deno.test("ps: CONTAINER, POD and START appear with the values, as docker and kubectl show them", () =>
  withTree(async (tree) => {
    const table = await cli(["ps", "--backends", "drm", "--root", tree.root]);
    const [header, ...rows] = table.trimEnd().split("\n");
    assert.match(
      header!,
      /^\s*PID\s+USER\s+CONTAINER\s+POD\s+GPU\s+TYPE\s+GPU MEM\s+ENGINES\s+RSS\s+START\s+COMMAND$/,
    );
    const row = (pid: number) => rows.find((line) => line.trim().startsWith(`${pid} `)) ?? "";
    assert.match(row(3002), / containerd:3f2a9c1e7b4d +ml\/trainer-0 /);
    assert.match(row(3008), / other:3f2a9c1e7b4d +5ae5b0a5 /, "an unnamed pod: its UID's start");
    assert.match(row(3016), / systemd-nspawn:build-box +- /, "a name, never cut");
    assert.match(row(3002), / 2024 +case2 --gpu$/, "started over a year ago: the year");
    // No CPU% in a one-shot reading: no value, no column.
    assert.doesNotMatch(header!, /CPU%/);
    const windowed = await cli([
      "ps",
      "--backends",
      "drm",
      "--root",
      tree.root,
      "--sample-window",
      "50ms",
    ]);
    assert.match(windowed.split("\n")[0]!, / ENGINES\s+CPU%\s+RSS /);
  }));

Deno.test("ps and gputop: the new columns stay away when no row has a value; --columns picks", () =>
  withTree(async (tree) => {
    // A fixture tree without cgroup or stat files: today's columns.
    const plain = await cli(["ps", ...drmFixtureArgs("amdgpu-discrete")]);
    assert.match(
      plain.split("\n")[0]!,
      /^\s*PID\s+USER\s+GPU\s+TYPE\s+GPU MEM\s+ENGINES\s+RSS\s+COMMAND$/,
    );
    const picked = await cli([
      "ps",
      "--backends",
      "drm",
      "--root",
      tree.root,
      "--columns",
      "pod,pid,gpu-memory",
      "--pod",
      "trainer-0",
    ]);
    assert.deepEqual(picked.trimEnd().split("\n").map((line) => line.trim().split(/\s+/)), [
      ["POD", "PID", "GPU", "MEM"],
      ["ml/trainer-0", "3009", "10.0", "MiB"],
      ["ml/trainer-0", "3005", "6.0", "MiB"],
      ["ml/trainer-0", "3002", "3.0", "MiB"],
    ]);
    const snapshot = await cli([
      "snapshot",
      "--backends",
      "drm",
      "--root",
      tree.root,
      "--columns",
      "pid,container",
      "--container",
      "buildbox",
    ]);
    assert.match(snapshot, /\n\s*PID\s+CONTAINER\n3015\s+systemd-nspawn:buildbox\n/);
  }));

Deno.test("--container, --pod, --user in ps and snapshot JSON: any value of one, all options", () =>
  withTree(async (tree) => {
    const pids = async (...filters: string[]) =>
      JSON.parse(await cli(["ps", "--json", "--backends", "drm", "--root", tree.root, ...filters]))
        .processes.map((p: { pid: number }) => p.pid).sort();
    assert.deepEqual(await pids("--container", "docker:3f2a9c1e7b4d"), [
      3000,
      3001,
      3004,
      NESTED_PID,
    ]);
    assert.deepEqual(await pids("--container", ID_A, "--user", "root"), [NESTED_PID]);
    assert.deepEqual(await pids("--pod", "serving/llm-7f9c,sweep-3"), [
      3003,
      3004,
      3006,
      3007,
      3017,
    ]);
    assert.deepEqual(await pids("--pod", "5ae5b0a5"), [3008]);
    assert.deepEqual(await pids("--user", "4242", "--user", "root"), [NESTED_PID, 4300]);
    const snapshot = JSON.parse(
      await cli(["--json", "--backends", "drm", "--root", tree.root, "snapshot", "--pod", "x"]),
    );
    assert.equal(snapshot.devices.length, 1, "devices are never filtered");
    assert.deepEqual(snapshot.processes, []);
  }));

Deno.test("watch --user filters every line", () =>
  withTree(async (tree) => {
    const out = await cli([
      "watch",
      "--backends",
      "drm",
      "--root",
      tree.root,
      "--count",
      "2",
      "--interval",
      "100ms",
      "--user",
      "root",
    ]);
    const lines = jsonLines(out);
    assert.deepEqual(lines.map((line) => line.processes.map((p) => p.pid)), [[NESTED_PID], [
      NESTED_PID,
    ]]);
  }));

Deno.test("serve --pod exports only that pod's process series", () =>
  withTree(async (tree) => {
    const serve = await startServe(
      ["--interval", "100ms", "--backends", "drm", "--root", tree.root, "--pod", "ml/trainer-0"],
      ENV,
    );
    try {
      const text = await (await fetch(`http://127.0.0.1:${serve.port}/metrics`)).text();
      const pids = [...text.matchAll(/^gputop_process_gpu_memory_bytes\{pid="(\d+)"/gm)]
        .map((m) => Number(m[1])).sort();
      assert.deepEqual(pids, [3002, 3005, 3009]);
      assert.match(text, /^gputop_device_memory_used_bytes\{/m, "devices stay");
    } finally {
      await serve.stop();
    }
  }));

Deno.test("a filter or column list that is empty or unknown is a usage error", async () => {
  for (
    const args of [
      ["ps", "--columns", "pid,colour"],
      ["ps", "--container", ""],
      ["top", "--pod", ","],
      ["serve", "--user", ""],
      ["watch", "--container", ","],
    ]
  ) {
    const result = await runCli(args);
    assert.equal(result.code, 2, `${args.join(" ")}: ${result.stderr}`);
    assert.match(result.stderr, /^gputop: invalid value for --(columns|container|pod|user): /);
    assert.equal(result.stderr.trim().split("\n").length, 1);
  }
});
