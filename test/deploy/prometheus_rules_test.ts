/**
 * deploy/prometheus/rules.yml: valid for the real `promtool` (`check rules`), its unit tests
 * pass (`promtool test rules rules_test.yml`), every alert the issue names is there with a
 * test that shows it firing, and every metric it reads is one the exporter emits (or a
 * recording rule of the file, or Prometheus' own `up`). promtool missing is a failure.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { programPath } from "../support/require_program.ts";
import { REPO_ROOT, runCommand } from "../support/run_cli.ts";
import { withTempDirAsync } from "../support/temp_dir.ts";
import { parseYaml } from "../support/yaml.ts";
import { exporterMetricNames, metricNamesIn } from "./exporter_families.ts";

const RULES_DIR = join(REPO_ROOT, "deploy", "prometheus");

interface Rule {
  record?: string;
  alert?: string;
  expr: string;
  for?: string;
}

function promtool(): string {
  const path = programPath("promtool");
  if (path === null) throw new Error("promtool is not installed; .ci/run installs it (prometheus)");
  return path;
}

function rules(): Rule[] {
  const file = parseYaml(Deno.readTextFileSync(join(RULES_DIR, "rules.yml"))) as {
    groups: { rules: Rule[] }[];
  };
  return file.groups.flatMap((group) => group.rules);
}

Deno.test("deploy/prometheus/rules.yml: promtool check rules and promtool test rules pass", async () => {
  const tool = promtool();
  const check = await runCommand(tool, ["check", "rules", "rules.yml"], { cwd: RULES_DIR });
  assert.equal(check.code, 0, check.stdout + check.stderr);
  const test = await runCommand(tool, ["test", "rules", "rules_test.yml"], { cwd: RULES_DIR });
  assert.equal(test.code, 0, test.stdout + test.stderr);
  assert.match(test.stdout, /SUCCESS/);
});

Deno.test("deploy/prometheus rule tests fail when a rule changes (they can fail)", async () => {
  const tool = promtool();
  await withTempDirAsync(async (dir) => {
    const original = Deno.readTextFileSync(join(RULES_DIR, "rules.yml"));
    // throttled for 1 minute instead of 10: the test's "not yet at 9m" case must catch it
    const changed = original.replace(
      "expr: gputop:device_throttled == 1\n        for: 10m",
      "expr: gputop:device_throttled == 1\n        for: 1m",
    );
    assert.notEqual(changed, original);
    Deno.writeTextFileSync(join(dir, "rules.yml"), changed);
    Deno.copyFileSync(join(RULES_DIR, "rules_test.yml"), join(dir, "rules_test.yml"));
    const test = await runCommand(tool, ["test", "rules", "rules_test.yml"], { cwd: dir });
    assert.notEqual(test.code, 0, test.stdout);
    assert.match(test.stdout + test.stderr, /GputopDeviceThrottled/);
  });
});

Deno.test("deploy/prometheus/rules.yml: the issue's alerts, each shown firing by a test", () => {
  const alerts = new Map(rules().filter((r) => r.alert).map((r) => [r.alert!, r]));
  for (
    const name of [
      "GputopExporterDown",
      "GputopDeviceCritical",
      "GputopUncorrectedEccErrors",
      "GputopDeviceThrottled",
      "GputopMemoryNearlyFull",
      "GputopDeviceLost",
    ]
  ) assert.ok(alerts.has(name), name);
  assert.equal(
    alerts.get("GputopDeviceThrottled")!.for,
    "10m",
    "throttled for more than 10 minutes",
  );
  const tests = parseYaml(Deno.readTextFileSync(join(RULES_DIR, "rules_test.yml"))) as {
    tests: { alert_rule_test?: { alertname: string; exp_alerts: unknown[] }[] }[];
  };
  const shownFiring = new Set(
    tests.tests.flatMap((t) => t.alert_rule_test ?? []).filter((a) => a.exp_alerts.length > 0)
      .map((a) => a.alertname),
  );
  assert.deepEqual([...alerts.keys()].filter((name) => !shownFiring.has(name)), []);
});

Deno.test("deploy/prometheus/rules.yml: every metric it reads is one the exporter emits", () => {
  const all = rules();
  const known = new Set([
    ...exporterMetricNames(),
    ...all.flatMap((r) => r.record ? [r.record] : []),
    "up",
  ]);
  for (const rule of all) {
    const { names, namePatterns } = metricNamesIn(rule.expr);
    assert.ok(names.length + namePatterns.length > 0, `no metric found in ${rule.expr}`);
    for (const name of names) assert.ok(known.has(name), `${name} in ${rule.expr}`);
    for (const pattern of namePatterns) {
      assert.ok([...exporterMetricNames()].some((name) => pattern.test(name)), String(pattern));
    }
  }
});
