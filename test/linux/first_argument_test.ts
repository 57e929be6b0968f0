import assert from "node:assert/strict";
import { parseFirstArgument, readFirstArgument } from "../../src/linux/first_argument.ts";
import { withTempDir } from "../support/temp_dir.ts";

Deno.test("parseFirstArgument: up to the first NUL, spaces kept; empty is null", () => {
  assert.equal(parseFirstArgument("./gpu_burn\0-d\x0060\0"), "./gpu_burn");
  assert.equal(parseFirstArgument("/opt/My App/bin/run\0--x\0"), "/opt/My App/bin/run");
  // A process that rewrote its arguments into one string (no NUL): all of it, as nvidia-smi.
  assert.equal(parseFirstArgument("python3 train.py --epochs 3"), "python3 train.py --epochs 3");
  assert.equal(parseFirstArgument(""), null);
  assert.equal(parseFirstArgument("\0"), null);
  assert.equal(parseFirstArgument(null), null);
});

Deno.test("readFirstArgument: from <root>/<pid>/cmdline; null when unreadable", () => {
  withTempDir((root) => {
    Deno.mkdirSync(`${root}/4242`);
    Deno.writeTextFileSync(`${root}/4242/cmdline`, "/root/tools/memhog\0--size\x002G\0");
    assert.equal(readFirstArgument(root, 4242), "/root/tools/memhog");
    assert.equal(readFirstArgument(root, 5151), null);
  });
});
