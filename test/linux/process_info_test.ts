import assert from "node:assert/strict";
import { join } from "node:path";
import {
  parseCmdline,
  parseComm,
  parseStat,
  parseStatus,
  readPageSizeBytes,
  readProcessInfo,
} from "../../src/linux/process_info.ts";
import { parsePasswd, passwdPathFor, UserNames } from "../../src/linux/user_names.ts";
import { withTempDir } from "../support/temp_dir.ts";

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
  assert.deepEqual(parseStatus(status), {
    name: "python3",
    uid: 1000,
    rssBytes: 204800 * 1024,
    namespacePid: null,
    stateLetter: null,
  });
  assert.deepEqual(parseStatus("garbage\n:::\n"), {
    name: null,
    uid: null,
    rssBytes: null,
    namespacePid: null,
    stateLetter: null,
  });
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

Deno.test("readProcessInfo() gives nulls for a process that does not exist", () =>
  withTempDir((root) => {
    assert.deepEqual(readProcessInfo(join(root, "proc"), 4242), {
      name: null,
      command: null,
      user: null,
      rssBytes: null,
      namespacePid: null,
      stateLetter: null,
    });
  }));

Deno.test("readProcessInfo() names users from the passwd file beside a mounted proc root", () =>
  withTempDir((root) => {
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
  }));

Deno.test("parseStatus() matches keys at line starts only and drops unsafe sizes", () => {
  // "XVmRSS" and "NoUid" are other keys; the real ones come later.
  const status = "XVmRSS:\t1 kB\nNoUid:\t7\nName:\tapp\nUid:\t0\t0\t0\t0\nVmRSS:\t12 kB\n";
  assert.deepEqual(parseStatus(status), {
    name: "app",
    uid: 0,
    rssBytes: 12 * 1024,
    namespacePid: null,
    stateLetter: null,
  });
  // 9007199254740992 kB × 1024 is past 2^53: unknown, not a rounded number.
  assert.equal(parseStatus("VmRSS:\t9007199254740992 kB\n").rssBytes, null);
  assert.equal(parseStatus("Uid:\t-1\t0\t0\t0\n").uid, null);
});

Deno.test("parseCmdline() keeps empty arguments between others, drops trailing NULs", () => {
  assert.equal(parseCmdline("a\0\0b\0\0"), "a  b"); // "a", "", "b" joined by spaces
  assert.equal(parseCmdline("\0\0"), null);
});

Deno.test("parseStat() takes start time (field 22) and rss pages (field 24) after the last ')'", () => {
  // A real line of `cat` (x86-64), its name changed to one with spaces and parentheses:
  // fields 3.. are "R 2104 2104 22981 0 -1 4194304 99 0 0 0 0 0 0 0 20 0 1 0", then field 22
  // starttime 362942, 23 vsize 3133440, 24 rss 382.
  const line = "2109 (a) (b c) R 2104 2104 22981 0 -1 4194304 99 0 0 0 0 0 0 0 20 0 1 0 " +
    "362942 3133440 382 18446744073709551615 94490597748736 94490597768617 0 0 0 0 0\n";
  assert.deepEqual(parseStat(line), {
    startTime: "362942",
    rssPages: 382,
    startTicks: 362942,
    state: "R",
    cpuTicks: 0,
  });
  // vsize 0: no memory map (kernel thread, zombie): rss unknown, start time still known.
  const kthread = "2 (kthreadd) S 0 0 0 0 -1 2129984 0 0 0 0 0 0 0 0 20 0 1 0 1 0 0 1 0\n";
  assert.deepEqual(parseStat(kthread), {
    startTime: "1",
    rssPages: null,
    startTicks: 1,
    state: "S",
    cpuTicks: 0,
  });
  assert.equal(parseStat("2 (short) S 0 0\n"), null);
  assert.equal(parseStat("no parenthesis"), null);
  assert.equal(parseStat(null), null);
});

Deno.test("stat's rss pages × the page size is status's VmRSS: one process read at one moment", () => {
  // stat field 24 counts pages, status's VmRSS kB; both print the same counter (fs/proc/array.c
  // and task_mmu.c). The `cat` line above: rss 382 pages of 4 KiB = 1528 kB, as its status said.
  // Read from fixed text, not from this live process: RSS moves between two reads, and a
  // comparison with slack failed on 2-CPU machines when the difference met the slack exactly.
  const stat = parseStat(
    "2109 (cat) R 2104 2104 22981 0 -1 4194304 99 0 0 0 0 0 0 0 20 0 1 0 362942 3133440 382 0\n",
  );
  const status = parseStatus("Name:\tcat\nVmRSS:\t    1528 kB\n");
  assert.equal((stat?.rssPages ?? 0) * 4096, status.rssBytes);
  assert.equal(status.rssBytes, 1_564_672);
});

Deno.test("this process's own stat and status parse, with a page size the kernel gives", () => {
  const pageSize = readPageSizeBytes();
  assert.ok(pageSize !== null && pageSize >= 4096, `page size ${pageSize}`);
  const stat = parseStat(Deno.readTextFileSync("/proc/self/stat"));
  assert.ok(stat !== null && stat.rssPages !== null && stat.rssPages > 0, JSON.stringify(stat));
  const status = parseStatus(Deno.readTextFileSync("/proc/self/status"));
  assert.ok(status.rssBytes !== null && status.rssBytes > 0);
});

Deno.test("readPageSizeBytes() finds AT_PAGESZ (type 6) in an auxv file; null when it cannot", () =>
  withTempDir((dir) => {
    // Pairs of little-endian 64-bit words: (AT_HWCAP 16, 0xff), (AT_PAGESZ 6, 16384), (AT_NULL).
    const words = [16n, 0xffn, 6n, 16384n, 0n, 0n];
    const bytes = new Uint8Array(words.length * 8);
    const view = new DataView(bytes.buffer);
    words.forEach((word, i) => view.setBigUint64(i * 8, word, true));
    Deno.writeFileSync(join(dir, "auxv"), bytes);
    assert.equal(readPageSizeBytes(join(dir, "auxv")), 16384);
    // 3000 is no page size: the layout is not what we think.
    view.setBigUint64(24, 3000n, true);
    Deno.writeFileSync(join(dir, "auxv"), bytes);
    assert.equal(readPageSizeBytes(join(dir, "auxv")), null);
    assert.equal(readPageSizeBytes(join(dir, "missing")), null);
  }));

Deno.test("UserNames reads the passwd beside a proc root lazily, again only when stale", () =>
  withTempDir((root) => {
    Deno.mkdirSync(join(root, "etc"));
    const passwd = join(root, "etc", "passwd");
    let now = 0;
    const names = new UserNames(join(root, "proc"), 500, () => now);
    // Written after construction: nothing was read yet.
    Deno.writeTextFileSync(passwd, "carol:x:4242:4242::/:/bin/sh\n");
    assert.equal(names.nameFor(4242), "carol");
    Deno.writeTextFileSync(passwd, "dave:x:4242:4242::/:/bin/sh\n");
    now = 499;
    assert.equal(names.nameFor(4242), "carol");
    now = 500;
    assert.equal(names.nameFor(4242), "dave");
    assert.equal(names.nameFor(7), "7");
    // refresh null: read once for good.
    const once = new UserNames(join(root, "proc"), null, () => now);
    assert.equal(once.nameFor(4242), "dave");
    Deno.writeTextFileSync(passwd, "erin:x:4242:4242::/:/bin/sh\n");
    now = 1e9;
    assert.equal(once.nameFor(4242), "dave");
  }));

Deno.test("parseStatus() takes the innermost NSpid and the State letter", () => {
  const status = "Name:\tx\nState:\tS (sleeping)\nNSpid:\t4242\t17\t1\n";
  assert.equal(parseStatus(status).namespacePid, 1);
  assert.equal(parseStatus(status).stateLetter, "S");
  assert.equal(parseStatus("NSpid:\t4242\n").namespacePid, 4242);
  assert.equal(parseStatus("NSpid:\t42 x\nState:\t(\n").namespacePid, null);
  assert.equal(parseStatus("NSpid:\t42 x\nState:\t(\n").stateLetter, null);
});

Deno.test("parseStat() sums utime and stime (fields 14 and 15) and keeps the state letter", () => {
  const line = "77 (python3) D 1 77 77 0 -1 4194304 99 0 0 0 1234 567 0 0 20 0 1 0 " +
    "98765 3133440 382 0\n";
  const stat = parseStat(line);
  assert.equal(stat?.cpuTicks, 1801);
  assert.equal(stat?.state, "D");
  assert.equal(stat?.startTicks, 98765);
  const unsafe = parseStat(line.replace("98765", "99999999999999999999"));
  assert.equal(unsafe?.startTicks, null);
  assert.equal(parseStat(line.replace("1234", "-1"))?.cpuTicks, null);
});
