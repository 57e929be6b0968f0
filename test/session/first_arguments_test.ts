import assert from "node:assert/strict";
import { readFirstArguments } from "../../src/session/first_arguments.ts";
import { withTempDir } from "../support/temp_dir.ts";

Deno.test("readFirstArguments: the pids /proc can say something about, each once", () => {
  withTempDir((root) => {
    for (
      const [pid, cmdline] of [[11345, "./gpu_burn\0-d\0"], [5267, "ffmpeg\0-i\0x\0"]] as const
    ) {
      Deno.mkdirSync(`${root}/${pid}`);
      Deno.writeTextFileSync(`${root}/${pid}/cmdline`, cmdline);
    }
    Deno.mkdirSync(`${root}/2`);
    Deno.writeTextFileSync(`${root}/2/cmdline`, ""); // a kernel thread
    const found = readFirstArguments([11345, 5267, 11345, 2, 999], root);
    assert.deepEqual([...found], [[11345, "./gpu_burn"], [5267, "ffmpeg"]]);
  });
});
