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
 * Speed (this runs for every sample): paths are built by concatenation (no `node:path`), names
 * are checked by char code (no regex per entry), each device node is resolved once per
 * scanner, and the fdinfo text is parsed by the hand-written `parseFdinfo`.
 */
import { normalizePciBusId } from "../../model/pci.ts";
import { OVER_CAP, VALUE_CAP_BYTES } from "../bounded_read.ts";
import { isPermissionError, readLinkOrNull, readTextCapped } from "../read_file.ts";
import { type DeviceNode, deviceNodeOf, DeviceNodeResolver } from "./drm_device_nodes.ts";
import { parseFdinfo } from "./parse_fdinfo.ts";
import { lastPidOf, numericEntries, readStartTime } from "./proc_pids.ts";
import type { ParsedFdinfo } from "./parsed_fdinfo.ts";

export interface DrmClient {
  /** (device, client) identity; stable across scans, used to pair counters for rates. */
  key: string;
  pid: number;
  /** PCI address or platform device name; `node:<path>` when unresolvable. */
  deviceKey: string;
  pciBusId: string | null;
  fdinfo: ParsedFdinfo;
}

/** fdinfo texts longer than this are skipped, not parsed (see the module comment). */
export const FDINFO_CAP_BYTES = VALUE_CAP_BYTES;

export interface DrmClientScan {
  clients: DrmClient[];
  unreadableProcesses: number;
  /** DRM fds whose fdinfo is over FDINFO_CAP_BYTES: skipped. */
  oversizeFdinfos: number;
}

/** A DRM fd found by a walk: its number, the node it points to, its last text and parse. */
interface KnownFd {
  fd: number;
  node: DeviceNode;
  text: string;
  fdinfo: ParsedFdinfo;
}

/** What the scanner remembers of one pid between samples (incremental mode only). */
interface KnownProcess {
  /**
   * Start time, read only for pids holding DRM fds (the ones re-read each sample). Null: no
   * readable `stat` at the walk (a fixture tree has none); incremental samples then do not try
   * again (a failed read costs about two good ones), the next full walk does.
   */
  startTime: string | null;
  fds: KnownFd[];
  /** `fd/` could not be listed for lack of permission. */
  unreadable: boolean;
  /** DRM fds of this process whose fdinfo was over the cap (not in `fds`). */
  oversizeFdinfos: number;
}

export class DrmClientScanner {
  readonly #procRoot: string;
  /** Whether to remember pids and fds for incremental scans. */
  readonly #incremental: boolean;
  /** Device of each node, for the scanner's life. */
  readonly #nodes: DeviceNodeResolver;
  #known = new Map<number, KnownProcess>();
  #walked = false;
  /** Pids of the last listing and the last pid handed out then (see the module comment). */
  #pids: number[] = [];
  #lastPid: string | null = null;
  /** `loadavg` was unreadable at the last full walk: incremental samples skip it. */
  #loadavgAbsent = false;

  constructor(procRoot: string, sysRoot: string, incremental = false) {
    this.#procRoot = procRoot;
    this.#nodes = new DeviceNodeResolver(sysRoot);
    this.#incremental = incremental;
  }

  /** One scan; `full` walks every fd directory (always the case before a first full walk). */
  scan(full: boolean): DrmClientScan {
    const incremental = this.#incremental && !full && this.#walked;
    const result: DrmClientScan = { clients: [], unreadableProcesses: 0, oversizeFdinfos: 0 };
    const seen = new Set<string>();
    let pids: number[];
    const lastPid = this.#incremental && !(incremental && this.#loadavgAbsent)
      ? lastPidOf(this.#procRoot)
      : null;
    if (this.#incremental && !incremental) this.#loadavgAbsent = lastPid === null;
    // No process created since the last sample: no pid can name a new process either.
    const noneCreated = incremental && lastPid !== null && lastPid === this.#lastPid;
    if (noneCreated) {
      pids = this.#pids; // exits show up as failed reads below
    } else {
      try {
        pids = numericEntries(this.#procRoot);
      } catch {
        this.#known = new Map();
        this.#pids = [];
        this.#lastPid = null;
        return result;
      }
    }
    this.#lastPid = lastPid;
    const previous = this.#known;
    const known = new Map<number, KnownProcess>();
    for (const pid of pids) {
      let process = incremental ? previous.get(pid) : undefined;
      if (process !== undefined && process.fds.length > 0) {
        // Re-read only the DRM fds this pid held; a reused pid is walked again as new.
        // Same start time: the same process. Otherwise it exited, or the pid now names a new
        // process. No `stat` at the walk: taken as the same until the next full walk. Nor is
        // `stat` read when no process was created (its start time cannot have changed).
        const startTime = process.startTime === null || noneCreated
          ? process.startTime
          : readStartTime(this.#procRoot, pid);
        if (startTime === process.startTime) {
          process = this.#rereadFds(pid, process, result, seen);
        } else if (startTime === null) {
          continue; // exited since the listing
        } else {
          process = this.#walkPid(pid, result, seen);
        }
      } else if (process === undefined) {
        process = this.#walkPid(pid, result, seen);
      }
      if (process.unreadable) result.unreadableProcesses++;
      result.oversizeFdinfos += process.oversizeFdinfos;
      if (this.#incremental) known.set(pid, process);
    }
    this.#known = known;
    this.#walked = true;
    if (this.#incremental) this.#pids = [...known.keys()];
    return result;
  }

  /** Lists one pid's `fd/`, keeps its DRM clients; returns what to remember of it. */
  #walkPid(pid: number, result: DrmClientScan, seen: Set<string>): KnownProcess {
    const pidDir = `${this.#procRoot}/${pid}`;
    const process: KnownProcess = {
      startTime: null,
      fds: [],
      unreadable: false,
      oversizeFdinfos: 0,
    };
    let fds: number[];
    try {
      fds = numericEntries(`${pidDir}/fd`);
    } catch (error) {
      // Gone (ENOENT/ESRCH) is normal churn; only a permission refusal is "unreadable".
      process.unreadable = isPermissionError(error);
      return process;
    }
    for (const fd of fds) {
      const target = readLinkOrNull(`${pidDir}/fd/${fd}`);
      const node = target === null ? null : deviceNodeOf(target);
      if (node === null) continue;
      const text = readTextCapped(`${pidDir}/fdinfo/${fd}`, FDINFO_CAP_BYTES);
      if (text === null) continue;
      if (text === OVER_CAP) {
        process.oversizeFdinfos++;
        continue;
      }
      const fdinfo = parseFdinfo(text);
      if (fdinfo === null) continue;
      this.#place(pid, fd, node, fdinfo, result, seen);
      process.fds.push({ fd, node, text, fdinfo });
    }
    if (this.#incremental && process.fds.length > 0) {
      process.startTime = readStartTime(this.#procRoot, pid);
    }
    return process;
  }

  #rereadFds(
    pid: number,
    process: KnownProcess,
    result: DrmClientScan,
    seen: Set<string>,
  ): KnownProcess {
    const fds: KnownFd[] = [];
    let oversizeFdinfos = process.oversizeFdinfos;
    for (const known of process.fds) {
      const text = readTextCapped(`${this.#procRoot}/${pid}/fdinfo/${known.fd}`, FDINFO_CAP_BYTES);
      if (text === null) continue; // closed
      if (text === OVER_CAP) {
        oversizeFdinfos++;
        continue;
      }
      // An idle client prints the same text again: its parse is reused, not redone.
      const fdinfo = text === known.text ? known.fdinfo : parseFdinfo(text);
      if (fdinfo === null) continue; // the fd number now names some other file
      this.#place(pid, known.fd, known.node, fdinfo, result, seen);
      fds.push({ fd: known.fd, node: known.node, text, fdinfo });
    }
    return { startTime: process.startTime, fds, unreadable: false, oversizeFdinfos };
  }

  /** Places one DRM client; one already seen under a lower (pid, fd) is not added again. */
  #place(
    pid: number,
    fd: number,
    node: DeviceNode,
    fdinfo: ParsedFdinfo,
    result: DrmClientScan,
    seen: Set<string>,
  ): void {
    const deviceKey = fdinfo.pdev ?? this.#nodes.resolve(node) ??
      `node:${node.subsystem}/${node.name}`;
    const key = `${deviceKey}\u0000${fdinfo.clientId ?? `fd:${pid}:${fd}`}`;
    if (seen.has(key)) return;
    seen.add(key);
    result.clients.push({
      key,
      pid,
      deviceKey,
      pciBusId: normalizePciBusId(deviceKey),
      fdinfo,
    });
  }
}

/** One full walk (what one-shot commands do). */
export function scanDrmClients(procRoot: string, sysRoot: string): DrmClientScan {
  return new DrmClientScanner(procRoot, sysRoot).scan(true);
}
