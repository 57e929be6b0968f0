/**
 * The session's enrichment loads only when a sample has a process (or a long-running session
 * prepares), and then gives exactly what the enricher itself gives.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { LazyProcessEnricher } from "../../src/session/lazy_enricher.ts";
import { processEnricherFor } from "../../src/session/enrich_processes.ts";
import { drmProcessRow as row } from "../support/drm_process_row.ts";
import { testContext } from "../support/backend_context.ts";

Deno.test("LazyProcessEnricher: one-shot, no process: nothing loads, no process comes back", async () => {
  const enricher = new LazyProcessEnricher(testContext());
  await enricher.prepare();
  assert.equal(enricher.loaded, false);
  assert.deepEqual(await enricher.enrich([]), []);
  assert.equal(enricher.loaded, false);
});

Deno.test("LazyProcessEnricher: a process loads it, and its rows are the enricher's own", async () => {
  const root = Deno.makeTempDirSync({ prefix: "gputop-lazy-enrich-" });
  try {
    const proc = join(root, "proc");
    Deno.mkdirSync(join(proc, "42"), { recursive: true });
    Deno.writeTextFileSync(join(proc, "42", "comm"), "app\n");
    Deno.writeTextFileSync(join(proc, "42", "cmdline"), "app\0--flag\0");
    Deno.writeTextFileSync(join(proc, "42", "status"), "Name:\tapp\nVmRSS:\t2048 kB\n");
    const ctx = testContext({ procRoot: proc, rootDir: root });
    const enricher = new LazyProcessEnricher(ctx);
    const rows = await enricher.enrich([row(42)]);
    assert.equal(enricher.loaded, true);
    assert.deepEqual(rows, processEnricherFor(ctx).enrich([row(42)]));
    assert.equal(rows[0]?.command, "app --flag");
    // Loaded once, it is called for an empty sample too (a long-running one forgets pids there).
    assert.deepEqual(await enricher.enrich([]), []);
  } finally {
    Deno.removeSync(root, { recursive: true });
  }
});

Deno.test("LazyProcessEnricher: a long-running session's prepare makes the enricher", async () => {
  const enricher = new LazyProcessEnricher(
    testContext({ rescanIntervalMs: 2000, env: { GPUTOP_SCAN: "ops" } }),
  );
  await enricher.prepare();
  assert.equal(enricher.loaded, true);
});
