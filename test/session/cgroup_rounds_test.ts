/**
 * When a long-running enrichment reads `cgroup` again (`src/session/cgroup_rounds.ts`): in
 * rounds at most once per rescan interval, put off while the round's reads are costly (2000 ×
 * their time), never beyond 10 intervals; one-shot enrichers have no rounds.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { CgroupRounds } from "../../src/session/cgroup_rounds.ts";
import { withTempDir } from "../support/temp_dir.ts";

/** Rounds over a proc root with pid 100's cgroup; the clock moves `costMs` on every read. */
function rounds(root: string, intervalMs: number | null, costMs: number) {
  Deno.mkdirSync(join(root, "100"), { recursive: true });
  Deno.writeTextFileSync(join(root, "100/cgroup"), "0::/a\n");
  const clock = { now: 0 };
  const cgroups = new CgroupRounds(root, intervalMs, () => (clock.now += costMs) - costMs);
  /** One sample at `ms`: the text read for pid 100, or undefined when not a round. */
  return (ms: number) => {
    clock.now = ms;
    cgroups.begin();
    const text = cgroups.read(100);
    cgroups.end();
    return text;
  };
}

Deno.test("cgroup rounds: once per interval while cheap, the text read in a round", () =>
  withTempDir((root) => {
    const sampleAt = rounds(root, 2000, 1);
    assert.equal(sampleAt(0), "0::/a\n");
    assert.equal(sampleAt(1000), undefined);
    assert.equal(sampleAt(2000), "0::/a\n");
    assert.equal(sampleAt(3999), undefined);
    assert.equal(sampleAt(4000), "0::/a\n");
  }));

Deno.test("cgroup rounds: a costly round puts the next off, at most 10 intervals", () =>
  withTempDir((root) => {
    const sampleAt = rounds(root, 2000, 2); // the read takes 2 ms: 4 s (a walk's 400×: 0.8 s)
    sampleAt(0);
    assert.equal(sampleAt(2000), "0::/a\n");
    assert.equal(sampleAt(5999), undefined);
    assert.equal(sampleAt(6000), "0::/a\n");
    const slow = rounds(root, 2000, 1000); // 1 s: capped at 20 s
    slow(0);
    slow(2000);
    assert.equal(slow(21_999), undefined);
    assert.equal(slow(22_000), "0::/a\n");
  }));

Deno.test("cgroup rounds: none in a one-shot enricher", () =>
  withTempDir((root) => {
    const sampleAt = rounds(root, null, 1);
    assert.equal(sampleAt(0), undefined);
    assert.equal(sampleAt(5000), undefined);
  }));
