/**
 * parseFdinfoBytes (the libc scan's parser) against parseFdinfo of the decoded text: the same
 * result on every verbatim capture, on hand-picked edge lines (non-ASCII whitespace, a BOM,
 * invalid UTF-8, CR, long lines, colons in values), and on generated text and raw bytes, one key
 * cache shared by all of them (as one reader shares it across files).
 */
import assert from "node:assert/strict";
import fc from "../../support/fast_check.ts";
import { parseFdinfo } from "../../../src/linux/fdinfo/parse_fdinfo.ts";
import { FdinfoLineCache, parseFdinfoBytes } from "../../../src/linux/fdinfo/parse_fdinfo_bytes.ts";
import { CAPTURES_DIR } from "./captures.ts";

const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const encoder = new TextEncoder();
const keys = new FdinfoLineCache();

/** Both parsers on `bytes`, the bytes given inside a larger buffer with stale bytes after. */
function assertSameParse(bytes: Uint8Array, label: string): void {
  const buffer = new Uint8Array(bytes.length + 16).fill(58); // ':' past the end must not count
  buffer.set(bytes);
  assert.deepEqual(
    parseFdinfoBytes(buffer, bytes.length, keys),
    parseFdinfo(decoder.decode(bytes)),
    label,
  );
}

Deno.test("parseFdinfoBytes: every capture parses as parseFdinfo parses its text", () => {
  let files = 0;
  for (const dir of Deno.readDirSync(CAPTURES_DIR)) {
    if (!dir.isDirectory) continue;
    for (const entry of Deno.readDirSync(CAPTURES_DIR + dir.name)) {
      const bytes = Deno.readFileSync(`${CAPTURES_DIR}${dir.name}/${entry.name}`);
      assertSameParse(bytes, `${dir.name}/${entry.name}`);
      // Read twice: the second parse takes its keys from the cache.
      assertSameParse(bytes, `${dir.name}/${entry.name} (cached keys)`);
      files++;
    }
  }
  assert.ok(files >= 10, `only ${files} captures found`);
});

Deno.test("parseFdinfoBytes: edge lines read as the text parser reads them", () => {
  const texts = [
    "drm-driver:\tamdgpu\ndrm-client-id:\t7\ndrm-resident-vram:\t4 KiB\n",
    "\uFEFFdrm-driver: x\ndrm-client-id: 1\n", // a BOM kept on the first key
    "drm-driver: x\r\ndrm-total-vram: 12 MiB\r\n",
    "drm-driver:\u00a0x\n\u00a0drm-client-id: 3\u2003\n", // Unicode whitespace at either end
    "drm-driver: ümlaut\ndrm-client-name: naïve\n",
    "drm-driver: x\ndrm-client-name: a:b:c\n  : no key\nno colon\n\n   \n",
    `drm-driver: x\n${"k".repeat(5000)}: 1\ndrm-client-id: 9`, // a line past the limit, no final \n
    `drm-driver: x\n${"é".repeat(2100)}: 1\n`, // 4,200 bytes but 2,100 chars: not over the limit
    "pdev:\t0000:03:00.0\npasid:\t32770\nvram mem:\t1024 kB\ngfx0:\t70.59%\n",
    "drm-driver: x\n__proto__: 1\ndrm-engine-constructor: 5 ns\n",
  ];
  for (const text of texts) assertSameParse(encoder.encode(text), JSON.stringify(text));
  // Invalid UTF-8: a lone continuation byte, a cut sequence before the newline.
  assertSameParse(new Uint8Array([...encoder.encode("drm-driver: a"), 0x80, 10, 0xe2, 10]), "bad");
  assertSameParse(new Uint8Array([0xe2, 0x82, 10, ...encoder.encode("drm-driver: b\n")]), "cut");
});

Deno.test("parseFdinfoBytes: a line whose head repeats line i of the file before reads alike", () => {
  // Each text after the first keeps the first's heads (`key:`) line by line, so the parser takes
  // the key from the line before and searches only the rest; the rest then differs.
  const first =
    "drm-driver:\tx\ndrm-client-id:\t1\ndrm-engine-gfx:\t5 ns\ndrm-total-vram:\t1 KiB\n";
  const texts = [
    first,
    "drm-driver:\tx\ndrm-client-id:\t2\ndrm-engine-gfx:\t7 ns\ndrm-total-vram:\t2 KiB\n",
    "drm-driver:\tü\ndrm-client-id:\t3\u00a0\ndrm-engine-gfx:  \t\ndrm-total-vram:\t3 KiB  \r\n",
    `drm-driver:\tx\ndrm-client-id:${" ".repeat(4100)}4\ndrm-engine-gfx:9:9\ndrm-total-vram:`,
    "drm-driver:\nx\ndrm-client-id\t: 5\n drm-engine-gfx: 1\ndrm-total-vram: 1 GiB",
  ];
  const cache = new FdinfoLineCache();
  for (const text of texts) {
    const bytes = encoder.encode(text);
    assert.deepEqual(
      parseFdinfoBytes(bytes, bytes.length, cache),
      parseFdinfo(decoder.decode(bytes)),
      JSON.stringify(text.slice(0, 80)),
    );
  }
});

const KEY_WORDS = [
  "drm-driver",
  "drm-client-id",
  "drm-pdev",
  "drm-engine-gfx",
  "drm-engine-capacity-vcs",
  "drm-cycles-rcs",
  "drm-total-cycles-rcs",
  "drm-maxfreq-gt",
  "drm-resident-vram",
  "drm-memory-gtt",
  "pdev",
  "pasid",
  "vram mem",
  "gfx0",
  "pos",
  "ino",
  "amd-evicted-vram",
];

const line = fc.tuple(
  fc.constantFrom(...KEY_WORDS, "", " drm-driver", "ké y"),
  fc.constantFrom(":", ": ", ":\t", " :\t", ""),
  fc.oneof(
    fc.constantFrom("12 KiB", "5 ns", "0000:03:00.0", "70.5%", "amdgpu", " 7 ", "1 GHz"),
    fc.string({ unit: "binary", maxLength: 20 }),
  ),
).map(([key, colon, value]) => `${key}${colon}${value}`);

Deno.test("parseFdinfoBytes property: generated text parses as its text does", () => {
  fc.assert(
    fc.property(fc.array(line, { maxLength: 25 }), fc.constantFrom("\n", "\r\n"), (lines, end) => {
      assertSameParse(encoder.encode(`drm-driver: x${end}${lines.join(end)}`), "generated");
    }),
    { numRuns: 400 },
  );
});

Deno.test("parseFdinfoBytes property: raw bytes parse as their decoded text does", () => {
  const byte = fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(10, 58, 32, 9, 0xc3));
  fc.assert(
    fc.property(fc.array(byte, { maxLength: 200 }), (values) => {
      const prefix = encoder.encode("drm-driver: x\n");
      assertSameParse(new Uint8Array([...prefix, ...values]), "raw");
    }),
    { numRuns: 400 },
  );
});

Deno.test("parseFdinfoBytes: a legacy amdgpu text leaves nothing behind for the next parse", () => {
  const lines = new FdinfoLineCache();
  const legacy = encoder.encode(
    "pdev:\t0000:03:00.0\npasid:\t32769\nvram mem:\t1024 kB\ngfx0:\t5.00%\n",
  );
  const first = parseFdinfoBytes(legacy, legacy.length, lines);
  assert.equal(first?.clientId, "32769");
  assert.equal(first?.memory.vram?.residentBytes, 1024 * 1024);
  // The same keys without a legacy line: no DRM client (it would be one with the legacy
  // format or pasid of the text before carried over).
  const plain = encoder.encode("pdev:\t0000:03:00.0\npasid:\t32770\n");
  assert.equal(parseFdinfoBytes(plain, plain.length, lines), null);
  // A repeat of a legacy line is a repeat only within its own text.
  const again = parseFdinfoBytes(legacy, legacy.length, lines);
  assert.deepEqual(again, first);
});

Deno.test("parseFdinfoBytes: a value new in every file, then repeated, then new again", () => {
  const lines = new FdinfoLineCache();
  const ids = ["1", "22", "23", "23", "23", "4", "5", "5", "23"];
  const names = ["a", "a", "b", "c", "c", "c", "a", "d", "d"];
  ids.forEach((id, i) => {
    const text = encoder.encode(
      `drm-driver:\ti915\ndrm-client-id:\t${id}\ndrm-client-name:\t${names[i]}\n`,
    );
    const parsed = parseFdinfoBytes(text, text.length, lines);
    assert.equal(parsed?.clientId, id, `file ${i}`);
    assert.equal(parsed?.clientName, names[i], `file ${i}`);
    assert.equal(parsed?.driver, "i915");
  });
});
