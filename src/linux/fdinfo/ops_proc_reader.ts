/**
 * The scan's `/proc` reads through Deno's file-system ops: the path everywhere libc cannot be
 * loaded through FFI (no `--allow-ffi`, not Linux, no known libc), or when `GPUTOP_SCAN=ops`
 * asks for it. Each read opens the file by path; fdinfo texts are compared as strings.
 */
import { OVER_CAP, type OverCap } from "../bounded_read.ts";
import { isPermissionError, readLinkOrNull, readTextCapped, readTextOrNull } from "../read_file.ts";
import { type DeviceNode, deviceNodeOf } from "./drm_device_nodes.ts";
import { parseFdinfo } from "./parse_fdinfo.ts";
import { FDINFO_CAP_BYTES } from "./fdinfo_cap.ts";
import type { FdinfoMemo, ListFailure, ProcScanReader } from "./proc_scan_reader.ts";
import { numericEntries } from "./proc_pids.ts";

interface TextMemo extends FdinfoMemo {
  text: string;
}

export class OpsProcReader implements ProcScanReader {
  readonly kind = "ops" as const;
  readonly keptOpen = 0;
  readonly #root: string;

  constructor(procRoot: string) {
    this.#root = procRoot;
  }

  listPids(): number[] | ListFailure {
    return listNumeric(this.#root);
  }

  listFds(pid: number): number[] | ListFailure {
    return listNumeric(`${this.#root}/${pid}/fd`);
  }

  endListing(): void {} // nothing held

  fdNode(pid: number, fd: number): DeviceNode | null {
    const target = readLinkOrNull(`${this.#root}/${pid}/fd/${fd}`);
    return target === null ? null : deviceNodeOf(target);
  }

  readFdinfo(pid: number, fd: number, memo: FdinfoMemo | null): FdinfoMemo | null | OverCap {
    const text = readTextCapped(`${this.#root}/${pid}/fdinfo/${fd}`, FDINFO_CAP_BYTES);
    if (text === null || text === OVER_CAP) return text;
    const previous = memo as TextMemo | null;
    if (previous !== null && previous.text === text) {
      previous.changed = false;
      return previous;
    }
    const fresh: TextMemo = previous ?? { fdinfo: null, changed: true, usedInScan: 0, text };
    fresh.text = text;
    fresh.fdinfo = parseFdinfo(text);
    fresh.changed = true;
    return fresh;
  }

  release(_memo: FdinfoMemo): void {}

  readStat(pid: number): string | null {
    return readTextOrNull(`${this.#root}/${pid}/stat`);
  }

  readLoadavg(): string | null {
    return readTextOrNull(`${this.#root}/loadavg`);
  }

  close(): void {}
}

function listNumeric(path: string): number[] | ListFailure {
  try {
    return numericEntries(path);
  } catch (error) {
    // Gone (ENOENT/ESRCH) is normal churn; only a permission refusal is "denied".
    return isPermissionError(error) ? "denied" : "failed";
  }
}
