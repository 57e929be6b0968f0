import assert from "node:assert/strict";
import { parseSizeBytes } from "../../src/cli/parse_size.ts";
import { UsageError } from "../../src/platform/usage_error.ts";

Deno.test("parseSizeBytes() reads binary units, decimal units and plain bytes", () => {
  assert.equal(parseSizeBytes("SIZE", "24GiB"), 25769803776); // 24 × 1024³
  assert.equal(parseSizeBytes("SIZE", "500MB"), 500000000); // 500 × 1000²
  assert.equal(parseSizeBytes("SIZE", "1.5TB"), 1500000000000); // 1.5 × 1000⁴
  assert.equal(parseSizeBytes("SIZE", "1.5KiB"), 1536); // 1.5 × 1024
  assert.equal(parseSizeBytes("SIZE", "4096"), 4096);
  assert.equal(parseSizeBytes("SIZE", "16 gib"), 17179869184); // 16 × 1024³, case-blind
  assert.equal(parseSizeBytes("SIZE", "2TiB"), 2199023255552); // 2 × 1024⁴
  assert.equal(parseSizeBytes("SIZE", "0"), 0);
});

Deno.test("parseSizeBytes() refuses anything else, naming the flag and the accepted forms", () => {
  for (const bad of ["", "GiB", "24G", "24 GiBs", "-1GB", "1.5", "1e9", "24GiB free", "0x10"]) {
    assert.throws(() => parseSizeBytes("--min-free-memory", bad), (error: unknown) => {
      assert.ok(error instanceof UsageError, bad);
      assert.match(error.message, /--min-free-memory: '/);
      assert.match(error.message, /24GiB, 500MB, 1\.5TB/);
      assert.equal(error.message.includes("\n"), false);
      return true;
    });
  }
});
