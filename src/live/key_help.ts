/** The keys of the `top` screen: the hint line at the bottom and the help page (`h`). */
import { escapeText } from "../render/escape_text.ts";
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
  "  ↑ ↓  j k       scroll one line",
  "  PgUp PgDn      scroll one page (space: next page)",
  "  Home End       first / last process",
  "  space ← → + -  replay (top --replay): pause/play, step one reading, speed",
  "  h, ?           this help (h, ? or Esc closes it; Esc also clears the filter)",
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
      { text: " ↑↓ PgUp PgDn", sgr: SGR.bold },
      { text: " scroll " },
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
