/**
 * `KeptStatFiles` (`src/linux/libc/kept_stat_files.ts`) on this machine's real /proc: a known
 * process's `stat` stays open and reads afresh; once the process exits (and is reaped) the
 * kept file fails, is closed, and the read is null; `retain` and `close` free the files; past
 * the limit nothing is kept. And on a plain tree with the `statx` check: a file rewritten in
 * place reads its new text through the kept file; a removed pid directory reads as null; one
 * replaced by a reused pid's reads the new file, never the kept one.
 */
import assert from "node:assert/strict";
import { loadLibc } from "../../../src/linux/libc/libc_binding.ts";
import { KeptStatFiles } from "../../../src/linux/libc/kept_stat_files.ts";
import { KeptFileCheck, loadStatx } from "../../../src/linux/libc/kept_file_check.ts";
import { withTempDir } from "../../support/temp_dir.ts";

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

Deno.test("kept stat files, plain tree: rewritten in place, removed, replaced by a reused pid", () =>
  withTempDir((root) => {
    const check = new KeptFileCheck(loadStatx(libc().name)!, root);
    const files = new KeptStatFiles(libc(), root, 8, check);
    const write = (text: string) => {
      Deno.mkdirSync(`${root}/7`, { recursive: true });
      Deno.writeTextFileSync(`${root}/7/stat`, text);
    };
    write("7 (old) S 1 start=100\n");
    assert.equal(files.read(7), "7 (old) S 1 start=100\n");
    assert.equal(files.keptOpen, 1);
    write("7 (old) R 1 start=100\n"); // the same file, truncated and written
    assert.equal(files.read(7), "7 (old) R 1 start=100\n", "through the kept file");
    assert.equal(files.keptOpen, 1);
    Deno.removeSync(`${root}/7`, { recursive: true }); // exited
    assert.equal(files.read(7), null);
    assert.equal(files.keptOpen, 0, "its kept file is closed");
    write("7 (new) S 1 start=900\n");
    assert.equal(files.read(7), "7 (new) S 1 start=900\n");
    Deno.removeSync(`${root}/7`, { recursive: true }); // exited, and the pid handed out again
    write("7 (reused) S 1 start=999\n");
    assert.equal(files.read(7), "7 (reused) S 1 start=999\n", "the new process's file");
    assert.equal(files.keptOpen, 1);
    files.close();
    assert.equal(files.keptOpen, 0);
  }));

Deno.test("kept stat files, plain tree: a root repointed at another tree is read afresh", () =>
  withTempDir((dir) => {
    const root = `${dir}/proc`;
    for (const [tree, state] of [["a", "S"], ["b", "R"]]) {
      Deno.mkdirSync(`${dir}/${tree}/7`, { recursive: true });
      Deno.writeTextFileSync(`${dir}/${tree}/7/stat`, `7 (x) ${state} 1\n`);
    }
    Deno.symlinkSync(`${dir}/a`, root);
    const files = new KeptStatFiles(
      libc(),
      root,
      8,
      new KeptFileCheck(loadStatx(libc().name)!, root),
    );
    assert.equal(files.read(7), "7 (x) S 1\n");
    files.retain(() => true); // the sample ends
    Deno.removeSync(root);
    Deno.symlinkSync(`${dir}/b`, root);
    assert.equal(files.read(7), "7 (x) R 1\n", "the new tree's file, not the kept one");
    assert.equal(files.keptOpen, 1);
    files.close();
  }));
