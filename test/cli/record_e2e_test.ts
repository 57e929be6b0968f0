/** `gputop record` as a user runs it, over a DRM fixture tree; each line checked by the schema. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../support/run_cli.ts";
import { schemaValidator } from "../support/schema_validator.ts";
import { drmFixtureArgs } from "../linux/sysfs/fixture_tree.ts";

const RECORD = ["--interval", "100ms", "--duration", "1s", ...drmFixtureArgs("mixed-two-gpus")];

async function recordedLines(path: string): Promise<string[]> {
  const bytes = await Deno.readFile(path);
  const text = path.endsWith(".gz")
    ? await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")))
      .text()
    : new TextDecoder().decode(bytes);
  assert.ok(text.endsWith("\n"), "whole lines only");
  return text.trimEnd().split("\n");
}

Deno.test("gputop record: a second at 100ms gives whole JSON lines the schema accepts", async () => {
  const validate = await schemaValidator();
  const dir = await Deno.makeTempDir();
  try {
    for (const name of ["rec.jsonl", "rec.jsonl.gz"]) {
      const path = join(dir, name);
      const result = await runCli(["record", path, ...RECORD]);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stdout, "");
      const lines = await recordedLines(path);
      assert.match(result.stderr, new RegExp(`recorded ${lines.length} readings to `));
      assert.ok(lines.length >= 3, `only ${lines.length} lines`);
      for (const line of lines) {
        const { ok, errors } = validate(JSON.parse(line));
        assert.ok(ok, errors);
      }
      const stamps = lines.map((line) => Date.parse(JSON.parse(line).timestamp));
      assert.deepEqual(stamps, [...stamps].sort((a, b) => a - b));
      assert.match(lines[0]!, /"name":"Intel Kaby Lake/);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("gputop record: an unwritable FILE or a bad option is one line, no stack", async () => {
  const denied = await runCli(["record", "/nonexistent/dir/rec.jsonl", ...RECORD]);
  assert.equal(denied.code, 1);
  assert.match(denied.stderr, /^gputop: cannot write \/nonexistent\/dir\/rec\.jsonl: .*\n$/);
  const missing = await runCli(["record"]);
  assert.equal(missing.code, 2);
  assert.doesNotMatch(missing.stderr, /\n\s+at /);
  const tiny = await runCli(["record", "x.jsonl", "--max-size", "100"]);
  assert.equal(tiny.code, 2);
  assert.match(tiny.stderr, /--max-size: '100' \(at least 4KiB\)/);
});
