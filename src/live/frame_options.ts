/** What the `top` screen is drawn for: the terminal's size and the view's options. */

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
}
