/**
 * What start-up loads (README, Performance). Each module costs ~0.1–0.2 ms to load whatever its
 * size, so these tests hold each path to what it needs:
 * - `main.ts` alone (`gputop version` / `--version` and nothing else, answered there): no parser,
 *   no command entry, a handful of modules;
 * - `main.ts` and `cli/run.ts` (every other command, `import()`ed at once): the parser, the
 *   shared options, the default command's entry (and `version`'s, which imports nothing);
 *   no other command's entry or option specs, no registry, no device-field tables, no error
 *   messages of misplaced options, no `--hosts` reader;
 * - `version` and `help`: no backend, session, renderer, npm or `node:` module (the first
 *   `node:` import costs ~10 ms);
 * - the one-shot snapshot (`gputop --json --backends drm`): the backend registry's descriptors
 *   and drm's no-device answer but no backend module (each loads when a session opens it, and
 *   drm's not at all where sysfs lists no device), no table renderer, no other command's entry
 *   or specs, no process enrichment (loaded when a sample has a process), no merge, number guard
 *   or health rules (loaded when a sample has a reading), no device or process filter (`-i`,
 *   `--container`, `--pod`, `--user` only), no libc binding, no fleet reading (`--hosts` only),
 *   no zod.
 * The module counts are ceilings: a change that needs more should show, measured with
 * `deno task bench --quick "--only=whole processes"`, that start-up still meets its targets.
 */
import assert from "node:assert/strict";
import { shortName, startupModules } from "../support/module_graph.ts";

async function loadedBy(...entries: string[]): Promise<string[]> {
  const all = new Set<string>();
  for (const entry of entries) for (const m of await startupModules(entry)) all.add(shortName(m));
  return [...all].sort();
}

/** The modules of `list` that `forbidden` matches, for a message that names them. */
function matching(list: string[], forbidden: (name: string) => boolean): string[] {
  return list.filter(forbidden);
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

/** Another command's entry or option specs, or the list of every command. */
const otherCommands = (name: string) =>
  name === "src/cli/registry.ts" ||
  (name.startsWith("src/cli/entries/") &&
    ![
      "src/cli/entries/snapshot.ts",
      "src/cli/entries/one_shot_reading.ts",
      "src/cli/entries/version.ts",
    ].includes(name)) ||
  /^src\/cli\/(check|query|record|watch|fit)\//.test(name) ||
  ["src/cli/live_options.ts", "src/cli/serve_options.ts", "src/cli/parse_size.ts"].includes(name);

/** Most modules main.ts loads statically (6 when this was written). */
const VERSION_MODULES_MAX = 6;
/** Most modules main.ts and cli/run.ts load statically (25 when this was written). */
const MAIN_MODULES_MAX = 25;
/** What every command but a plain `version` loads before its own entry. */
const EVERY_COMMAND = ["src/main.ts", "src/cli/run.ts"];

Deno.test("start-up: `gputop version` alone loads main.ts's few modules: no parser, no entry", async () => {
  const modules = await loadedBy("src/main.ts");
  const cli = matching(
    modules,
    (m) => m.startsWith("src/cli/") && m !== "src/cli/commands/version.ts",
  );
  assert.deepEqual(cli, [], `main.ts loads ${cli.join(", ")}`);
  const unexpected = modules.filter((m) => heavy(m));
  assert.deepEqual(unexpected, [], `main.ts loads ${unexpected.join(", ")}`);
  assert.ok(
    modules.length <= VERSION_MODULES_MAX,
    `main.ts loads ${modules.length} modules, more than ${VERSION_MODULES_MAX}`,
  );
});
/** Most modules the one-shot snapshot adds to them (40 when this was written: 39, and
 * cli/closing_in_flight.ts, which main.ts no longer loads for `version`). */
const SNAPSHOT_MODULES_MAX = 40;

Deno.test("start-up: the CLI loads the default command's entry (and version's) only, no device-field tables", async () => {
  const modules = await loadedBy(...EVERY_COMMAND);
  assert.ok(modules.includes("src/cli/entries/snapshot.ts"), "the default command's entry");
  const others = matching(modules, otherCommands);
  assert.deepEqual(others, [], `main.ts loads ${others.join(", ")}`);
  const tables = matching(modules, (m) => /^src\/model\/(schema_ids|device_fields)\.ts$/.test(m));
  assert.deepEqual(tables, [], `main.ts loads ${tables.join(", ")}`);
  // The messages of misplaced options, and --hosts' reader: only when given.
  const rare = matching(modules, (m) => /^src\/cli\/(option_errors|fleet_options)\.ts$/.test(m));
  assert.deepEqual(rare, [], `main.ts loads ${rare.join(", ")}`);
  assert.ok(
    modules.length <= MAIN_MODULES_MAX,
    `main.ts and cli/run.ts load ${modules.length} modules, more than ${MAIN_MODULES_MAX}`,
  );
});

Deno.test("start-up: version and help load no backend, session, renderer, npm or node: module", async () => {
  const version = await loadedBy(...EVERY_COMMAND, "src/cli/commands/version.ts");
  const help = await loadedBy(...EVERY_COMMAND, "src/cli/registry.ts", "src/cli/commands/help.ts");
  assert.ok(!version.includes("src/cli/registry.ts"), "version: no registry");
  assert.ok(help.includes("src/cli/entries/watch.ts"), "help: every entry");
  for (const [path, modules] of [["version", version], ["help", help]] as const) {
    const unexpected = modules.filter((m) => heavy(m) && !LEAVES.includes(m));
    assert.deepEqual(unexpected, [], `${path} loads ${unexpected.join(", ")}`);
  }
});

Deno.test("start-up: a one-shot snapshot loads no backend module and no node: or npm module", async () => {
  const modules = await loadedBy(...EVERY_COMMAND, "src/cli/commands/snapshot.ts");
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

Deno.test("start-up: the one-shot snapshot loads only what --json on a machine without a GPU needs", async () => {
  const main = await loadedBy(...EVERY_COMMAND);
  const modules = await loadedBy(...EVERY_COMMAND, "src/cli/commands/snapshot.ts");
  const notNeeded = (m: string) =>
    otherCommands(m) ||
    (m.startsWith("src/render/") && m !== "src/render/json.ts") ||
    m === "src/model/schema.ts" || m.includes("zod") ||
    m === "src/session/enrich_processes.ts" || m.startsWith("src/linux/cgroup/") ||
    /^src\/model\/(merge|sanitize_snapshot|device_health|device_filter|process_filter)\.ts$/
      .test(m) ||
    ["process_info", "process_times", "user_names", "pod_logs", "read_file"]
      .some((name) => m === `src/linux/${name}.ts`) ||
    m.startsWith("src/linux/libc/") || m.startsWith("src/linux/fdinfo/") ||
    m.startsWith("src/ffi/") || m.startsWith("src/fleet/") ||
    [
      "src/cli/read_fleet.ts",
      "src/cli/fleet_options.ts",
      "src/fleet/host_target.ts",
      "src/serve/bearer_token.ts",
      "src/cli/option_errors.ts",
      "src/cli/command_cut.ts",
      "src/cli/help.ts",
    ].includes(m);
  const unexpected = matching(modules, notNeeded);
  assert.deepEqual(unexpected, [], `the one-shot snapshot loads ${unexpected.join(", ")}`);
  const added = modules.length - main.length;
  assert.ok(
    added <= SNAPSHOT_MODULES_MAX,
    `the snapshot command adds ${added} modules, more than ${SNAPSHOT_MODULES_MAX}`,
  );
});
