import assert from "node:assert/strict";
import { join } from "node:path";
import { RecordFile, rotatedPath } from "../../../src/cli/record/record_file.ts";

async function gunzip(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return await new Response(stream).text();
}

/** What a reader gets from a gzip file that is still being written (no trailer yet). */
async function gunzipPartial(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const stream = new DecompressionStream("gzip");
  const writer = stream.writable.getWriter();
  void writer.write(bytes).catch(() => {});
  const { value } = await stream.readable.getReader().read();
  return new TextDecoder().decode(value);
}

Deno.test("RecordFile: gzip, each line readable before the file is closed", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, "rec.jsonl.gz");
    const file = await RecordFile.open(path, null);
    await file.writeLine('{"n":1}\n');
    assert.equal(await gunzipPartial(await Deno.readFile(path)), '{"n":1}\n');
    await file.writeLine('{"n":2}\n');
    await file.close();
    assert.equal(await gunzip(await Deno.readFile(path)), '{"n":1}\n{"n":2}\n');
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("RecordFile: --max-size moves a full file to FILE.1, each file whole", async () => {
  const dir = await Deno.makeTempDir();
  try {
    for (const name of ["rec.jsonl", "rec.jsonl.gz"]) {
      const path = join(dir, name);
      const file = await RecordFile.open(path, 4096);
      // Random hex pads: gzip cannot squeeze them below half, so the gzip file fills too.
      const pad = () =>
        [...crypto.getRandomValues(new Uint8Array(750))].map((b) => b.toString(16).padStart(2, "0"))
          .join("");
      const line = (n: number) => `{"n":${n},"pad":"${pad()}"}\n`;
      for (let n = 0; n < 7; n++) await file.writeLine(line(n));
      await file.close();
      const read = async (p: string) =>
        name.endsWith(".gz") ? await gunzip(await Deno.readFile(p)) : await Deno.readTextFile(p);
      const all = (await read(rotatedPath(path))) + (await read(path));
      const numbers = all.trimEnd().split("\n").map((l) => JSON.parse(l).n);
      // Plain: 3 lines of 1,510 bytes reach 4096, so 0-2 → .1, 3-5 → .1 again, 6 stays.
      // gzip: some lines a file; whatever the split, the newest run is whole and in order.
      if (name.endsWith(".gz")) {
        const current = (await read(path)).trimEnd().split("\n").length;
        assert.ok(current < numbers.length, `nothing was rotated: ${numbers}`);
        assert.deepEqual(numbers, numbers.map((_, i) => 7 - numbers.length + i));
      } else assert.deepEqual(numbers, [3, 4, 5, 6]);
    }
    assert.equal(rotatedPath("a/rec.jsonl.gz"), "a/rec.jsonl.1.gz");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
