/**
 * What start-up loads (README, Performance): `version` and `help` reach no backend, no session,
 * no npm package and no `node:` module (the first `node:` import costs ~10 ms); a one-shot
 * snapshot reaches the backend registry's descriptors but no backend module (each loads when a
 * session opens it), and no table renderer (string-width) when printing JSON.
 */
import assert from "node:assert/strict";
import { shortName, startupModules } from "../support/module_graph.ts";

async function loadedBy(...entries: string[]): Promise<string[]> {
  const all = new Set<string>();
  for (const entry of entries) for (const m of await startupModules(entry)) all.add(shortName(m));
  return [...all].sort();
}

const heavy = (name: string) =>
  name.startsWith("node:") || name.startsWith("npm:") || name.includes("zod") ||
  name.startsWith("src/session/") || name.startsWith("src/backends/") ||
  name.startsWith("src/render/") || name.startsWith("src/linux/");

/**
 * Leaves the options need, which import nothing at run time: the backend ids (--backends),
 * GPUTOP_LAZY_INIT's one reader, the default --rescan-interval.
 */
const LEAVES = ["src/session/backend_context.ts", "src/session/rescan_interval.ts"];

Deno.test("start-up: version and help load no backend, session, renderer, npm or node: module", async () => {
  const version = await loadedBy("src/main.ts", "src/cli/commands/version.ts");
  const help = await loadedBy("src/main.ts", "src/cli/commands/help.ts");
  for (const [path, modules] of [["version", version], ["help", help]] as const) {
    assert.ok(modules.includes("src/cli/registry.ts"), `${path}: the graph was read`);
    const unexpected = modules.filter((m) => heavy(m) && !LEAVES.includes(m));
    assert.deepEqual(unexpected, [], `${path} loads ${unexpected.join(", ")}`);
  }
});

Deno.test("start-up: a one-shot snapshot loads no backend module and no node: or npm module", async () => {
  const modules = await loadedBy("src/main.ts", "src/cli/commands/snapshot.ts");
  assert.ok(modules.includes("src/backends/mod.ts"), "the registry is loaded");
  assert.ok(modules.includes("src/backends/drm/info.ts"), "with each backend's info");
  // Each backend's info, and drm's answer where sysfs has no device entry (no_device.ts).
  const backendModules = modules.filter((m) =>
    /^src\/backends\/[^/]+\//.test(m) && !/\/info\.ts$|^src\/backends\/drm\/no_device\.ts$/.test(m)
  );
  assert.deepEqual(backendModules, [], `loads ${backendModules.join(", ")}`);
  const external = modules.filter((m) => m.startsWith("node:") || m.startsWith("npm:"));
  assert.deepEqual(external, [], `loads ${external.join(", ")}`);
  assert.ok(!modules.includes("src/render/snapshot_table.ts"), "no table renderer for --json");
});
