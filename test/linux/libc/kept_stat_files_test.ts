/**
 * `KeptStatFiles` (`src/linux/libc/kept_stat_files.ts`) on this machine's real /proc: a known
 * process's `stat` stays open and reads afresh; once the process exits (and is reaped) the
 * kept file fails, is closed, and the read is null; `retain` and `close` free the files; past
 * the limit nothing is kept.
 */
import assert from "node:assert/strict";
import { loadLibc } from "../../../src/linux/libc/libc_binding.ts";
import { KeptStatFiles } from "../../../src/linux/libc/kept_stat_files.ts";

function libc() {
  const loaded = loadLibc();
  assert.notEqual(loaded, null, "libc must load on this Linux test machine");
  return loaded!;
}

/** utime + stime (fields 14 and 15) of a stat line. */
function cpuTicks(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

Deno.test("kept stat files: a live process reads afresh through its kept file", () => {
  const files = new KeptStatFiles(libc(), "/proc", 8);
  const first = files.read(Deno.pid);
  assert.match(first ?? "", new RegExp(`^${Deno.pid} \\(`));
  assert.equal(files.keptOpen, 1);
  let spin = 0;
  const until = performance.now() + 60; // burn some CPU so the ticks move
  while (performance.now() < until) spin++;
  const second = files.read(Deno.pid);
  assert.ok(spin > 0 && cpuTicks(second!) >= cpuTicks(first!));
  assert.equal(files.keptOpen, 1, "the same file, not another");
  files.retain((pid) => pid !== Deno.pid);
  assert.equal(files.keptOpen, 0);
});

Deno.test("kept stat files: an exited process reads as null and its file is closed", async () => {
  const files = new KeptStatFiles(libc(), "/proc", 8);
  const child = new Deno.Command("sleep", { args: ["30"] }).spawn();
  assert.notEqual(files.read(child.pid), null);
  assert.equal(files.keptOpen, 1);
  child.kill("SIGKILL");
  await child.status; // reaped: the pid is gone
  assert.equal(files.read(child.pid), null);
  assert.equal(files.keptOpen, 0);
});

Deno.test("kept stat files: past the limit files are opened for each read; close frees all", () => {
  const none = new KeptStatFiles(libc(), "/proc", 0);
  assert.notEqual(none.read(Deno.pid), null);
  assert.equal(none.keptOpen, 0);
  const files = new KeptStatFiles(libc(), "/proc", 1);
  files.read(Deno.pid);
  files.read(1);
  assert.equal(files.keptOpen, 1);
  files.close();
  assert.equal(files.keptOpen, 0);
});
