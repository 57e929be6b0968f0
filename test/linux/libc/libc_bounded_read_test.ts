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

/** The real libc, with its `pread` calls counted. */
function countingReader(): { reader: LibcBoundedReader; preads: () => number } {
  const libc = loadLibc();
  assert.ok(libc, "libc loads on this Linux test machine");
  let preads = 0;
  const counted = {
    ...libc,
    pread: (fd: number, buffer: Uint8Array, count: number, offset: number) => {
      preads++;
      return libc.pread(fd, buffer, count, offset);
    },
  };
  return { reader: new LibcBoundedReader(counted), preads: () => preads };
}

Deno.test("wholeInOneRead: a short read ends the file (one pread), a full one reads on", () => {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-libc-one-read-" });
  try {
    const small = join(dir, "small");
    Deno.writeTextFileSync(small, "Name:\tx\nVmRSS:\t 4 kB\n");
    const big = join(dir, "big");
    const bigText = "y".repeat(40_000) + "\n";
    Deno.writeTextFileSync(big, bigText);
    const { reader, preads } = countingReader();
    assert.equal(reader.readText(small, 4096, true), "Name:\tx\nVmRSS:\t 4 kB\n");
    assert.equal(preads(), 1, "the read that would return 0 is not made");
    assert.equal(reader.readText(small, 4096), "Name:\tx\nVmRSS:\t 4 kB\n");
    assert.equal(preads(), 3, "without it: read to the 0");
    // Past the 16 KiB scratch buffer: each read fills the room asked, so reading goes on.
    assert.equal(reader.readText(big, 64 * 1024, true), bigText);
    assert.equal(reader.readText(big, 40_000, true), OVER_CAP, "the cap still holds");
    assert.equal(reader.readText(join(dir, "missing"), 4096, true), null);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("wholeInOneRead on real procfs files: the same text as reading to the end", () => {
  const r = reader();
  for (const name of ["status", "stat", "comm", "cgroup"]) {
    const path = `/proc/${Deno.pid}/${name}`;
    const once = r.readText(path, 64 * 1024, true) as string;
    const whole = r.readText(path, 64 * 1024) as string;
    assert.ok(once.length > 0, name);
    // `stat` and `status` move between two reads (CPU ticks, memory); their first lines do not.
    assert.equal(once.split("\n")[0]!.split(" ")[0], whole.split("\n")[0]!.split(" ")[0], name);
    assert.ok(once.endsWith("\n"), `${name}: read to its end`);
  }
});
