/**
 * `src/linux/libc/kept_dir_watches.ts` through `KeptFileCheck` (`kept_file_check.ts`), on real
 * files and this machine's inotify, with the calls and `statx` counted through wrappers: nothing
 * changed costs one read a sample and no `statx`; a removed file, one renamed over, a removed
 * and recreated pid directory and a directory moved away are all reported gone at the next
 * sample; a file removed before its directory was watched is caught by its one `statx`; a failed
 * `inotify_add_watch` (the watch limit), a failed `inotify_init1` and a failed read fall back to
 * `statx`; an injected IN_Q_OVERFLOW reopens every file; watches go with their last file and
 * the inotify fd with the last watch.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  IN_Q_OVERFLOW,
  INOTIFY_EVENT_BYTES,
  type InotifyCalls,
  loadInotify,
} from "../../../src/linux/libc/inotify_binding.ts";
import { KeptDirWatches } from "../../../src/linux/libc/kept_dir_watches.ts";
import {
  AT_EMPTY_PATH,
  KeptFileCheck,
  loadStatx,
  type StatxCall,
} from "../../../src/linux/libc/kept_file_check.ts";
import { AT_FDCWD, loadLibc, OPEN_READ_FLAGS } from "../../../src/linux/libc/libc_binding.ts";
import { withTempDir } from "../../support/temp_dir.ts";

const libc = loadLibc()!;
const PID = 7;

interface Rig {
  check: KeptFileCheck;
  watches: KeptDirWatches;
  /** Calls made so far: `statx` of a kept file (not the root's), and each inotify call. */
  counts: Record<"statx" | "read" | "addWatch" | "rmWatch" | "init" | "close", number>;
  /** Opens `<root>/7/<name>` and keeps it (`fdinfo/N` in the fdinfo directory, else the pid's). */
  keep(name: string): number;
  /** Closes a kept file, as a reader does. */
  release(fd: number): void;
}

/** A tree `<root>/7/{stat,fdinfo/1,fdinfo/2}` and a check whose calls are counted. */
function rig(root: string, override: Partial<InotifyCalls> = {}): Rig {
  Deno.mkdirSync(join(root, `${PID}/fdinfo`), { recursive: true });
  for (const name of ["stat", "fdinfo/1", "fdinfo/2"]) {
    Deno.writeTextFileSync(join(root, `${PID}/${name}`), name);
  }
  const counts = { statx: 0, read: 0, addWatch: 0, rmWatch: 0, init: 0, close: 0 };
  const real = loadInotify(libc.name)!;
  const calls: InotifyCalls = { ...real, ...override };
  const counted: InotifyCalls = {
    init: (flags) => (counts.init++, calls.init(flags)),
    addWatch: (fd, path, mask) => (counts.addWatch++, calls.addWatch(fd, path, mask)),
    rmWatch: (fd, wd) => (counts.rmWatch++, calls.rmWatch(fd, wd)),
    read: (fd, buffer) => (counts.read++, calls.read(fd, buffer)),
    close: (fd) => (counts.close++, calls.close(fd)),
    errno: () => calls.errno(),
  };
  const statx = loadStatx(libc.name)!;
  const countedStatx: StatxCall = (dirFd, path, flags, mask, buffer) => {
    if (flags === AT_EMPTY_PATH) counts.statx++;
    return statx(dirFd, path, flags, mask, buffer);
  };
  const watches = new KeptDirWatches(counted);
  const check = new KeptFileCheck(countedStatx, root, watches);
  return {
    check,
    watches,
    counts,
    keep: (name) => {
      const path = new TextEncoder().encode(`${join(root, `${PID}/${name}`)}\0`);
      const fd = libc.openat(AT_FDCWD, path, OPEN_READ_FLAGS);
      assert.ok(fd >= 0, name);
      check.kept(fd, PID, name.startsWith("fdinfo/") ? "fdinfo" : "pid");
      return fd;
    },
    release: (fd) => {
      check.released(fd);
      libc.close(fd);
    },
  };
}

/** Each of `fds` as `stillLinked` says after a new sample starts. */
function sample(check: KeptFileCheck, fds: number[]): boolean[] {
  assert.equal(check.startSample(), false, "the root did not move");
  return fds.map((fd) => check.stillLinked(fd));
}

Deno.test("kept dir watches: nothing changed costs one read a sample and no statx", () =>
  withTempDir((root) => {
    const { check, counts, keep, release, watches } = rig(root);
    const fds = [keep("fdinfo/1"), keep("fdinfo/2"), keep("stat")];
    assert.equal(watches.watches, 2, "the fdinfo directory and the pid directory");
    assert.deepEqual(sample(check, fds), [true, true, true]);
    assert.equal(counts.statx, 2, "once each for the first file of each directory");
    Deno.writeTextFileSync(join(root, `${PID}/fdinfo/1`), "rewritten in place");
    Deno.writeTextFileSync(join(root, `${PID}/new`), "a file created next to stat");
    const readsBefore = counts.read;
    for (let i = 0; i < 3; i++) assert.deepEqual(sample(check, fds), [true, true, true]);
    assert.equal(counts.statx, 2, "no statx at all");
    assert.equal(counts.read - readsBefore, 3, "one read a sample");
    fds.forEach(release);
    assert.equal(watches.watches, 0);
    assert.equal(counts.rmWatch, 2, "each watch removed with its last file");
    assert.equal(watches.open, false, "the inotify fd closed with the last watch");
    keep("stat");
    assert.equal(watches.open, true, "opened again when needed");
    assert.equal(counts.init, 2);
  }));

Deno.test("kept dir watches: a removed file and one renamed over are seen at the next sample", () =>
  withTempDir((root) => {
    const { check, keep, release, watches } = rig(root);
    const [one, two, stat] = [keep("fdinfo/1"), keep("fdinfo/2"), keep("stat")];
    assert.deepEqual(sample(check, [one, two, stat]), [true, true, true]);
    Deno.removeSync(join(root, `${PID}/fdinfo/2`));
    assert.deepEqual(sample(check, [one, two, stat]), [false, false, true], "its directory's");
    release(one);
    release(two);
    const again = keep("fdinfo/1");
    assert.deepEqual(sample(check, [again, stat]), [true, true], "watched afresh");
    Deno.writeTextFileSync(join(root, "staged"), "new stat");
    Deno.renameSync(join(root, "staged"), join(root, `${PID}/stat`));
    assert.deepEqual(sample(check, [again, stat]), [true, false], "stat renamed over");
    assert.equal(check.stillLinked(stat), false, "until it is released");
    release(stat);
    release(again);
    assert.equal(watches.watches, 0);
  }));

Deno.test("kept dir watches: a pid directory removed and recreated, a directory moved away", () =>
  withTempDir((root) => {
    const { check, keep, release } = rig(root);
    const fds = [keep("fdinfo/1"), keep("stat")];
    assert.deepEqual(sample(check, fds), [true, true]);
    Deno.removeSync(join(root, `${PID}`), { recursive: true });
    rig(root); // the same files again, new inodes: an exited pid handed out again
    assert.deepEqual(sample(check, fds), [false, false]);
    fds.forEach(release);
    const renewed = [keep("fdinfo/1"), keep("stat")];
    assert.deepEqual(sample(check, renewed), [true, true]);
    Deno.renameSync(join(root, `${PID}/fdinfo`), join(root, "moved"));
    const statxOnly = new KeptFileCheck(loadStatx(libc.name)!, root);
    assert.equal(statxOnly.stillLinked(renewed[0]!), true, "statx alone: still linked");
    // The fdinfo directory's own IN_MOVE_SELF; the pid directory saw a name renamed away too.
    assert.deepEqual(sample(check, renewed), [false, false], "the fdinfo directory moved away");
    renewed.forEach(release);
  }));

Deno.test("kept dir watches: a file removed before its directory's watch is caught by statx", () =>
  withTempDir((root) => {
    const { check, counts, release } = rig(root);
    const path = new TextEncoder().encode(`${join(root, `${PID}/fdinfo/1`)}\0`);
    const fd = libc.openat(AT_FDCWD, path, OPEN_READ_FLAGS);
    Deno.removeSync(join(root, `${PID}/fdinfo/1`)); // between the open and the watch
    check.kept(fd, PID, "fdinfo");
    assert.deepEqual(sample(check, [fd]), [false]);
    assert.equal(counts.statx, 1);
    release(fd);
  }));

Deno.test("kept dir watches: a failed add_watch (watch limit) falls back to statx per read", () =>
  withTempDir((root) => {
    const { check, counts, keep, release, watches } = rig(root, { addWatch: () => -1 });
    const [one, stat] = [keep("fdinfo/1"), keep("stat")];
    assert.equal(watches.watches, 0);
    assert.deepEqual(sample(check, [one, stat]), [true, true]);
    assert.deepEqual(sample(check, [one, stat]), [true, true]);
    assert.equal(counts.statx, 4, "each file, each read");
    Deno.writeTextFileSync(join(root, "staged"), "new");
    Deno.renameSync(join(root, "staged"), join(root, `${PID}/fdinfo/1`));
    assert.equal(check.stillLinked(one), false, "replaced: seen by statx, no sample needed");
    release(one);
    release(stat);
  }));

Deno.test("kept dir watches: a failed inotify_init1 or read falls back to statx", () =>
  withTempDir((root) => {
    const noInit = rig(root, { init: () => -1 });
    const fd = noInit.keep("stat");
    assert.deepEqual(sample(noInit.check, [fd]), [true]);
    assert.deepEqual(sample(noInit.check, [fd]), [true]);
    assert.equal(noInit.counts.statx, 2);
    assert.equal(noInit.counts.init, 1, "not tried again");
    noInit.release(fd);
    const badRead = rig(root, { read: () => -1, errno: () => 9 /* EBADF */ });
    const kept = badRead.keep("stat");
    assert.deepEqual(sample(badRead.check, [kept]), [false], "events may be lost: reopened");
    badRead.release(kept);
    const reopened = badRead.keep("stat");
    assert.equal(badRead.watches.open, false);
    assert.deepEqual(sample(badRead.check, [reopened, reopened]), [true, true]);
    assert.equal(badRead.counts.statx, 2, "statx from then on");
    badRead.release(reopened);
  }));

Deno.test("kept dir watches: an injected IN_Q_OVERFLOW reopens every kept file", () =>
  withTempDir((root) => {
    let overflow = false;
    const real = loadInotify(libc.name)!;
    const { check, keep, release, watches } = rig(root, {
      read: (fd, buffer) => {
        if (!overflow) return real.read(fd, buffer);
        overflow = false;
        const view = new DataView(buffer.buffer, buffer.byteOffset);
        view.setInt32(0, -1, true);
        view.setUint32(4, IN_Q_OVERFLOW, true);
        view.setUint32(12, 0, true);
        return INOTIFY_EVENT_BYTES;
      },
    });
    const fds = [keep("fdinfo/1"), keep("fdinfo/2"), keep("stat")];
    assert.deepEqual(sample(check, fds), [true, true, true]);
    overflow = true;
    assert.deepEqual(sample(check, fds), [false, false, false]);
    assert.equal(watches.watches, 0, "every watch dropped");
    fds.forEach(release);
    assert.equal(watches.open, false);
    const again = [keep("fdinfo/1"), keep("stat")];
    assert.deepEqual(sample(check, again), [true, true], "watched afresh");
    again.forEach(release);
  }));
