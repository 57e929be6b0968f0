/**
 * Default `--rescan-interval` of the continuous modes. Apart from read_snapshot.ts so that the
 * command registry (through watch's option specs) can name it without loading the session and
 * every backend at start-up.
 */
export const DEFAULT_RESCAN_INTERVAL_MS = 2_000;
