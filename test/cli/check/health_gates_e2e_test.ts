/**
 * `gputop check`'s GPU-health gates end to end, over scratch fixture trees with trouble
 * written into them (test/backends/drm/sick_trees.ts): each gate passes on a sound board and
 * fails on a sick one, naming device, gate, value and limit; an unknown value fails unless
 * `--allow-unknown`.
 */
import assert from "node:assert/strict";
import { drmFixtureArgs } from "../../linux/sysfs/fixture_tree.ts";
import { parseJsonOutput, runCli } from "../../support/run_cli.ts";
import { assertUsageError } from "../../support/usage_error.ts";
import { sickAmdgpu, type SickTree, throttledI915 } from "../../backends/drm/sick_trees.ts";

interface Report {
  pass: boolean;
  exitCode: number;
  assertions: {
    assertion: string;
    kind: string;
    pass: boolean;
    limit?: string;
    reason: string | null;
    observed: { deviceIndex: number | null; value: unknown; shown: string; pass: boolean }[];
  }[];
}

async function check(tree: SickTree | string[], gates: string[], json = true) {
  const args = Array.isArray(tree) ? tree : tree.args;
  try {
    return await runCli(["check", ...args, ...gates, ...(json ? ["--json"] : [])]);
  } finally {
    if (!Array.isArray(tree)) tree.dispose();
  }
}

async function report(tree: SickTree | string[], gates: string[]): Promise<Report> {
  const result = await check(tree, gates);
  const parsed = parseJsonOutput(result) as Report;
  assert.equal(result.code, parsed.exitCode, result.stderr);
  return parsed;
}

const SOUND = { errCounts: { umc: "ue: 0\nce: 3\n" }, badPages: "0x1 : 0x1000 : R\n" };

Deno.test("check health gates: all pass on a sound board (x16 of x16, no uncorrected errors)", async () => {
  const gates = [
    "--healthy-strict",
    "--max-ecc-errors",
    "0",
    "--max-retired-pages",
    "1",
    "--pcie-full-width",
  ];
  const out = await report(sickAmdgpu(SOUND), gates);
  assert.equal(out.pass, true, JSON.stringify(out));
  assert.deepEqual(out.assertions.map((a) => [a.assertion, a.pass]), [
    ["--healthy-strict", true],
    ["--max-ecc-errors 0", true],
    ["--max-retired-pages 1", true],
    ["--pcie-full-width", true],
  ]);
});

Deno.test("check --healthy: critical fails; a warning fails only --healthy-strict", async () => {
  const critical = await report(sickAmdgpu({ errCounts: { umc: "ue: 2\nce: 0\n" } }), [
    "--healthy",
  ]);
  assert.equal(critical.exitCode, 1);
  assert.equal(
    critical.assertions[0]?.observed[0]?.shown,
    "critical (limit: ok or warning): 2 uncorrected ECC errors since the driver loaded",
  );
  const warned = await report(sickAmdgpu({ width: 8 }), ["--healthy"]);
  assert.equal(warned.pass, true);
  const strict = await report(sickAmdgpu({ width: 8 }), ["--healthy-strict"]);
  assert.equal(strict.pass, false);
  assert.equal(strict.assertions[0]?.limit, "ok");
});

Deno.test("check --max-ecc-errors / --max-retired-pages fail above the limit", async () => {
  const ecc = await report(sickAmdgpu({ errCounts: { umc: "ue: 3\nce: 0\n" } }), [
    "--max-ecc-errors",
    "2",
  ]);
  assert.deepEqual(ecc.assertions[0]?.observed[0], {
    deviceIndex: 0,
    deviceId: "0000:03:00.0",
    value: 3,
    shown: "3 uncorrected (limit: at most 2)",
    pass: false,
  });
  const pages = await report(sickAmdgpu({ badPages: "0x1 : 0x1000 : R\n0x2 : 0x1000 : R\n" }), [
    "--max-retired-pages",
    "1",
  ]);
  assert.equal(pages.pass, false);
  assert.equal(pages.assertions[0]?.observed[0]?.value, 2);
});

Deno.test("check --pcie-full-width: x8 of x16 fails; the table line names device, value, limit", async () => {
  const result = await check(sickAmdgpu({ width: 8 }), ["--pcie-full-width"], false);
  assert.equal(result.code, 1, result.stderr);
  assert.match(result.stdout, /--pcie-full-width +0 +x8 of x16 \(limit: the max width\) +FAIL/);
});

Deno.test("check --not-throttled: power cap fails; none set passes", async () => {
  const capped = await report(throttledI915(["pl1"]), ["--not-throttled"]);
  assert.equal(capped.pass, false);
  assert.equal(capped.assertions[0]?.observed[0]?.value, "power-cap");
  const calm = await report(throttledI915([]), ["--not-throttled"]);
  assert.equal(calm.pass, true);
});

Deno.test("check: an unknown value fails with reason 'unknown' unless --allow-unknown", async () => {
  // The captured Vega has no ras/ directory and no throttle files: ECC and reasons unknown.
  const unknown = await report(drmFixtureArgs("amdgpu-discrete"), ["--max-ecc-errors", "0"]);
  assert.equal(unknown.pass, false);
  assert.equal(unknown.assertions[0]?.reason, "unknown for device 0");
  assert.equal(unknown.assertions[0]?.observed[0]?.shown, "unknown");
  const allowed = await report(drmFixtureArgs("amdgpu-discrete"), [
    "--max-ecc-errors",
    "0",
    "--not-throttled",
    "--allow-unknown",
  ]);
  assert.equal(allowed.pass, true);
  assert.deepEqual(allowed.assertions.map((a) => a.reason), [null, null]);
});

Deno.test("check: --allow-unknown alone is no assertion; a bad count is a usage error", async () => {
  await assertUsageError(
    ["check", ...drmFixtureArgs("amdgpu-discrete"), "--allow-unknown"],
    "check needs at least one assertion",
  );
  await assertUsageError(
    ["check", ...drmFixtureArgs("amdgpu-discrete"), "--max-ecc-errors=x"],
    "invalid value for --max-ecc-errors",
  );
});
