/** `read_file.ts`: the pid-file reader answers as the general one does, on either read path. */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  readPidFileTextOrNull,
  readTextOrNull,
  useFileReadPath,
} from "../../src/linux/read_file.ts";

Deno.test("readPidFileTextOrNull: readTextOrNull's answers through libc and through Deno's ops", () => {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-pid-file-" });
  try {
    const files: Record<string, string> = {
      status: "Name:\tpython3\nUid:\t1000\t1000\t1000\t1000\nVmRSS:\t  2048 kB\n",
      empty: "",
      // Past the libc reader's 16 KiB buffer, and past the cap below.
      long: "z".repeat(40_000) + "\n",
      over: "o".repeat(70_000),
    };
    for (const [name, text] of Object.entries(files)) Deno.writeTextFileSync(join(dir, name), text);
    const fifo = new Deno.Command("mkfifo", { args: [join(dir, "fifo")] }).outputSync();
    assert.equal(fifo.code, 0);
    for (const path of ["auto", "ops"] as const) {
      useFileReadPath(path);
      for (const name of [...Object.keys(files), "fifo", "missing"]) {
        const file = join(dir, name);
        const general = readTextOrNull(file, 65_536);
        assert.equal(readPidFileTextOrNull(file, 65_536), general, `${path}: ${name}`);
      }
      assert.equal(readPidFileTextOrNull(join(dir, "long"), 65_536), files.long, path);
      assert.equal(readPidFileTextOrNull(join(dir, "over"), 65_536), null, `${path}: over cap`);
      assert.equal(readPidFileTextOrNull(`/proc/${Deno.pid}/comm`)?.endsWith("\n"), true, path);
    }
  } finally {
    useFileReadPath("auto");
    Deno.removeSync(dir, { recursive: true });
  }
});
