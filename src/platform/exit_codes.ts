/** The exit codes of the contract (DESIGN.md). */
export const EXIT_OK = 0;
/** A check failed, or a runtime failure. */
export const EXIT_FAILURE = 1;
/** Bad flag or value: one line on stderr naming it. */
export const EXIT_USAGE = 2;
/** `check` / `fit` found no device at all. */
export const EXIT_NO_DEVICE = 3;
