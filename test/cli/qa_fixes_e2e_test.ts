/**
 * End to end, as a user types them: a failed backend named under the tables, misplaced command
 * options, formats a command cannot print, empty check list items, check reasons that blame
 * only the backends that matter, and `ps` without processes.
 */
import assert from "node:assert/strict";
import { drmFixtureArgs, fixtureRootArgs, sysRootOf } from "../linux/sysfs/fixture_tree.ts";
import { buildFakeNvml, fakeNvmlTest } from "../fakes/nvml/build_fake_nvml.ts";
import { runCli } from "../support/run_cli.ts";

fakeNvmlTest("a failed NVML init is named under the snapshot and ps tables", async () => {
  const env = { GPUTOP_NVML_LIB: await buildFakeNvml(), FAKE_NVML_SCENARIO: "init-no-permission" };
  const args = ["--backends", "nvml,drm", ...fixtureRootArgs("amdgpu-discrete")];
  const snapshot = await runCli(args, { env });
  assert.equal(snapshot.code, 0, snapshot.stderr);
  assert.match(snapshot.stdout, /AMD/); // the DRM card is shown
  assert.match(
    snapshot.stdout,
    /\nnvml failed: NVML initialisation failed: Insufficient Permissions\n$/,
  );
  const ps = await runCli(["ps", ...args], { env });
  assert.equal(ps.code, 0, ps.stderr);
  assert.match(ps.stdout, /\nnvml failed: NVML initialisation failed: Insufficient Permissions\n$/);
});

Deno.test("usage errors: command options before the command, formats, empty list items", async () => {
  const cases: [string[], string][] = [
    [
      ["--interval", "2s", "watch"],
      "'--interval' is an option of watch (and top, record, serve): put it after the command",
    ],
    [["--listen", ":9000", "serve"], "'--listen' is an option of serve: put it after the command"],
    [["--bogus", "ps"], "unknown option '--bogus'"],
    [["watch", "--format", "table", "--count", "1"], "watch prints json or csv, not table"],
    [["schema", "--csv"], "schema prints json, not csv"],
    [
      ["version", "--json"],
      "version has one fixed output: it takes no --format, --json or --csv (got json)",
    ],
    [["check", "--csv", "--min-gpus", "1"], "check prints table or json, not csv"],
    [
      ["check", "--vendor", "", "--min-gpus", "0"],
      "invalid value for --vendor: '' (an empty item)",
    ],
    [["check", "--require-backend", ""], "invalid value for --require-backend: '' (an empty item)"],
  ];
  for (const [args, message] of cases) {
    const result = await runCli(args);
    assert.equal(result.code, 2, args.join(" "));
    assert.equal(result.stdout, "");
    assert.equal(result.stderr, `gputop: ${message}\n`, args.join(" "));
  }
});

// mixed-two-gpus: device 0 is an Intel i915 (no temperature sensor), device 1 an AMD card.
Deno.test("check: reasons name only the device's own backends; -i that filters all says so", async () => {
  const mixed = drmFixtureArgs("mixed-two-gpus");
  const filtered = await runCli(["check", ...mixed, "-i", "99", "--min-gpus", "1"]);
  assert.equal(filtered.code, 1, filtered.stderr);
  assert.match(
    filtered.stdout,
    /^reason: --min-gpus 1: 2 device\(s\) found, all filtered out by -i$/m,
  );
  // A missing AMD SMI / Level Zero library is not blamed for anything here: they are not selected.
  const reasons = await runCli([
    "check",
    "--backends",
    "drm,amdsmi",
    ...fixtureRootArgs("mixed-two-gpus"),
    "--max-temperature",
    "85",
    "--max-utilization",
    "100",
  ], { env: { GPUTOP_AMDSMI_LIB: "/nonexistent/libamd_smi.so" } });
  // Before: "...; amdsmi unavailable: no AMD SMI library could be loaded: ..." on every line.
  const lines = reasons.stdout.split("\n").filter((line) => line.startsWith("reason:"));
  assert.deepEqual(lines, [
    "reason: --max-temperature 85: not reported for device 0",
    "reason: --max-utilization 100: not reported for device 0",
  ]);
});

Deno.test("ps without processes says so, table only", async () => {
  const empty = await Deno.makeTempDir({ prefix: "gputop-empty-proc-" });
  try {
    const args = [
      "ps",
      "--backends",
      "drm",
      "--sys-root",
      sysRootOf("amdgpu-discrete"),
      "--proc-root",
      empty,
    ];
    const table = await runCli(args);
    assert.equal(table.code, 0, table.stderr);
    assert.equal(table.stdout, "No process is using a GPU.\n");
    const csv = await runCli([...args, "--csv"]);
    assert.equal(csv.stdout.split("\n").length, 2); // header, final empty string
    assert.ok(!csv.stdout.includes("No process"));
  } finally {
    await Deno.remove(empty, { recursive: true });
  }
});
