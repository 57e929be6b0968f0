/**
 * README.md stands alone and stays true to the code: no links out of the repository, every
 * JSON key documented, and the backends table and `gputop help` name exactly the registry's
 * backends (so a backend added to src/backends/mod.ts fails here until both mention it).
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { BACKENDS } from "../../src/backends/mod.ts";
import { helpText } from "../../src/cli/help.ts";
import { COMMANDS } from "../../src/cli/registry.ts";
import { APP_QUERY_FIELDS } from "../../src/render/nvsmi_query/app_fields.ts";
import { GPU_QUERY_FIELDS } from "../../src/render/nvsmi_query/gpu_fields.ts";
import {
  BackendStatusSchema,
  DeviceSchema,
  HostEntrySchema,
  OutputSnapshotSchema,
  ProcessSchema,
  SnapshotSchema,
} from "../../src/model/schema.ts";
import { runCli } from "../support/run_cli.ts";

const README = Deno.readTextFileSync(fileURLToPath(new URL("../../README.md", import.meta.url)));
const REGISTRY_IDS = BACKENDS.map((backend) => backend.id);

/** The text from a `## title` heading to the next `## ` heading. */
function section(title: string): string {
  const start = README.indexOf(`\n## ${title}`);
  assert.ok(start >= 0, `README has a "## ${title}" section`);
  const end = README.indexOf("\n## ", start + 1);
  return README.slice(start, end === -1 ? undefined : end);
}

Deno.test("README links and paths stay inside the repository", () => {
  const links = [...README.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1] ?? "");
  for (const link of links) {
    assert.ok(/^(?:https?:|#)/.test(link) || !link.startsWith(".."), `link ${link}`);
  }
  for (const outside of ["../", "/work/", "shared/"]) {
    assert.ok(!README.includes(outside), `README mentions ${outside}`);
  }
});

Deno.test("README documents every key of the JSON output", () => {
  const json = section("JSON");
  const shapes = {
    snapshot: SnapshotSchema.shape,
    backend: BackendStatusSchema.shape,
    device: DeviceSchema.shape,
    process: ProcessSchema.shape,
    // The keys --hosts adds: `host` on backends, devices, processes; `hosts[]`.
    output: OutputSnapshotSchema.shape,
    outputDevice: OutputSnapshotSchema.shape.devices.element.shape,
    host: HostEntrySchema.shape,
  };
  for (const [shape, keys] of Object.entries(shapes)) {
    for (const key of Object.keys(keys)) {
      const documented = json.includes(`\`${key}\``) || json.includes(`\`${key}[]\``);
      assert.ok(documented, `${shape} key ${key} is not documented in README`);
    }
  }
});

Deno.test("README's query field tables list exactly gputop query's fields, in order", () => {
  // A field row: names in the first cell, what no value prints in the last.
  const rows = section("nvidia-smi's query interface").split("\n")
    .filter((line) => /^\| `[^`]+`.*\| `\[N\/A\]` +\|$/.test(line))
    .map((line) => [...(line.split("|")[1] ?? "").matchAll(/`([^`]+)`/g)].map((m) => m[1]));
  const tables = [GPU_QUERY_FIELDS, APP_QUERY_FIELDS].flatMap((fields) =>
    fields.map((field) => [field.name, ...field.aliases])
  );
  assert.deepEqual(rows, tables);
});

Deno.test("README's backends table lists exactly the registry's backends, in order", () => {
  const rows = section("Backends").split("\n").filter((line) => /^\| `[^`]+` /.test(line));
  const ids = rows.map((row) => /^\| `([^`]+)` /.exec(row)?.[1]);
  assert.deepEqual(ids, REGISTRY_IDS);
});

Deno.test("help's --backends list is the registry's, in the text and from the CLI", async () => {
  const listed = (text: string) => {
    const match = /--backends LIST\s+only these backends \(([^)]*)\)/.exec(text);
    assert.ok(match, "help has the --backends line");
    return (match[1] ?? "").split(",").map((id) => id.trim());
  };
  assert.deepEqual(listed(helpText(COMMANDS)), REGISTRY_IDS);
  const result = await runCli(["help"]);
  assert.equal(result.code, 0, result.stderr);
  assert.deepEqual(listed(result.stdout), REGISTRY_IDS);
});
