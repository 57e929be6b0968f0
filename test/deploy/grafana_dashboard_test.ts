/**
 * deploy/grafana/gputop.json: every PromQL expression in it (panel targets and the host
 * variable's query) is checked by the real `promtool`: written as recording rules into a
 * generated rule file, Grafana's variables replaced by values, then `promtool check rules`.
 * Every metric they read is one the exporter emits. promtool missing is a failure.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { programPath } from "../support/require_program.ts";
import { REPO_ROOT, runCommand } from "../support/run_cli.ts";
import { withTempDirAsync } from "../support/temp_dir.ts";
import { exporterMetricNames, metricNamesIn } from "./exporter_families.ts";

const DASHBOARD = join(REPO_ROOT, "deploy", "grafana", "gputop.json");

interface Panel {
  type: string;
  title: string;
  targets?: { expr: string }[];
}

function dashboard(): { panels: Panel[]; templating: { list: Record<string, unknown>[] } } {
  return JSON.parse(Deno.readTextFileSync(DASHBOARD));
}

/** Every `expr` anywhere in the dashboard (rows nest panels), in document order. */
function allExprs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allExprs);
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === "expr" && typeof item === "string" ? [item] : allExprs(item)
  );
}

/** The host variable's query, `label_values(SELECTOR, LABEL)`, as the selector alone. */
function variableSelectors(): string[] {
  return dashboard().templating.list.flatMap((variable) => {
    const definition = variable.definition;
    if (typeof definition !== "string") return [];
    const match = /^label_values\((.+),\s*\w+\)$/.exec(definition);
    assert.ok(match, `an unknown variable query: ${definition}`);
    return [match[1]!];
  });
}

/** Grafana's variables as a query would get them. */
function substituted(expr: string): string {
  return expr
    .replaceAll(/\$\{?instance\}?/g, ".*")
    .replaceAll(/\$\{?__rate_interval\}?/g, "5m")
    .replaceAll(/\$\{?__interval\}?/g, "1m");
}

/** A rule file that records each expression: promtool parses every one. */
function ruleFile(exprs: readonly string[]): string {
  const rules = exprs.map((expr, i) => ({
    record: `dashboard:expr_${i}`,
    expr: substituted(expr),
  }));
  return JSON.stringify({ groups: [{ name: "dashboard", rules }] }, null, 2); // JSON is YAML
}

async function promtoolCheck(dir: string, exprs: readonly string[]) {
  const promtool = programPath("promtool");
  if (promtool === null) throw new Error("promtool is not installed; .ci/run installs it");
  const path = join(dir, "dashboard_rules.yml");
  Deno.writeTextFileSync(path, ruleFile(exprs));
  return await runCommand(promtool, ["check", "rules", path]);
}

Deno.test("deploy/grafana/gputop.json: promtool accepts every expression", async () => {
  const exprs = [...allExprs(dashboard()), ...variableSelectors()];
  assert.ok(exprs.length >= 20, `only ${exprs.length} expressions found`);
  await withTempDirAsync(async (dir) => {
    const check = await promtoolCheck(dir, exprs);
    assert.equal(check.code, 0, check.stdout + check.stderr);
    assert.match(check.stdout, new RegExp(`SUCCESS: ${exprs.length} rules found`));
    // the check can fail: one broken expression among them is refused
    const broken = await promtoolCheck(dir, [...exprs, "sum(gputop_device_power_watts"]);
    assert.notEqual(broken.code, 0);
  });
});

Deno.test("deploy/grafana/gputop.json: every metric it reads is one the exporter emits", () => {
  const known = new Set([...exporterMetricNames(), "up"]);
  for (const expr of [...allExprs(dashboard()), ...variableSelectors()]) {
    const { names, namePatterns } = metricNamesIn(substituted(expr));
    assert.ok(names.length + namePatterns.length > 0, `no metric found in ${expr}`);
    for (const name of names) assert.ok(known.has(name), `${name} in ${expr}`);
    for (const pattern of namePatterns) {
      assert.ok([...known].some((name) => pattern.test(name)), `${pattern} in ${expr}`);
    }
  }
});

Deno.test("deploy/grafana/gputop.json: fleet, per-host devices, per-process and per-pod memory", () => {
  const panels = dashboard().panels;
  const rows = panels.filter((p) => p.type === "row").map((p) => p.title);
  assert.deepEqual(rows, ["Fleet overview", "Devices of $instance", "Processes and pods"]);
  const exprs = allExprs(panels).join("\n");
  assert.match(exprs, /gputop_process_gpu_memory_bytes\{[^}]*instance=~"\$instance"/);
  assert.match(exprs, /sum by \(namespace, pod\) \(gputop_pod_gpu_memory_bytes/);
  assert.match(exprs, /gputop_device_memory_free_bytes/);
  // every panel has a place on the grid and ids are unique, as Grafana needs
  const ids = panels.map((p) => (p as unknown as { id: number }).id);
  assert.equal(new Set(ids).size, ids.length);
});
