/** The keys of the `top` screen: the hint line at the bottom and the help page (`h`). */
import { displayWidth, truncateToWidth } from "../render/display_width.ts";
import { escapeText } from "../render/escape_text.ts";
import type { SignalPrompt } from "./process_actions.ts";
import { fitLine, SGR } from "./styled_line.ts";

export const HELP_LINES: readonly string[] = [
  "Keys",
  "  q, Ctrl-C      quit",
  "  s              sort processes: GPU memory → GPU% → CPU% → start → container",
  "                 → pod → pid (CPU% to pod while their column is shown)",
  "  f              show one GPU at a time, then all again",
  "  g              charts: per GPU → one metric for all GPUs → off",
  "  r              reverse the sort order",
  "  /              filter processes: name, command, user, container, pod or PID",
  "                 (Enter keeps the filter, Esc clears it)",
  "  p              pause: no new readings until p again",
  "  ↑ ↓  j k       choose a process (the > mark follows it as rows reorder)",
  "  PgUp PgDn      one page up / down (space: next page)",
  "  Home End       first / last process",
  "  Enter          details of the chosen process (Enter, Esc or q closes them)",
  "  K              SIGTERM to the chosen process after y (another key: no signal)",
  "                 K again on it: SIGKILL. Off with --read-only and in a replay",
  "  space ← → + -  replay (top --replay): pause/play, step one reading, speed",
  "  h, ?           this help (h, ? or Esc closes it; Esc also clears the filter)",
  "  Esc            close the details, else clear the filter",
  "",
  "unknown: the backend could not read the value (never shown as 0).",
  "GPU%: the busiest engine of the process; * device-wide memory figure.",
];

/** The bottom line: the main keys, then `shown` (the range of processes on screen). */
export function keyLine(shown: string, width: number, color: boolean): string {
  return fitLine(
    [
      { text: " q", sgr: SGR.bold },
      { text: " quit " },
      { text: " s", sgr: SGR.bold },
      { text: " sort " },
      { text: " f", sgr: SGR.bold },
      { text: " filter " },
      { text: " Enter", sgr: SGR.bold },
      { text: " details " },
      { text: " K", sgr: SGR.bold },
      { text: " kill " },
      { text: " h", sgr: SGR.bold },
      { text: " help" },
      { text: shown === "" ? "" : `   ${shown}` },
    ],
    width,
    color,
  );
}

/** The bottom line while the `/` filter is typed: the text so far, and how to finish. */
export function searchLine(search: string, width: number, color: boolean): string {
  return fitLine(
    [
      { text: " filter: " },
      { text: `${escapeText(search)}_`, sgr: SGR.bold },
      { text: "   Enter keep  Esc clear" },
    ],
    width,
    color,
  );
}

/** The bottom line while K waits for y: the question, in bold (and red with colour). */
export function promptLine(prompt: SignalPrompt, width: number, color: boolean): string {
  const ask = ` send ${prompt.signal} to ${prompt.pid} `;
  const answer = "? y/N";
  // The name gives way first, so that "? y/N" stays on screen as long as it can.
  const room = width - displayWidth(ask) - answer.length;
  const name = truncateToWidth(escapeText(prompt.name), Math.max(1, room));
  return fitLine([{ text: `${ask}${name}${answer}`, sgr: SGR.red }], width, color);
}

/** The bottom line after K: how it went (or why nothing was sent), until the next key. */
export function messageLine(message: string, width: number, color: boolean): string {
  return fitLine([{ text: ` ${escapeText(message)}`, sgr: SGR.bold }], width, color);
}
