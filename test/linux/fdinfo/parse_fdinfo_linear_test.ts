/**
 * parseFdinfo is linear in its input: the work is counted, not timed. The text is handed over
 * as a counting stand-in for a string that adds up the characters each call looks at
 * (`charCodeAt` one, `indexOf` every position from its start to its match or the end,
 * `slice` what it copies); the total must stay within a small multiple of the length. A
 * search for a line's colon that runs on past the line's end, to the next colon in the text,
 * makes many colon-less lines cost the square of the length and fails this.
 */
import assert from "node:assert/strict";
import fc from "../../support/fast_check.ts";
import { parseFdinfo } from "../../../src/linux/fdinfo/parse_fdinfo.ts";

/** The string methods the parser calls on its input, each counting what it examines. */
class CountingText {
  examined = 0;
  readonly length: number;

  constructor(private readonly text: string) {
    this.length = text.length;
  }

  charCodeAt(index: number): number {
    this.examined++;
    return this.text.charCodeAt(index);
  }

  indexOf(search: string, from = 0): number {
    const at = this.text.indexOf(search, from);
    this.examined += (at < 0 ? this.length : at + search.length) - Math.max(0, from);
    return at;
  }

  slice(start?: number, end?: number): string {
    const part = this.text.slice(start, end);
    this.examined += part.length;
    return part;
  }
}

/** Characters examined by one parse of `text`. */
function workOf(text: string): number {
  const counting = new CountingText(text);
  parseFdinfo(counting as unknown as string);
  return counting.examined;
}

/** The most work per input character a parse may take (each is seen a few times). */
const WORK_PER_CHAR = 6;

Deno.test("parseFdinfo: colon-less lines cost linear work, not a search to the next colon", () => {
  for (const lines of [1_000, 10_000]) {
    const text = `${"x\n".repeat(lines)}drm-driver: amdgpu\n`;
    const work = workOf(text);
    assert.ok(
      work <= WORK_PER_CHAR * text.length,
      `${lines} lines: ${work} characters examined for ${text.length} of input`,
    );
  }
});

Deno.test("parseFdinfo: 100k colon-less lines parse, each counted as ignored", () => {
  const text = `drm-driver: amdgpu\n${"no colon here\n".repeat(100_000)}drm-client-id: 7\n`;
  const result = parseFdinfo(text);
  assert.equal(result?.driver, "amdgpu");
  assert.equal(result?.clientId, "7", "a key after them is still read");
  assert.equal(result?.ignoredLines, 100_000);
});

const KEYS = ["drm-driver", "drm-client-id", "drm-engine-gfx", "drm-total-vram", "pasid", "x"];

/** Texts mixing key/value lines, colon-less lines, blank lines, CRLF, long and odd lines. */
const anyLine = fc.oneof(
  fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom(":", ":\t", ": "), fc.string())
    .map(([key, sep, value]) => `${key}${sep}${value}`),
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.constantFrom("", " ", "\u00a0drm-driver: x\u00a0", "no colon", "x".repeat(5000)),
);

Deno.test("parseFdinfo property: characters examined stay within a multiple of the input", () => {
  fc.assert(
    fc.property(
      fc.array(anyLine, { maxLength: 200 }),
      fc.constantFrom("\n", "\r\n"),
      (lines, end) => {
        const text = lines.join(end);
        const work = workOf(text);
        assert.ok(work <= WORK_PER_CHAR * text.length + 16, `${work} for ${text.length}`);
      },
    ),
    { numRuns: 300 },
  );
});
