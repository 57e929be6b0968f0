/**
 * choose_proc_reader.ts: GPUTOP_SCAN's values, the reader each option gives, and the default
 * bound on kept-open fdinfo files against this machine's soft RLIMIT_NOFILE (`ulimit -n`).
 */
import assert from "node:assert/strict";
import {
  chooseProcReader,
  defaultKeepOpenLimit,
  KEEP_OPEN_MAX,
  scanPathOf,
} from "../../../src/linux/fdinfo/choose_proc_reader.ts";
import { loadLibc } from "../../../src/linux/libc/libc_binding.ts";

Deno.test("scanPathOf: only 'ops' forces the ops path", () => {
  assert.equal(scanPathOf("ops"), "ops");
  for (const value of [undefined, "", "auto", "libc", "OPS"]) {
    assert.equal(scanPathOf(value), "auto");
  }
});

Deno.test("chooseProcReader: libc by default on Linux, ops when asked or when no libc loads", () => {
  assert.equal(chooseProcReader("/proc", true).kind, "libc");
  assert.equal(chooseProcReader("/proc", true, { scan: "ops" }).kind, "ops");
  const missing = chooseProcReader("/proc", true, { libcCandidates: ["/nonexistent/libc.so"] });
  assert.equal(missing.kind, "ops");
});

Deno.test("defaultKeepOpenLimit: half the soft open-file limit, at most 8192", () => {
  const libc = loadLibc();
  assert.ok(libc !== null);
  const shell = new Deno.Command("bash", { args: ["-c", "ulimit -Sn"] }).outputSync();
  const soft = Number(new TextDecoder().decode(shell.stdout).trim());
  assert.ok(Number.isInteger(soft) && soft > 0, `ulimit -Sn: ${soft}`);
  assert.equal(defaultKeepOpenLimit(libc), Math.min(KEEP_OPEN_MAX, Math.floor(soft / 2)));
});
