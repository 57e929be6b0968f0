/** What the incremental DRM client scan (`scan_drm_clients.ts`) remembers between samples. */
import type { PlacedClient } from "./client_placement.ts";
import type { DeviceNode } from "./drm_device_nodes.ts";
import type { ParsedFdinfo } from "./parsed_fdinfo.ts";
import type { FdinfoMemo } from "./proc_scan_reader.ts";

/** A DRM fd found by a walk: its number, the node it points to, its last read and parse. */
export interface KnownFd {
  fd: number;
  node: DeviceNode;
  memo: FdinfoMemo;
  fdinfo: ParsedFdinfo;
  /** The client placed for it last time, handed out again while still valid. */
  placed: PlacedClient;
}

/** What the scanner remembers of one pid between samples (incremental mode only). */
export interface KnownProcess {
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

/** What an earlier walk kept for `fd` (its memo, its placed client), if anything. */
export function knownFdOf(before: KnownProcess | undefined, fd: number): KnownFd | null {
  if (before === undefined) return null;
  for (const known of before.fds) if (known.fd === fd) return known;
  return null;
}
