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
  | "left"
  | "right"
  | "faster"
  | "slower"
  | "reverse"
  | "pause"
  | "search"
  | "up"
  | "down"
  | "page-up"
  | "page-down"
  | "home"
  | "end"
  | "escape"
  | "enter"
  | "kill";

const SEQUENCES: readonly (readonly [string, Key])[] = [
  ["\x1b[D", "left"],
  ["\x1bOD", "left"],
  ["\x1b[C", "right"],
  ["\x1bOC", "right"],
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
  "r": "reverse",
  "R": "reverse",
  "p": "pause",
  "P": "pause",
  "/": "search",
  "+": "faster",
  "=": "faster",
  "-": "slower",
  "g": "charts",
  "G": "charts",
  "h": "help",
  "H": "help",
  "?": "help",
  "k": "up",
  "j": "down",
  "K": "kill", // capital, as a guard: a signal is never one slip of k away
  "\r": "enter",
  "\n": "enter",
  " ": "page-down",
};

/**
 * One chunk of input cut into tokens: a known or unknown escape sequence, a lone ESC, or one
 * character. While the filter is typed the tokens are text; otherwise each names a key.
 */
export function inputTokens(text: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === "\x1b") {
      const match = SEQUENCES.find(([sequence]) => text.startsWith(sequence, i));
      // A sequence we do not know: ESC and its CSI parameters, as one token.
      // deno-lint-ignore no-control-regex
      const unknown = /^\x1b(?:\[[0-9;?]*[ -/]*[@-~]|O.)?/.exec(text.slice(i));
      const length = match?.[0].length ?? unknown?.[0].length ?? 1;
      tokens.push(text.slice(i, i + length));
      i += length;
      continue;
    }
    const character = String.fromCodePoint(text.codePointAt(i)!);
    tokens.push(character);
    i += character.length;
  }
  return tokens;
}

/** The key a token names, or null (an unknown sequence or letter). */
export function keyOfToken(token: string): Key | null {
  if (token === "\x1b") return "escape";
  if (token.startsWith("\x1b")) {
    return SEQUENCES.find(([sequence]) => sequence === token)?.[1] ?? null;
  }
  return SINGLE[token] ?? null;
}

/** The keys in one chunk of input, in order. */
export function parseKeys(text: string): Key[] {
  return inputTokens(text).map(keyOfToken).filter((key): key is Key => key !== null);
}
