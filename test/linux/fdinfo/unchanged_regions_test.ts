/**
 * UnchangedRegions: a region whose sizes equal the last parse's same region becomes that
 * object; any other stays the parse's own. And through the byte parser: files of one shape
 * with random sizes parse, in sequence with one cache, exactly as `parseFdinfo` parses each,
 * earlier results unchanged by later parses, and an unchanged region shared.
 */
import assert from "node:assert/strict";
import fc from "../../support/fast_check.ts";
import { UnchangedRegions } from "../../../src/linux/fdinfo/unchanged_regions.ts";
import {
  emptyParsedFdinfo,
  type FdinfoRegionMemory,
} from "../../../src/linux/fdinfo/parsed_fdinfo.ts";
import { parseFdinfo } from "../../../src/linux/fdinfo/parse_fdinfo.ts";
import { FdinfoLineCache, parseFdinfoBytes } from "../../../src/linux/fdinfo/parse_fdinfo_bytes.ts";

function region(total: number | null, resident: number | null = total): FdinfoRegionMemory {
  return {
    totalBytes: total,
    sharedBytes: 0,
    residentBytes: resident,
    purgeableBytes: null,
    activeBytes: null,
  };
}

Deno.test("UnchangedRegions: equal sizes share the last parse's object, others stay", () => {
  const regions = new UnchangedRegions();
  const first = { cpu: region(0), vram: region(4096), constructor: region(null, null) };
  regions.share(first);
  const second = {
    cpu: region(0),
    vram: region(4096, 1024),
    gtt: region(0),
    constructor: region(null, null),
  };
  const ownVram = second.vram;
  regions.share(second);
  assert.equal(second.cpu, first.cpu);
  assert.equal(second.vram, ownVram, "a size differs: not shared");
  assert.equal(second.constructor, first.constructor);
  const third = { vram: region(4096, 1024), cpu: region(1) };
  regions.share(third);
  assert.equal(third.vram, ownVram, "compared with the last parse, not the first");
  assert.notEqual(third.cpu, first.cpu);
  regions.share(emptyParsedFdinfo().memory); // the frozen empty record: nothing to write
  const fourth = { vram: region(4096, 1024) };
  regions.share(fourth);
  assert.notEqual(fourth.vram, ownVram, "the last parse had no regions");
});

Deno.test("UnchangedRegions: a record's own keys only (a region named like a prototype member)", () => {
  const regions = new UnchangedRegions();
  const only = { toString: region(null, null) };
  const own = only.toString;
  regions.share(only);
  assert.equal(only.toString, own);
});

Deno.test("UnchangedRegions: a draft becomes the last parse's region or a copy, then is reused", () => {
  const regions = new UnchangedRegions();
  const draft = regions.draft();
  draft.totalBytes = draft.residentBytes = 4096;
  const first: Record<string, FdinfoRegionMemory> = { vram: draft };
  regions.share(first);
  assert.notEqual(first.vram, draft, "no draft is left in a result");
  assert.deepEqual(first.vram, { ...region(4096), sharedBytes: null });
  const again = regions.draft();
  assert.equal(again, draft, "the draft is reused by the next parse");
  assert.deepEqual(again, { ...region(null, null), sharedBytes: null }, "emptied");
  again.totalBytes = again.residentBytes = 4096;
  const other = regions.draft();
  other.totalBytes = 1;
  const second: Record<string, FdinfoRegionMemory> = { vram: again, gtt: other };
  regions.share(second);
  assert.equal(second.vram, first.vram, "equal sizes: the last parse's object");
  assert.notEqual(second.gtt, other);
  assert.equal(second.gtt!.totalBytes, 1);
  assert.equal(first.vram!.totalBytes, 4096, "an earlier result never changes");
  // A parse that made no result: its drafts are handed out again, emptied.
  regions.draft().totalBytes = 9;
  regions.discardDrafts();
  assert.equal(regions.draft().totalBytes, null);
});

Deno.test("UnchangedRegions: past the drafts, regions are made outright (and kept as they are)", () => {
  const regions = new UnchangedRegions();
  const memory: Record<string, FdinfoRegionMemory> = {};
  for (let i = 0; i < 40; i++) {
    const made = regions.draft();
    made.totalBytes = i;
    memory[`r${i}`] = made;
  }
  const drafts = new Set(Object.values(memory));
  regions.share(memory);
  for (let i = 0; i < 40; i++) {
    assert.equal(memory[`r${i}`]!.totalBytes, i);
    if (i < 16) assert.ok(!drafts.has(memory[`r${i}`]!), `r${i} was a draft: copied`);
    else assert.ok(drafts.has(memory[`r${i}`]!), `r${i} was made outright: kept`);
  }
});

const SIZES = ["0", "4 KiB", "22 MiB", "1 GiB", "7"];
const REGIONS = ["cpu", "gtt", "vram"];
const CATEGORIES = ["total", "shared", "active", "resident"];

/** A file of one shape (amdgpu-like); sizes drawn from few values, so regions often repeat. */
function fileOf(id: number, sizes: readonly number[]): string {
  const lines = ["pos:\t0", "drm-driver:\tamdgpu", `drm-client-id:\t${id}`];
  let at = 0;
  for (const name of REGIONS) {
    for (const category of CATEGORIES) {
      lines.push(`drm-${category}-${name}:\t${SIZES[sizes[at++]!]}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

Deno.test("parseFdinfoBytes: files of one shape with random sizes parse as parseFdinfo, regions shared", () => {
  const encoder = new TextEncoder();
  const file = fc.array(fc.nat({ max: SIZES.length - 1 }), {
    minLength: REGIONS.length * CATEGORIES.length,
    maxLength: REGIONS.length * CATEGORIES.length,
  });
  fc.assert(fc.property(fc.array(file, { minLength: 2, maxLength: 8 }), (files) => {
    const cache = new FdinfoLineCache();
    const parsed = files.map((sizes, id) => {
      const text = fileOf(id, sizes);
      const result = parseFdinfoBytes(encoder.encode(text), encoder.encode(text).length, cache)!;
      return { result, expected: parseFdinfo(text) };
    });
    for (const [at, { result, expected }] of parsed.entries()) {
      assert.deepEqual(result, expected, `file ${at}, after all later parses`);
      if (at === 0) continue;
      const before = parsed[at - 1]!.result.memory;
      for (const name of REGIONS) {
        const same = JSON.stringify(before[name]) === JSON.stringify(result.memory[name]);
        assert.equal(before[name] === result.memory[name], same, `file ${at} region ${name}`);
      }
    }
  }));
});
