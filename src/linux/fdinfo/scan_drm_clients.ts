/**
 * Finds every DRM client under `<procRoot>`: for each pid, list `fd/`, readlink each entry,
 * keep links to `/dev/dri/*` and `/dev/accel/*`, parse the matching `fdinfo/<fd>`, and place
 * the client on a device.
 *
 * Two ways to scan (`DrmClientScanner.scan(full)`):
 * - full: walk every pid's `fd/` directory (one-shot commands always do this);
 * - incremental (long-running modes, between full walks): re-read only the fdinfo of the DRM
 *   fds found by earlier walks, and walk the `fd/` of pids not seen before. A pid that exited
 *   is dropped; a pid reused by a new process (start time in `/proc/<pid>/stat` changed) is
 *   walked again as new; an fd whose fdinfo is gone or no longer a DRM client is dropped. A DRM
 *   fd newly opened by an already-known process is found by the next full walk.
 *   Two shortcuts keep it cheap: the pid list is read again, and each known pid's start time
 *   checked for reuse, only when the last pid the kernel handed out (5th field of
 *   `<procRoot>/loadavg`) changed, i.e. when some process was created; and an fdinfo text
 *   identical to the last one is not parsed again. A `stat` or `loadavg` that could not be read
 *   at a full walk is not tried again before the next one. (`loadavg` counts pids of the
 *   reader's pid namespace: with a host's /proc mounted in a container, new host processes are
 *   found by the next full walk instead, still within the interval; a reused pid's DRM fds are
 *   read under it until then, its new drm-client-id keeping the engine rates apart.)
 *
 * Device: `drm-pdev` when printed; otherwise the node's sysfs `device` link
 * (`<sysRoot>/class/drm/<node>/device`, then `<sysRoot>/dev/char/226:<minor>/device`; accel
 * nodes: `<sysRoot>/class/accel/<node>/device`), whose last path component is the PCI address
 * (or a platform device name).
 *
 * Dedup: the same client (one open of a node, one `struct drm_file`) shows up under every fd
 * that shares it: dup(), fork(), SCM_RIGHTS. It is keyed by (device, drm-client-id) and kept
 * once, under the first (pid, fd) in ascending numeric order, so a shared client always goes
 * to the LOWEST pid holding it, read through that pid's lowest fd. A client without a
 * client id cannot be matched and is keyed by its own (pid, fd).
 *
 * Races and permissions are data, never exceptions: a process that exits, an fd closed
 * between readlink and read, an unreadable fdinfo are skipped; a pid whose `fd/` cannot be
 * listed for lack of permission is counted in `unreadableProcesses`. An fdinfo over
 * FDINFO_CAP_BYTES (no kernel prints one near it; a hostile or broken tree) is skipped after
 * reading that much + 1 and counted in `oversizeFdinfos`, for as long as its process is
 * remembered (until the next full walk finds it again).
 *
 * Reading: through a `ProcScanReader` (`choose_proc_reader.ts`): libc through FFI on Linux where
 * it loads (directory listings and links from byte buffers, fdinfo parsed from bytes, known
 * fdinfo files kept open between samples), else Deno's ops; both give the same scan. An fd
 * number reused for another DRM open between two samples prints another client id (or none):
 * its link is then read again, so a client is never placed on the node of the file before.
 * Each device node is resolved once per scanner. `close()` frees kept-open files.
 */
import { OVER_CAP } from "../bounded_read.ts";
import { chooseProcReader, type ProcReaderOptions } from "./choose_proc_reader.ts";
import { type DeviceNode, DeviceNodeResolver } from "./drm_device_nodes.ts";
import { lastPidIn, startTimeIn } from "./proc_pids.ts";
import { type KnownFd, knownFdOf, type KnownProcess } from "./known_processes.ts";
import { ClientPlacement, type DrmClient } from "./client_placement.ts";
import type { ProcScanReader } from "./proc_scan_reader.ts";

export { FDINFO_CAP_BYTES } from "./fdinfo_cap.ts";
export type { DrmClient } from "./client_placement.ts";

export interface DrmClientScan {
  /** In ascending pid order, the clients of one pid next to each other (the sampler relies on it). */
  clients: DrmClient[];
  unreadableProcesses: number;
  /** DRM fds whose fdinfo is over FDINFO_CAP_BYTES: skipped. */
  oversizeFdinfos: number;
}

export class DrmClientScanner {
  readonly #reader: ProcScanReader;
  /** Whether to remember pids and fds for incremental scans. */
  readonly #incremental: boolean;
  /** Places clients on devices (each node resolved once per scanner) and dedups them. */
  readonly #placement: ClientPlacement;
  #known = new Map<number, KnownProcess>();
  /** The map of the scan before last, cleared and refilled by the next scan. */
  #spareKnown = new Map<number, KnownProcess>();
  #walked = false;
  /** Pids of the last listing and the last pid handed out then (see the module comment). */
  #pids: number[] = [];
  #lastPid: string | null = null;
  /** `loadavg` was unreadable at the last full walk: incremental samples skip it. */
  #loadavgAbsent = false;
  /** Scans so far: memos not used by the latest are released after it. */
  #scans = 0;

  constructor(
    procRoot: string,
    sysRoot: string,
    incremental = false,
    readerOptions: ProcReaderOptions = {},
  ) {
    this.#reader = chooseProcReader(procRoot, incremental, readerOptions);
    this.#placement = new ClientPlacement(new DeviceNodeResolver(sysRoot));
    this.#incremental = incremental;
  }

  /** How this scanner reads /proc: "libc" (FFI) or "ops" (Deno's file-system ops). */
  get readerKind(): "libc" | "ops" {
    return this.#reader.kind;
  }

  /** fdinfo files the reader keeps open now (tests, the bench). */
  get keptOpenFiles(): number {
    return this.#reader.keptOpen;
  }

  /** Frees what the reader holds (kept-open fdinfo files); scanning again reopens them. */
  close(): void {
    this.#reader.close();
  }

  /** One scan; `full` walks every fd directory (always the case before a first full walk). */
  scan(full: boolean): DrmClientScan {
    const incremental = this.#incremental && !full && this.#walked;
    const result: DrmClientScan = { clients: [], unreadableProcesses: 0, oversizeFdinfos: 0 };
    this.#scans++;
    this.#placement.begin(this.#scans, !incremental);
    const lastPid = this.#incremental && !(incremental && this.#loadavgAbsent)
      ? lastPidIn(this.#reader.readLoadavg())
      : null;
    if (this.#incremental && !incremental) this.#loadavgAbsent = lastPid === null;
    // No process created since the last sample: no pid can name a new process either.
    const noneCreated = incremental && lastPid !== null && lastPid === this.#lastPid;
    // When none was created, exits show up as failed reads below.
    const pids = noneCreated ? this.#pids : this.#reader.listPids();
    this.#lastPid = lastPid;
    const previous = this.#known;
    const known = this.#spareKnown;
    known.clear();
    if (typeof pids === "string") {
      this.#pids = [];
      this.#lastPid = null;
    } else {
      for (const pid of pids) {
        const process = this.#scanPid(pid, previous.get(pid), incremental, noneCreated, result);
        if (process === null) continue;
        if (process.unreadable) result.unreadableProcesses++;
        result.oversizeFdinfos += process.oversizeFdinfos;
        if (this.#incremental) known.set(pid, process);
      }
    }
    this.#releaseUnused(previous);
    previous.clear();
    this.#spareKnown = previous;
    this.#known = known;
    this.#walked = true;
    if (this.#incremental) this.#rememberPids(known);
    return result;
  }

  /** One pid of a scan; null when it exited since the listing. */
  #scanPid(
    pid: number,
    before: KnownProcess | undefined,
    incremental: boolean,
    noneCreated: boolean,
    out: DrmClientScan,
  ): KnownProcess | null {
    if (!incremental || before === undefined) return this.#walkPid(pid, before, out);
    if (before.fds.length === 0) return before;
    // Re-read only the DRM fds this pid held; a reused pid is walked again as new.
    // Same start time: the same process. Otherwise it exited, or the pid now names a new
    // process. No `stat` at the walk: taken as the same until the next full walk. Nor is
    // `stat` read when no process was created (its start time cannot have changed).
    const startTime = before.startTime === null || noneCreated
      ? before.startTime
      : startTimeIn(this.#reader.readStat(pid));
    if (startTime === before.startTime) return this.#rereadFds(pid, before, out);
    if (startTime === null) return null;
    return this.#walkPid(pid, undefined, out);
  }

  /**
   * Lists one pid's `fd/`, keeps its DRM clients; returns what to remember of it. `before`:
   * what an earlier walk found under this pid, whose fdinfo memos (kept-open files) are reused.
   */
  #walkPid(pid: number, before: KnownProcess | undefined, out: DrmClientScan): KnownProcess {
    const process: KnownProcess = {
      startTime: null,
      fds: [],
      unreadable: false,
      oversizeFdinfos: 0,
    };
    const fds = this.#reader.listFds(pid);
    if (typeof fds === "string") {
      // Gone (ENOENT/ESRCH) is normal churn; only a permission refusal is "unreadable".
      process.unreadable = fds === "denied";
      return process;
    }
    for (const fd of fds) {
      // A DRM fd an earlier walk found: its fdinfo tells whether it is still that client, so
      // its link is read only when the client id changed (as an incremental sample does).
      const earlier = knownFdOf(before, fd);
      if (earlier !== null) {
        const still = this.#refresh(pid, earlier, out);
        if (still === OVER_CAP) process.oversizeFdinfos++;
        else if (still) process.fds.push(earlier);
        continue;
      }
      const node = this.#reader.fdNode(pid, fd);
      if (node === null) continue;
      const memo = this.#reader.readFdinfo(pid, fd, null);
      if (memo === null) continue;
      if (memo === OVER_CAP) {
        process.oversizeFdinfos++;
        continue;
      }
      const fdinfo = memo.fdinfo;
      if (fdinfo === null) {
        this.#reader.release(memo); // not a DRM client: not kept
        continue;
      }
      memo.usedInScan = this.#scans;
      if (!this.#incremental) {
        this.#placement.placeOnce(pid, fd, node, fdinfo, out.clients); // nothing to remember
        continue;
      }
      const placed = this.#placement.place(pid, fd, node, fdinfo, null, out.clients);
      process.fds.push({ fd, node, memo, fdinfo, placed });
    }
    this.#reader.endListing();
    if (this.#incremental && process.fds.length > 0) {
      process.startTime = startTimeIn(this.#reader.readStat(pid));
    }
    return process;
  }

  /** Re-reads a known pid's DRM fds, updating what is kept of them in place. */
  #rereadFds(pid: number, process: KnownProcess, out: DrmClientScan): KnownProcess {
    const fds = process.fds;
    let kept = 0;
    for (const known of fds) {
      const still = this.#refresh(pid, known, out);
      if (still === OVER_CAP) process.oversizeFdinfos++;
      else if (still) fds[kept++] = known;
    }
    fds.length = kept;
    return process;
  }

  /**
   * Reads a known DRM fd's fdinfo again and places its client, updating `known` in place;
   * false when the fd is closed or names another kind of file now (released), OVER_CAP past
   * the cap. An idle client prints the same text again: its parse is reused, not redone.
   */
  #refresh(pid: number, known: KnownFd, out: DrmClientScan): boolean | typeof OVER_CAP {
    const memo = this.#reader.readFdinfo(pid, known.fd, known.memo);
    if (memo === null) return false; // closed
    if (memo === OVER_CAP) return OVER_CAP;
    const fdinfo = memo.fdinfo;
    let node: DeviceNode | null = known.node;
    // Another client id (or none to tell): the fd may have been closed and reopened on
    // another node since; the link says which.
    if (
      fdinfo !== null && memo.changed &&
      (fdinfo.clientId === null || fdinfo.clientId !== known.fdinfo.clientId)
    ) {
      node = this.#reader.fdNode(pid, known.fd);
    }
    if (fdinfo === null || node === null) {
      this.#reader.release(memo); // the fd number now names some other file
      return false;
    }
    memo.usedInScan = this.#scans;
    known.placed = this.#placement.place(pid, known.fd, node, fdinfo, known.placed, out.clients);
    known.node = node;
    known.memo = memo;
    known.fdinfo = fdinfo;
    return true;
  }

  /** Releases the memos (kept-open files) of fds the latest scan did not use. */
  #releaseUnused(previous: Map<number, KnownProcess>): void {
    for (const process of previous.values()) {
      for (const known of process.fds) {
        if (known.memo.usedInScan !== this.#scans) this.#reader.release(known.memo);
      }
    }
  }

  /** The pids of `known`, into the array kept for the next sample. */
  #rememberPids(known: Map<number, KnownProcess>): void {
    const pids = this.#pids;
    pids.length = 0;
    for (const pid of known.keys()) pids.push(pid);
  }
}

/** One full walk (what one-shot commands do). */
export function scanDrmClients(
  procRoot: string,
  sysRoot: string,
  readerOptions: ProcReaderOptions = {},
): DrmClientScan {
  return new DrmClientScanner(procRoot, sysRoot, false, readerOptions).scan(true);
}
