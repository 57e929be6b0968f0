/**
 * The enrichment cache of long-running sessions, on a scratch /proc tree built here: which
 * files are read again for a known process, and when a process is read in full. Every
 * expected value is written into the tree by the test itself.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { enrichProcesses, ProcessEnricher } from "../../src/session/enrich_processes.ts";
import { createSession } from "../../src/session/read_snapshot.ts";
import type { GpuProcess } from "../../src/model/types.ts";
import { copyTree, procRootOf, sysRootOf } from "../linux/sysfs/fixture_tree.ts";
import { drmProcessRow as row } from "../support/drm_process_row.ts";

const PAGE_BYTES = 4096;

/** A `/proc/<pid>/stat` line; fields 3–21 as in a real one, then start time, vsize, rss. */
function statLine(pid: number, comm: string, startTime: number, vsize: number, rss: number) {
  return `${pid} (${comm}) S 1 ${pid} ${pid} 0 -1 4194304 99 0 0 0 0 0 0 0 20 0 1 0 ` +
    `${startTime} ${vsize} ${rss} 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 0 0 0\n`;
}

interface FakeProcess {
  comm: string;
  cmdline: string[];
  uid: number;
  /** VmRSS in `status`, kB. */
  statusRssKb: number;
  /** null: no `stat` file (as in the committed fixture trees). */
  stat: { startTime: number; vsize: number; rssPages: number } | null;
}

function writeProcess(procRoot: string, pid: number, p: FakeProcess): void {
  const dir = join(procRoot, String(pid));
  Deno.mkdirSync(dir, { recursive: true });
  Deno.writeTextFileSync(join(dir, "comm"), `${p.comm}\n`);
  Deno.writeTextFileSync(join(dir, "cmdline"), p.cmdline.map((a) => `${a}\0`).join(""));
  Deno.writeTextFileSync(
    join(dir, "status"),
    `Name:\t${p.comm}\nUmask:\t0022\nUid:\t${p.uid}\t${p.uid}\t${p.uid}\t${p.uid}\n` +
      `VmRSS:\t${p.statusRssKb} kB\n`,
  );
  const statPath = join(dir, "stat");
  if (p.stat !== null) {
    const { startTime, vsize, rssPages } = p.stat;
    Deno.writeTextFileSync(statPath, statLine(pid, p.comm, startTime, vsize, rssPages));
  } else {
    try {
      Deno.removeSync(statPath);
    } catch {
      // there was none
    }
  }
}

/** A scratch host: `<root>/proc` and `<root>/etc/passwd` (uid 1000 = alice). */
function scratchHost(): { root: string; procRoot: string; dispose(): void } {
  const root = Deno.makeTempDirSync({ prefix: "gputop-enrich-" });
  Deno.mkdirSync(join(root, "etc"));
  Deno.writeTextFileSync(join(root, "etc", "passwd"), "alice:x:1000:1000::/home/alice:/bin/sh\n");
  return {
    root,
    procRoot: join(root, "proc"),
    dispose: () => Deno.removeSync(root, { recursive: true }),
  };
}

/** Runs `body` on a fresh scratch host, removed afterwards. */
function withScratchHost(body: (host: ReturnType<typeof scratchHost>) => void): void {
  const host = scratchHost();
  try {
    body(host);
  } finally {
    host.dispose();
  }
}

/** An enricher for a continuous session: it caches, with a full rescan every 2000 ms. */
function cachingEnricher(
  procRoot: string,
  nowMs: () => number = () => 0,
  scan: "auto" | "ops" = "auto",
): ProcessEnricher {
  return new ProcessEnricher({
    procRoot,
    rescanIntervalMs: 2000,
    nowMs,
    pageSizeBytes: PAGE_BYTES,
    scan,
  });
}

function pick(p: GpuProcess) {
  return [p.pid, p.name, p.command, p.user, p.rssBytes];
}

const APP: FakeProcess = {
  comm: "app",
  cmdline: ["app", "--old"],
  uid: 1000,
  statusRssKb: 2048,
  stat: { startTime: 5000, vsize: 3133440, rssPages: 512 },
};

/** APP with every field changed but vsize, started at `startTime`. */
function renamedApp(startTime: number): FakeProcess {
  return {
    comm: "renamed",
    cmdline: ["app", "--new"],
    uid: 0,
    statusRssKb: 3000,
    stat: { startTime, vsize: 3133440, rssPages: 1000 },
  };
}

Deno.test("a known process keeps name, command and user; RSS is re-read from stat", () =>
  withScratchHost((host) => {
    writeProcess(host.procRoot, 100, APP);
    const enricher = cachingEnricher(host.procRoot);
    // First sample: read in full; RSS from status: 2048 kB × 1024 = 2097152 bytes.
    assert.deepEqual(enricher.enrich([row(100)]).map(pick), [
      [100, "app", "app --old", "alice", 2097152],
    ]);

    // Same start time, new command line and RSS: the command line is NOT read again; RSS is,
    // from stat (1000 pages × 4096 = 4096000 bytes, not status's 3000 kB).
    writeProcess(host.procRoot, 100, renamedApp(5000));
    assert.deepEqual(enricher.enrich([row(100)]).map(pick), [
      [100, "app", "app --old", "alice", 4096000],
    ]);

    // Start time changed: the pid names another process, read in full again
    // (uid 0 is not in this passwd: shown as the number; RSS 3000 kB × 1024 = 3072000).
    writeProcess(host.procRoot, 100, renamedApp(6000));
    assert.deepEqual(enricher.enrich([row(100)]).map(pick), [
      [100, "renamed", "app --new", "0", 3072000],
    ]);
  }));

Deno.test("a known process's stat reads the same through libc (auto, prepared) and Deno's ops", async () => {
  for (const scan of ["auto", "ops"] as const) {
    const host = scratchHost();
    try {
      writeProcess(host.procRoot, 100, APP);
      const enricher = cachingEnricher(host.procRoot, () => 0, scan);
      await enricher.prepare();
      enricher.enrich([row(100)]);
      // 1000 pages × 4096 from the rewritten stat, then a new start time: read in full.
      writeProcess(host.procRoot, 100, renamedApp(5000));
      assert.deepEqual(enricher.enrich([row(100)]).map(pick), [
        [100, "app", "app --old", "alice", 4096000],
      ], scan);
      writeProcess(host.procRoot, 100, renamedApp(6000));
      assert.deepEqual(enricher.enrich([row(100)]).map(pick), [
        [100, "renamed", "app --new", "0", 3072000],
      ], scan);
      Deno.removeSync(`${host.procRoot}/100`, { recursive: true });
      assert.deepEqual(
        enricher.enrich([row(100)]).map(pick),
        [[100, null, null, null, null]],
        scan,
      );
    } finally {
      host.dispose();
    }
  }
});

Deno.test("a pid absent from one sample is forgotten and read in full when it is back", () =>
  withScratchHost((host) => {
    writeProcess(host.procRoot, 100, APP);
    writeProcess(host.procRoot, 101, { ...APP, comm: "other", cmdline: ["other"] });
    const enricher = cachingEnricher(host.procRoot);
    enricher.enrich([row(100), row(101)]);
    // 100 is not in this sample; its command line then changes with the same start time.
    enricher.enrich([row(101)]);
    writeProcess(host.procRoot, 100, { ...APP, cmdline: ["app", "--third"] });
    const [again] = enricher.enrich([row(100), row(101)]);
    // Read in full: the new command line, RSS from status (2048 kB × 1024 = 2097152).
    assert.deepEqual(pick(again!), [100, "app", "app --third", "alice", 2097152]);
  }));

Deno.test("one-shot enrichment reads every process in full every time", () =>
  withScratchHost((host) => {
    writeProcess(host.procRoot, 100, APP);
    const enricher = new ProcessEnricher({
      procRoot: host.procRoot,
      rescanIntervalMs: null,
      nowMs: () => 0,
      pageSizeBytes: PAGE_BYTES,
    });
    assert.equal(enricher.enrich([row(100)])[0]?.command, "app --old");
    assert.equal(enrichProcesses([row(100)], host.procRoot)[0]?.command, "app --old");
    // Same start time, yet the new command line and status's RSS (7 kB × 1024 = 7168) show.
    writeProcess(host.procRoot, 100, { ...APP, cmdline: ["app", "--new"], statusRssKb: 7 });
    assert.deepEqual(enricher.enrich([row(100)]).map(pick), [
      [100, "app", "app --new", "alice", 7168],
    ]);
    assert.deepEqual(enrichProcesses([row(100)], host.procRoot).map(pick), [
      [100, "app", "app --new", "alice", 7168],
    ]);
  }));

Deno.test("without a stat file a process is kept as the same one and RSS comes from status", () =>
  withScratchHost((host) => {
    writeProcess(host.procRoot, 100, { ...APP, stat: null });
    const enricher = cachingEnricher(host.procRoot);
    enricher.enrich([row(100)]);
    writeProcess(host.procRoot, 100, { ...APP, cmdline: ["x"], statusRssKb: 10, stat: null });
    // 10 kB × 1024 = 10240 bytes; the command line kept.
    assert.deepEqual(enricher.enrich([row(100)]).map(pick), [
      [100, "app", "app --old", "alice", 10240],
    ]);
  }));

Deno.test("a process with no memory map (vsize 0) has unknown RSS, not 0; backend values win", () =>
  withScratchHost((host) => {
    writeProcess(host.procRoot, 100, APP);
    const enricher = cachingEnricher(host.procRoot);
    enricher.enrich([row(100)]);
    writeProcess(host.procRoot, 100, {
      ...APP,
      stat: { startTime: 5000, vsize: 0, rssPages: 0 },
    });
    assert.equal(enricher.enrich([row(100)])[0]?.rssBytes, null);
    // A backend that knows user and RSS (NVML does not, some may) is not overridden.
    assert.deepEqual(enricher.enrich([row(100, { user: "svc", rssBytes: 1 })]).map(pick), [
      [100, "app", "app --old", "svc", 1],
    ]);
  }));

Deno.test("a process that cannot be read at all is not cached: the next sample tries again", () =>
  withScratchHost((host) => {
    const enricher = cachingEnricher(host.procRoot);
    assert.deepEqual(enricher.enrich([row(100)]).map(pick), [[100, null, null, null, null]]);
    writeProcess(host.procRoot, 100, { ...APP, stat: null });
    assert.deepEqual(enricher.enrich([row(100)]).map(pick), [
      [100, "app", "app --old", "alice", 2097152],
    ]);
  }));

Deno.test("passwd is read again at most once per rescan interval", () =>
  withScratchHost((host) => {
    let now = 0;
    const enricher = cachingEnricher(host.procRoot, () => now);
    writeProcess(host.procRoot, 100, APP);
    assert.equal(enricher.enrich([row(100)])[0]?.user, "alice");
    Deno.writeTextFileSync(join(host.root, "etc", "passwd"), "bob:x:1000:1000::/:/bin/sh\n");
    // A new process of uid 1000 at 1999 ms: the file read at 0 ms is still used.
    now = 1999;
    writeProcess(host.procRoot, 101, APP);
    assert.deepEqual(enricher.enrich([row(100), row(101)]).map((p) => p.user), [
      "alice",
      "alice",
    ]);
    // At 2000 ms it is read again: the next new process gets the new name; 100 and 101 keep
    // what they were read with.
    now = 2000;
    writeProcess(host.procRoot, 102, APP);
    assert.deepEqual(enricher.enrich([row(100), row(101), row(102)]).map((p) => p.user), [
      "alice",
      "alice",
      "bob",
    ]);
  }));

Deno.test("a continuous session caches enrichment; a one-shot session does not", async () => {
  // amdgpu-discrete's pid 2001 (cmdline "glxgears\0-fullscreen\0", no stat file), copied.
  const host = scratchHost();
  try {
    copyTree(join(procRootOf("amdgpu-discrete"), "2001"), join(host.procRoot, "2001"));
    const options = {
      backends: ["drm" as const],
      procRoot: host.procRoot,
      sysRoot: sysRootOf("amdgpu-discrete"),
    };
    const live = createSession(options, { intervalMs: 1000 });
    const oneShot = createSession(options);
    try {
      const before = (await live.sample()).processes.map((p) => p.command);
      assert.deepEqual(before, ["glxgears -fullscreen"]);
      Deno.writeTextFileSync(join(host.procRoot, "2001", "cmdline"), "glxgears\0-info\0");
      assert.deepEqual((await live.sample()).processes.map((p) => p.command), [
        "glxgears -fullscreen",
      ]);
      assert.deepEqual((await oneShot.sample()).processes.map((p) => p.command), [
        "glxgears -info",
      ]);
    } finally {
      await live.close();
      await oneShot.close();
    }
  } finally {
    host.dispose();
  }
});

Deno.test("a known process's unchanged stat is reused, a changed one is read, back and forth", () =>
  withScratchHost((host) => {
    writeProcess(host.procRoot, 100, APP);
    const enricher = cachingEnricher(host.procRoot);
    const rss = () => enricher.enrich([row(100)]).map((p) => p.rssBytes);
    // 2048 kB × 1024 from status at the first read, then 512 pages × 4096 from stat: the same.
    assert.deepEqual([rss(), rss(), rss()], [[2097152], [2097152], [2097152]]);
    const busier = { ...APP, stat: { startTime: 5000, vsize: 3133440, rssPages: 700 } };
    writeProcess(host.procRoot, 100, busier);
    assert.deepEqual(rss(), [700 * 4096]);
    writeProcess(host.procRoot, 100, APP);
    assert.deepEqual([rss(), rss()], [[512 * 4096], [512 * 4096]]);
  }));
