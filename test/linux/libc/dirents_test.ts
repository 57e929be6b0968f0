/** `numericDirents`: numeric names from getdents64 records, refilling the caller's array. */
import assert from "node:assert/strict";
import { loadLibc, OPEN_READ_FLAGS } from "../../../src/linux/libc/libc_binding.ts";
import { numericDirents } from "../../../src/linux/libc/dirents.ts";
import { LibcProcReader } from "../../../src/linux/libc/libc_proc_reader.ts";

const libc = loadLibc();

/** A directory holding `names` (empty files). */
function directoryOf(names: string[]): string {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-dirents-" });
  for (const name of names) Deno.writeTextFileSync(`${dir}/${name}`, "");
  return dir;
}

function listed(dir: string, into: number[], buffer = new Uint8Array(4096)): number[] | null {
  const fd = libc!.openat(-100, new TextEncoder().encode(`${dir}\u0000`), OPEN_READ_FLAGS);
  assert.ok(fd >= 0);
  try {
    return numericDirents(libc!, fd, buffer, into);
  } finally {
    libc!.close(fd);
  }
}

Deno.test({
  name: "numericDirents refills the array it is given: a shorter listing leaves nothing behind",
  ignore: libc === null,
  fn() {
    const long = directoryOf(["1", "2", "3", "40", "500", "x", "7a", "12345678901"]);
    const short = directoryOf(["9", "notes"]);
    const into: number[] = [];
    const first = listed(long, into);
    assert.equal(first, into, "the array given is the one filled");
    assert.deepEqual([...first!].sort((a, b) => a - b), [1, 2, 3, 40, 500]);
    assert.deepEqual(listed(short, into), [9], "no entry of the listing before is left");
    // A buffer that holds only a few records: several getdents calls fill one listing.
    const many = directoryOf(Array.from({ length: 300 }, (_, i) => `${i}`));
    const all = listed(many, into, new Uint8Array(256));
    assert.deepEqual([...all!].sort((a, b) => a - b), Array.from({ length: 300 }, (_, i) => i));
    for (const dir of [long, short, many]) Deno.removeSync(dir, { recursive: true });
  },
});

Deno.test({
  name: "the libc reader's fd listings, one array refilled, each exactly one pid's fds",
  ignore: libc === null,
  fn() {
    const root = Deno.makeTempDirSync({ prefix: "gputop-dirents-proc-" });
    const fds: Record<number, number[]> = {
      100: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
      200: [4, 6],
    };
    for (const [pid, numbers] of Object.entries(fds)) {
      Deno.mkdirSync(`${root}/${pid}/fd`, { recursive: true });
      for (const fd of [...numbers].reverse()) {
        Deno.symlinkSync("/dev/null", `${root}/${pid}/fd/${fd}`);
      }
    }
    const reader = new LibcProcReader(libc!, root, 0, false);
    assert.deepEqual(reader.listFds(100), fds[100]);
    assert.deepEqual(reader.listFds(200), fds[200], "ascending, and nothing of pid 100's left");
    assert.equal(reader.listFds(300), "failed");
    assert.deepEqual(reader.listPids(), [100, 200]);
    Deno.removeSync(root, { recursive: true });
  },
});
