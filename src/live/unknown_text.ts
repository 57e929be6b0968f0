/** What the `top` screen shows for a value a backend could not read: a word, never 0. */
export const UNKNOWN_TEXT = "unknown";
