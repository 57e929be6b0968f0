/** The keys of the `top` screen: the hint line at the bottom and the help page (`h`). */
import { fitLine, SGR } from "./styled_line.ts";

export const HELP_LINES: readonly string[] = [
  "Keys",
  "  q, Ctrl-C      quit",
  "  s              sort processes: GPU memory → GPU% → CPU% → start → container",
  "                 → pod → pid (CPU% to pod while their column is shown)",
  "  f              show one GPU at a time, then all again",
  "  g              charts: per GPU → one metric for all GPUs → off",
  "  ↑ ↓  j k       scroll one line",
  "  PgUp PgDn      scroll one page (space: next page)",
  "  Home End       first / last process",
  "  h, ?           this help (any of h, ?, Esc closes it)",
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
