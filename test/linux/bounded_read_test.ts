/**
 * Bounded reads: a file is read through a handle up to its cap + 1 bytes, never whole; one
 * over the cap is OVER_CAP (null through `readTextOrNull`), one at the cap is read whole.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  capLabel,
  CMDLINE_CAP_BYTES,
  OVER_CAP,
  readBytesBounded,
  readTextBounded,
  VALUE_CAP_BYTES,
} from "../../src/linux/bounded_read.ts";
import { readBytesOrNull, readTextCapped, readTextOrNull } from "../../src/linux/read_file.ts";

function withTempDir(body: (dir: string) => void): void {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-bounded-" });
  try {
    body(dir);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

Deno.test("a file at the cap is read whole; one byte more is over the cap", () => {
  withTempDir((dir) => {
    const at = join(dir, "at-cap");
    const over = join(dir, "over-cap");
    Deno.writeTextFileSync(at, "a".repeat(VALUE_CAP_BYTES));
    Deno.writeTextFileSync(over, "a".repeat(VALUE_CAP_BYTES + 1));
    assert.equal(readTextBounded(at, VALUE_CAP_BYTES), "a".repeat(VALUE_CAP_BYTES));
    assert.equal(readTextBounded(over, VALUE_CAP_BYTES), OVER_CAP);
    assert.equal(readBytesBounded(over, VALUE_CAP_BYTES), OVER_CAP);
    assert.equal(readTextCapped(over, VALUE_CAP_BYTES), OVER_CAP);
    assert.equal(readTextOrNull(at)?.length, VALUE_CAP_BYTES);
    assert.equal(readTextOrNull(over), null, "over the default cap: unknown");
    assert.equal(readBytesOrNull(over), null);
    assert.equal(readTextOrNull(over, VALUE_CAP_BYTES + 1)?.length, VALUE_CAP_BYTES + 1);
  });
});

Deno.test("a sparse 1 GiB file is over the cap at once, not read whole", () => {
  withTempDir((dir) => {
    const huge = join(dir, "huge");
    Deno.writeFileSync(huge, new Uint8Array(0));
    Deno.truncateSync(huge, 1024 * 1024 * 1024);
    assert.equal(readTextCapped(huge, VALUE_CAP_BYTES), OVER_CAP);
    assert.equal(readTextCapped(huge, CMDLINE_CAP_BYTES), OVER_CAP);
  });
});

Deno.test("text is decoded like readTextFileSync: BOM kept, bad UTF-8 replaced", () => {
  withTempDir((dir) => {
    const path = join(dir, "odd");
    Deno.writeFileSync(path, new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0xff, 0x0a]));
    assert.equal(readTextOrNull(path), Deno.readTextFileSync(path));
    assert.equal(readTextOrNull(path), "\ufeffa\ufffd\n");
  });
});

Deno.test("reads of every size between the caps come back whole and unchanged", () => {
  withTempDir((dir) => {
    const path = join(dir, "sized");
    // Sizes around the growth steps of the shared buffer, and a smaller read after a large one.
    for (const size of [0, 1, 16383, 16384, 16385, 100_000, CMDLINE_CAP_BYTES, 3]) {
      const bytes = new Uint8Array(size).map((_, i) => (i * 7 + size) % 251);
      Deno.writeFileSync(path, bytes);
      assert.deepEqual(readBytesBounded(path, CMDLINE_CAP_BYTES), bytes, `size ${size}`);
    }
  });
});

Deno.test("missing files and directories are null, not OVER_CAP", () => {
  withTempDir((dir) => {
    assert.equal(readTextBounded(join(dir, "missing"), VALUE_CAP_BYTES), null);
    assert.equal(readTextBounded(dir, VALUE_CAP_BYTES), null);
  });
});

Deno.test("caps are labelled for people", () => {
  assert.equal(capLabel(VALUE_CAP_BYTES), "256 KiB");
  assert.equal(capLabel(CMDLINE_CAP_BYTES), "2 MiB");
});
