/**
 * Bytes from a terminal in raw mode → key names the live view understands. Escape sequences
 * for the arrows, Page Up/Down, Home and End come in both the normal (`ESC [`) and the
 * application (`ESC O`) forms; anything unknown is skipped.
 */
export type Key =
  | "quit"
  | "sort"
  | "filter"
  | "help"
  | "charts"
  | "up"
  | "down"
  | "page-up"
  | "page-down"
  | "home"
  | "end"
  | "escape";

const SEQUENCES: readonly (readonly [string, Key])[] = [
  ["\x1b[A", "up"],
  ["\x1bOA", "up"],
  ["\x1b[B", "down"],
  ["\x1bOB", "down"],
  ["\x1b[5~", "page-up"],
  ["\x1b[6~", "page-down"],
  ["\x1b[H", "home"],
  ["\x1bOH", "home"],
  ["\x1b[1~", "home"],
  ["\x1b[7~", "home"],
  ["\x1b[F", "end"],
  ["\x1bOF", "end"],
  ["\x1b[4~", "end"],
  ["\x1b[8~", "end"],
];

const SINGLE: Readonly<Record<string, Key>> = {
  "q": "quit",
  "Q": "quit",
  "\x03": "quit", // Ctrl-C arrives as a byte in raw mode
  "s": "sort",
  "S": "sort",
  "f": "filter",
  "F": "filter",
  "g": "charts",
  "G": "charts",
  "h": "help",
  "H": "help",
  "?": "help",
  "k": "up",
  "j": "down",
  " ": "page-down",
};

/** The keys in one chunk of input, in order. */
export function parseKeys(text: string): Key[] {
  const keys: Key[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === "\x1b") {
      const match = SEQUENCES.find(([sequence]) => text.startsWith(sequence, i));
      if (match) {
        keys.push(match[1]);
        i += match[0].length;
        continue;
      }
      // A lone ESC, or a sequence we do not know: skip ESC and its CSI parameters.
      // deno-lint-ignore no-control-regex
      const unknown = /^\x1b(?:\[[0-9;?]*[ -/]*[@-~]|O.)?/.exec(text.slice(i));
      const length = unknown?.[0].length ?? 1;
      if (length === 1) keys.push("escape");
      i += length;
      continue;
    }
    const key = SINGLE[text[i]!];
    if (key) keys.push(key);
    i++;
  }
  return keys;
}
