/** What the `top` screen is drawn for: the terminal's size and the view's options. */
import type { HistoryView } from "./history.ts";
import type { ProcessHistoryView } from "./process_history.ts";
import type { ReplayStatus } from "./replay_player.ts";

export interface TerminalSize {
  columns: number;
  rows: number;
}

export interface LiveFrameOptions {
  color: boolean;
  intervalMs: number;
  version: string;
  /** A reading is being taken right now. */
  pending: boolean;
  /** Why the last reading failed, shown on the title line. */
  error: string | null;
  /**
   * `-i/--id` of the command line (shown on the title line) and how many devices the reading
   * had before it, so that an empty view says the filter matched none of them.
   */
  idFilter?: { ids: readonly string[]; devicesFound: number | null } | null;
  /** The devices' recent past, for the charts; none drawn without it. */
  history?: HistoryView;
  /** Each process's recent GPU memory, for the detail panel's chart. */
  processHistory?: ProcessHistoryView;
  /** Block cells for the charts; `_.-=#` when false (the locale is not UTF-8). */
  unicode?: boolean;
  /** Set while a recording plays (`top --replay`): the title shows where and how. */
  replay?: ReplayStatus;
}
