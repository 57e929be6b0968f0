import assert from "node:assert/strict";
import { join } from "node:path";
import {
  parseCmdline,
  parseComm,
  parseStatus,
  readProcessInfo,
} from "../../src/linux/process_info.ts";
import { parsePasswd, passwdPathFor } from "../../src/linux/user_names.ts";

Deno.test("parseCmdline() joins NUL-separated arguments and treats empty as unknown", () => {
  assert.equal(parseCmdline("python3\0train.py\0--lr\x000.1\0"), "python3 train.py --lr 0.1");
  assert.equal(parseCmdline(""), null);
  assert.equal(parseCmdline(null), null);
});

Deno.test("parseComm() strips only the trailing newline", () => {
  assert.equal(parseComm("Xorg \n"), "Xorg ");
  assert.equal(parseComm("\n"), null);
});

Deno.test("parseStatus() reads the real uid and VmRSS in KiB", () => {
  const status =
    "Name:\tpython3\nUmask:\t0022\nUid:\t1000\t1000\t1000\t1000\nVmRSS:\t  204800 kB\n";
  assert.deepEqual(parseStatus(status), { name: "python3", uid: 1000, rssBytes: 204800 * 1024 });
  assert.deepEqual(parseStatus("garbage\n:::\n"), { name: null, uid: null, rssBytes: null });
});

Deno.test("parsePasswd() maps uids to the first name given", () => {
  const names = parsePasswd(
    "root:x:0:0::/root:/bin/sh\n# comment\nbad line\nalice:x:1000:1000::/h:/bin/sh\n",
  );
  assert.equal(names.get(0), "root");
  assert.equal(names.get(1000), "alice");
  assert.equal(names.size, 2);
});

Deno.test("readProcessInfo() reads this very process from the real /proc", () => {
  const info = readProcessInfo("/proc", Deno.pid);
  assert.ok(info.name !== null && info.name.length > 0);
  assert.ok(info.command?.includes("deno"));
  assert.ok((info.rssBytes ?? 0) > 1024 * 1024);
  assert.ok(info.user !== null);
});

Deno.test("readProcessInfo() gives nulls for a process that does not exist", () => {
  const root = Deno.makeTempDirSync();
  try {
    assert.deepEqual(readProcessInfo(join(root, "proc"), 4242), {
      name: null,
      command: null,
      user: null,
      rssBytes: null,
    });
  } finally {
    Deno.removeSync(root, { recursive: true });
  }
});

Deno.test("readProcessInfo() names users from the passwd file beside a mounted proc root", () => {
  const root = Deno.makeTempDirSync();
  try {
    Deno.mkdirSync(join(root, "proc", "77"), { recursive: true });
    Deno.mkdirSync(join(root, "etc"));
    Deno.writeTextFileSync(join(root, "etc", "passwd"), "carol:x:4242:4242::/home/carol:/bin/sh\n");
    Deno.writeTextFileSync(
      join(root, "proc", "77", "status"),
      "Name:\tx\nUid:\t4242\t4242\t4242\t4242\n",
    );
    assert.equal(readProcessInfo(join(root, "proc"), 77).user, "carol");
    assert.equal(passwdPathFor(join(root, "proc")), join(root, "etc", "passwd"));
    assert.equal(passwdPathFor("/proc"), "/etc/passwd");
  } finally {
    Deno.removeSync(root, { recursive: true });
  }
});

Deno.test("parseStatus() matches keys at line starts only and drops unsafe sizes", () => {
  // "XVmRSS" and "NoUid" are other keys; the real ones come later.
  const status = "XVmRSS:\t1 kB\nNoUid:\t7\nName:\tapp\nUid:\t0\t0\t0\t0\nVmRSS:\t12 kB\n";
  assert.deepEqual(parseStatus(status), { name: "app", uid: 0, rssBytes: 12 * 1024 });
  // 9007199254740992 kB × 1024 is past 2^53: unknown, not a rounded number.
  assert.equal(parseStatus("VmRSS:\t9007199254740992 kB\n").rssBytes, null);
  assert.equal(parseStatus("Uid:\t-1\t0\t0\t0\n").uid, null);
});

Deno.test("parseCmdline() keeps empty arguments between others, drops trailing NULs", () => {
  assert.equal(parseCmdline("a\0\0b\0\0"), "a  b"); // "a", "", "b" joined by spaces
  assert.equal(parseCmdline("\0\0"), null);
});
