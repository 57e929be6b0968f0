/** The libc bounded reader: caps, a FIFO with a writer holding data, devices, odd paths. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { OVER_CAP } from "../../../src/linux/bounded_read.ts";
import { loadLibc } from "../../../src/linux/libc/libc_binding.ts";
import { LibcBoundedReader } from "../../../src/linux/libc/libc_bounded_read.ts";

function reader(): LibcBoundedReader {
  const libc = loadLibc();
  assert.ok(libc, "libc loads on this Linux test machine");
  return new LibcBoundedReader(libc);
}

Deno.test("reads a file whole up to the cap; past it OVER_CAP; the buffer grows", () => {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-libc-read-" });
  try {
    const file = join(dir, "big");
    const text = "x".repeat(40_000) + "é\n";
    Deno.writeTextFileSync(file, text);
    const r = reader();
    assert.equal(r.readText(file, 64 * 1024), text);
    assert.equal((r.readBytes(file, 64 * 1024) as Uint8Array).length, 40_003);
    assert.equal(r.readText(file, 40_002), OVER_CAP, "one byte over");
    assert.equal(r.readText(file, 40_003), text, "exactly at the cap");
    assert.equal(r.readText(join(dir, "missing"), 1024), null);
    assert.equal(r.readText(`${file}\u0000tail`, 1024), null, "a NUL in the path");
    const long = join(dir, "ü".repeat(100));
    Deno.writeTextFileSync(long, "wide path\n");
    assert.equal(r.readText(long, 1024), "wide path\n", "multi-byte path over the first buffer");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("a FIFO whose writer left data in it still reads as null (pread: ESPIPE)", () => {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-libc-fifo-" });
  try {
    const fifo = join(dir, "fifo");
    const made = new Deno.Command("mkfifo", { args: [fifo] }).outputSync();
    assert.equal(made.code, 0);
    // Opened read-write, a FIFO on Linux does not wait for a peer: this process is the writer.
    const writer = Deno.openSync(fifo, { read: true, write: true });
    try {
      writer.writeSync(new TextEncoder().encode("busy\n"));
      const start = performance.now();
      assert.equal(reader().readText(fifo, 1024), null);
      assert.ok(performance.now() - start < 1000, "no wait");
    } finally {
      writer.close();
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("a streaming device runs into the cap; an empty one reads empty", () => {
  const r = reader();
  assert.equal(r.readText("/dev/zero", 4096), OVER_CAP);
  assert.equal(r.readText("/dev/null", 4096), "", "empty: end of file at once");
});
