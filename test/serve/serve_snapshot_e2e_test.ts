/**
 * `gputop serve`'s `/snapshot` and `/healthz` on a real subprocess over the amdgpu fixture:
 * the document validates against `gputop schema` and is `gputop --json --sample-window`'s of
 * the same tree (serve's readings after the first have two samples behind them, as a sample
 * window gives), timestamps aside; command lines only with `--expose-commands`.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { procRootOf, sysRootOf } from "../linux/sysfs/fixture_tree.ts";
import { parseJsonOutput, runCli } from "../support/run_cli.ts";
import { schemaValidator } from "../support/schema_validator.ts";
import { startServe } from "./serve_process.ts";

const SCENARIO = "amdgpu-discrete";
const TREE_ARGS = [
  "--backends",
  "drm",
  "--sys-root",
  sysRootOf(SCENARIO),
  "--proc-root",
  procRootOf(SCENARIO),
];

interface Document {
  timestamp: string;
  processes: { pid: number; name: string | null; command: string | null }[];
}

/** The fixture's own command line of PID: argv joined by spaces, as `ps` shows it. */
function fixtureCommandLine(pid: number): string {
  const raw = Deno.readTextFileSync(join(procRootOf(SCENARIO), String(pid), "cmdline"));
  return raw.split("\0").filter((arg) => arg !== "").join(" ");
}

/** /snapshot once it reflects a reading with two samples behind it (serve's second on). */
async function secondReading(port: number): Promise<Document> {
  const first = await fetch(`http://127.0.0.1:${port}/snapshot`);
  assert.equal(first.status, 200);
  assert.match(first.headers.get("content-type")!, /^application\/json/);
  const firstDocument = await first.json() as Document;
  for (let tries = 0; tries < 100; tries++) {
    const document = await (await fetch(`http://127.0.0.1:${port}/snapshot`)).json() as Document;
    if (document.timestamp !== firstDocument.timestamp) return document;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("serve made no second reading");
}

function withoutTimestamp(document: Document): Omit<Document, "timestamp"> {
  const { timestamp: _, ...rest } = document;
  return rest;
}

Deno.test("gputop serve /snapshot: schema-valid, gputop --json's document, commands exposed", async () => {
  const serve = await startServe(["--interval", "100ms", "--expose-commands", ...TREE_ARGS], {});
  try {
    const served = await secondReading(serve.port);
    const validate = await schemaValidator();
    const verdict = validate(served);
    assert.ok(verdict.ok, verdict.errors);
    const cli = await runCli(["--json", "--sample-window", "200ms", ...TREE_ARGS]);
    assert.equal(cli.code, 0, cli.stderr);
    const oneShot = parseJsonOutput(cli) as Document;
    assert.deepEqual(withoutTimestamp(served), withoutTimestamp(oneShot));
    assert.ok(served.processes.length >= 2);
    for (const process of served.processes) {
      assert.equal(process.command, fixtureCommandLine(process.pid), `pid ${process.pid}`);
    }
  } finally {
    assert.equal((await serve.stop()).code, 143);
  }
});

Deno.test("gputop serve /snapshot: without --expose-commands every command is null, names kept", async () => {
  const serve = await startServe(TREE_ARGS, {});
  try {
    const response = await fetch(`http://127.0.0.1:${serve.port}/snapshot`);
    assert.equal(response.status, 200);
    const text = await response.text();
    const served = JSON.parse(text) as Document;
    assert.ok((await schemaValidator())(served).ok);
    assert.deepEqual(
      served.processes.map((p) => [p.name, p.command]),
      served.processes.map((p) => [fixtureCommandLine(p.pid).split(" ")[0], null]),
    );
    // nowhere else in the document either, nor in the metrics
    assert.ok(!text.includes("train.py"), "command line leaked into /snapshot");
    const metrics = await (await fetch(`http://127.0.0.1:${serve.port}/metrics`)).text();
    assert.ok(!metrics.includes("train.py"), "command line leaked into /metrics");
    assert.match(metrics, /comm="python3"/);
    const health = await fetch(`http://127.0.0.1:${serve.port}/healthz`);
    assert.deepEqual([health.status, await health.text()], [200, "ok\n"]);
    const head = await fetch(`http://127.0.0.1:${serve.port}/snapshot`, { method: "HEAD" });
    assert.equal(head.status, 200);
    assert.equal(Number(head.headers.get("content-length")), new TextEncoder().encode(text).length);
  } finally {
    assert.equal((await serve.stop()).code, 143);
  }
});
