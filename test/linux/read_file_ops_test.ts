/**
 * `readLineByOpsOrNull` (the lone kernel-release read of a machine with no DRM device) gives
 * what `read_file.ts` `readLineOrNull` gives, whichever path that one reads through.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { readLineOrNull, useFileReadPath } from "../../src/linux/read_file.ts";
import { readLineByOpsOrNull } from "../../src/linux/read_file_ops.ts";

Deno.test("readLineByOpsOrNull: the same answers as readLineOrNull on either path", () => {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-read-line-" });
  try {
    const files: Record<string, string> = {
      release: "6.8.0-45-generic\nrest\n",
      padded: "  value  \n",
      empty: "",
      blank: "\n\n",
      huge: "x".repeat(1 << 20),
    };
    for (const [name, text] of Object.entries(files)) Deno.writeTextFileSync(join(dir, name), text);
    const fifo = new Deno.Command("mkfifo", { args: [join(dir, "fifo")] }).outputSync();
    assert.equal(fifo.code, 0);
    const names = [...Object.keys(files), "fifo", "missing"];
    for (const path of ["ops", "auto"] as const) {
      useFileReadPath(path);
      for (const name of names) {
        const file = join(dir, name);
        assert.equal(readLineByOpsOrNull(file), readLineOrNull(file), `${path}: ${name}`);
      }
    }
    useFileReadPath("auto");
    assert.equal(readLineByOpsOrNull(join(dir, "release")), "6.8.0-45-generic");
    assert.equal(readLineByOpsOrNull(join(dir, "padded")), "value");
    assert.equal(readLineByOpsOrNull(join(dir, "blank")), null);
    assert.equal(readLineByOpsOrNull(join(dir, "fifo")), null);
    assert.equal(readLineByOpsOrNull(join(dir, "huge")), null);
  } finally {
    useFileReadPath("auto");
    Deno.removeSync(dir, { recursive: true });
  }
});
