/**
 * The long-running enrichment's `stat` reader (`src/session/stat_reader.ts`) under the real
 * /proc: a known process's `stat` file stays open between samples (one more open fd), is closed
 * once the process is gone from a sample, and on the enricher's close; `GPUTOP_SCAN=ops` and
 * a plain tree keep none.
 */
import assert from "node:assert/strict";
import { ProcessEnricher } from "../../src/session/enrich_processes.ts";
import { statReaderFor } from "../../src/session/stat_reader.ts";
import { makeProcess } from "../render/snapshot_builder.ts";
import { withTempDir } from "../support/temp_dir.ts";

const openFds = () => [...Deno.readDirSync("/proc/self/fd")].length;

Deno.test("stat reader: kept open while the process is in the samples, closed after", async () => {
  const enricher = new ProcessEnricher({
    procRoot: "/proc",
    rescanIntervalMs: 2000,
    nowMs: () => performance.now(),
  });
  await enricher.prepare();
  const row = makeProcess({ pid: Deno.pid, source: "drm" });
  const before = openFds();
  enricher.enrich([row]);
  enricher.enrich([row]);
  assert.equal(openFds(), before + 1, "one kept stat file");
  enricher.enrich([]);
  assert.equal(openFds(), before, "gone from the sample: closed");
  enricher.enrich([row]);
  assert.equal(openFds(), before + 1);
  enricher.close();
  assert.equal(openFds(), before, "closed with the session");
  assert.notEqual(enricher.enrich([row])[0]?.state, null, "reads on after close, reopening");
  enricher.close();
});

Deno.test("stat reader: none kept with GPUTOP_SCAN=ops or on a plain tree", () =>
  withTempDir((root) => {
    assert.equal(statReaderFor("/proc", { scan: "ops" }), null);
    Deno.mkdirSync(`${root}/7`);
    Deno.writeTextFileSync(`${root}/7/stat`, "7 (x) S 1\n");
    const plain = statReaderFor(root, { scan: "auto" })!;
    const before = openFds();
    assert.equal(plain.read(7), "7 (x) S 1\n");
    assert.equal(openFds(), before, "read and closed");
    const hooked = statReaderFor(root, { scan: "auto", keepOpenOnAnyFilesystem: true })!;
    hooked.read(7);
    assert.equal(openFds(), before + 1, "the bench hook keeps it");
    hooked.close();
    assert.equal(openFds(), before);
  }));
