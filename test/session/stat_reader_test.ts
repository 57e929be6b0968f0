/**
 * The long-running enrichment's `stat` reader (`src/session/stat_reader.ts`) under the real
 * /proc: a known process's `stat` file stays open between samples (one more open fd), is closed
 * once the process is gone from a sample, and on the enricher's close. A plain tree keeps it
 * too (its directory watched by inotify, one more fd: a reused pid's new `stat` is read, so the
 * enricher sees the new process); `GPUTOP_SCAN=ops`, the reopen hook and a libc without `statx` keep none.
 */
import assert from "node:assert/strict";
import { ProcessEnricher } from "../../src/session/enrich_processes.ts";
import { statReaderFor } from "../../src/session/stat_reader.ts";
import { makeProcess } from "../render/snapshot_builder.ts";
import { withTempDir, withTempDirAsync } from "../support/temp_dir.ts";

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

Deno.test("stat reader: a plain tree keeps files unless GPUTOP_SCAN=ops, the hook, or no statx", () =>
  withTempDir((root) => {
    assert.equal(statReaderFor("/proc", { scan: "ops" }), null);
    Deno.mkdirSync(`${root}/7`);
    Deno.writeTextFileSync(`${root}/7/stat`, "7 (x) S 1\n");
    const before = openFds();
    for (const options of [{ reopenFiles: true }, { statx: null }]) {
      const reopening = statReaderFor(root, { scan: "auto", ...options })!;
      assert.equal(reopening.read(7), "7 (x) S 1\n");
      assert.equal(openFds(), before, `read and closed: ${JSON.stringify(options)}`);
    }
    const kept = statReaderFor(root, { scan: "auto" })!;
    kept.read(7);
    assert.equal(openFds(), before + 2, "kept by default: the file and the inotify fd");
    kept.close();
    assert.equal(openFds(), before);
  }));

Deno.test("stat reader, plain tree: a reused pid's stat is read from the new file", async () =>
  await withTempDirAsync(async (root) => {
    const statLine = (start: number, rssPages: number) =>
      `100 (app) S 1 100 100 0 -1 4194304 0 0 0 0 0 0 0 0 20 0 1 0 ${start} 4096 ${rssPages} 0\n`;
    const write = (start: number, rssPages: number) => {
      Deno.mkdirSync(`${root}/100`, { recursive: true });
      Deno.writeTextFileSync(`${root}/100/stat`, statLine(start, rssPages));
      Deno.writeTextFileSync(`${root}/100/comm`, `app${start}\n`);
      Deno.writeTextFileSync(`${root}/100/status`, `VmRSS:\t${rssPages * 4} kB\n`);
    };
    write(5000, 10);
    const enricher = new ProcessEnricher({
      procRoot: root,
      rescanIntervalMs: 2000,
      nowMs: () => 0,
      pageSizeBytes: 4096,
    });
    await enricher.prepare();
    const row = makeProcess({ pid: 100, source: "drm" });
    const before = openFds();
    assert.equal(enricher.enrich([row])[0]?.name, "app5000");
    assert.equal(openFds(), before + 2, "the stat file is kept (and its directory watched)");
    // The process exits and its pid is handed out again: a new directory, a new start time.
    Deno.removeSync(`${root}/100`, { recursive: true });
    write(6000, 20);
    const next = enricher.enrich([row])[0];
    assert.equal(next?.name, "app6000", "read in full again: the kept file was not used");
    assert.equal(next?.rssBytes, 20 * 4096);
    Deno.writeTextFileSync(`${root}/100/stat`, statLine(6000, 30)); // in place: kept file
    assert.equal(enricher.enrich([row])[0]?.rssBytes, 30 * 4096, "from the kept stat");
    enricher.close();
    assert.equal(openFds(), before);
  }));
