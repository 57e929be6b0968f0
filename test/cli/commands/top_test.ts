import assert from "node:assert/strict";
import { signalsOffReason } from "../../../src/cli/commands/top.ts";

Deno.test("signalsOffReason: K works on gputop's own /proc only, and never with --read-only", () => {
  const none = { root: undefined, procRoot: undefined };
  assert.equal(signalsOffReason(none, false), null);
  assert.equal(signalsOffReason({ ...none, procRoot: "/proc/" }, false), null, "the same /proc");
  assert.match(signalsOffReason(none, true) ?? "", /^read-only: /);
  assert.match(signalsOffReason({ ...none, fleet: {} }, false) ?? "", /other hosts \(--hosts\)/);
  assert.match(signalsOffReason({ ...none, procRoot: "/host/proc" }, false) ?? "", /--proc-root/);
  assert.match(signalsOffReason({ root: "/host", procRoot: undefined }, false) ?? "", /--root/);
  assert.equal(
    signalsOffReason({ root: "/", procRoot: undefined }, false),
    null,
    "--root / is /proc",
  );
});
