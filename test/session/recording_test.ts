import assert from "node:assert/strict";
import { join } from "node:path";
import { renderJsonLine } from "../../src/render/json.ts";
import { parseRecording, readRecording, recordedIntervalMs } from "../../src/session/recording.ts";
import { makeDevice, makeSnapshot } from "../render/snapshot_builder.ts";

const line = (second: number) =>
  renderJsonLine(makeSnapshot({
    timestamp: `2025-06-01T12:00:0${second}.000Z`,
    devices: [makeDevice({ utilizationPercent: second * 10 })],
  }));

Deno.test("parseRecording: garbage, another schema version and a cut-off last line are counted", () => {
  const other = line(2).replace('"schemaVersion":1', '"schemaVersion":2');
  const text = [line(0), "not json", "", other, '{"timestamp":"x"}', line(1), line(3).slice(0, 40)]
    .join("\n");
  const { snapshots, skipped } = parseRecording(text);
  assert.deepEqual(snapshots.map((s) => s.timestamp.slice(17, 19)), ["00", "01"]);
  assert.equal(skipped, 4, "not json, version 2, not a reading, the cut-off line; blank not");
  assert.equal(snapshots[1]!.devices[0]!.utilizationPercent, 10);
});

/** gzip output of each line, flushed, as `gputop record` writes them; the stream never ended. */
async function flushedGzipChunks(lines: string[]): Promise<Uint8Array[]> {
  const stream = new CompressionStream("gzip");
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  for (const text of lines) {
    void writer.write(new TextEncoder().encode(text));
    chunks.push((await reader.read()).value!);
  }
  return chunks;
}

Deno.test("readRecording: a gzip stream cut off by a crash gives the lines it holds", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const chunks = await flushedGzipChunks([line(0), line(1), line(2)]);
    const path = join(dir, "cut.jsonl.gz");
    // The crash came after the third line was flushed: no gzip trailer.
    await Deno.writeFile(path, new Uint8Array(chunks.flatMap((c) => [...c])));
    const whole = await readRecording(path);
    assert.deepEqual([whole.snapshots.length, whole.skipped], [3, 0]);
    // The crash came while the third line was written: part of its block reached the disk.
    const third = chunks[2]!;
    const partial = [...chunks[0]!, ...chunks[1]!, ...third.slice(0, third.length / 2)];
    await Deno.writeFile(path, new Uint8Array(partial));
    const cut = await readRecording(path);
    assert.equal(cut.snapshots.length, 2);
    assert.ok(cut.skipped <= 1);
    await Deno.writeTextFile(join(dir, "plain"), line(0) + "garbage\n" + line(1).slice(0, 30));
    const plain = await readRecording(join(dir, "plain"));
    assert.deepEqual([plain.snapshots.length, plain.skipped], [1, 2]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("recordedIntervalMs: the median gap, 1 s with one reading", () => {
  const at = (t: string) => makeSnapshot({ timestamp: `2025-06-01T12:00:${t}Z` });
  assert.equal(recordedIntervalMs([at("00.000"), at("00.500"), at("01.000"), at("05.000")]), 500);
  assert.equal(recordedIntervalMs([at("00.000")]), 1000);
});
