/**
 * A generic aligned text table. Cells are plain strings; every cell (and title) goes through
 * `escapeText` first, so untrusted text cannot inject control sequences, and widths are
 * measured with `displayWidth`, so CJK and emoji cells stay aligned.
 *
 * Layout: columns separated by two spaces; each column as wide as its widest cell (or
 * `maxWidth`, truncating with `…`; a left-aligned last column also cut so that every line fits
 * `maxLineWidth`, when given). Every line ends with `\n`. A left-aligned last column is
 * not padded, so lines carry no trailing spaces; all other cells are padded, so with a
 * right-aligned last column every line has the same display width.
 */
import { escapeText } from "./escape_text.ts";
import { displayWidth, padEndToWidth, padStartToWidth, truncateToWidth } from "./display_width.ts";

export type Alignment = "left" | "right";

export interface Column {
  title: string;
  align: Alignment;
  /** Cells wider than this many columns are truncated with `…`. */
  maxWidth?: number;
}

export interface TableOptions {
  /** Print the title row. */
  header: boolean;
  /** Bold title row (SGR). When false or absent the output contains no escape at all. */
  color?: boolean;
  /**
   * Display columns a line may take (a terminal's width): a left-aligned last column is cut
   * with `…` to the room the other columns leave, though never below `MIN_LAST_COLUMN_WIDTH`
   * (so a terminal too narrow for the other columns still shows a little of it, wrapped).
   */
  maxLineWidth?: number | undefined;
}

/** The least a `maxLineWidth` cut leaves of the last column: `python3 tr…` still says much. */
export const MIN_LAST_COLUMN_WIDTH = 12;

const GAP = "  ";
export const SGR_BOLD = "\x1b[1m";
export const SGR_RESET = "\x1b[0m";

function prepareCell(text: string, column: Column): string {
  const escaped = escapeText(text);
  return column.maxWidth === undefined ? escaped : truncateToWidth(escaped, column.maxWidth);
}

/** Renders `rows` (each an array of cells, one per column) under `columns`. */
export function renderTable(
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  options: TableOptions,
): string {
  const body = rows.map((row) => columns.map((column, i) => prepareCell(row[i] ?? "", column)));
  const titles = columns.map((column) => prepareCell(column.title, column));
  const measured = options.header ? [titles, ...body] : body;
  if (measured.length === 0) return "";
  const last = columns.length - 1;
  if (options.maxLineWidth !== undefined && columns[last]?.align === "left") {
    const room = options.maxLineWidth - otherColumnsWidth(measured, last);
    const width = Math.max(MIN_LAST_COLUMN_WIDTH, room);
    for (const cells of measured) cells[last] = truncateToWidth(cells[last] ?? "", width);
  }
  const widths = columns.map((_, i) =>
    measured.reduce((widest, cells) => Math.max(widest, displayWidth(cells[i] ?? "")), 0)
  );
  const trimEnd = columns[last]?.align !== "right";
  const line = (cells: readonly string[]) =>
    cells.map((cell, i) => {
      const column = columns[i];
      const width = widths[i] ?? 0;
      if (column?.align === "right") return padStartToWidth(cell, width);
      return i === last ? cell : padEndToWidth(cell, width);
    }).join(GAP);
  const finish = (text: string) => trimEnd ? text.replace(/ +$/, "") : text;
  const lines = body.map((cells) => finish(line(cells)));
  if (options.header) {
    const titleLine = finish(line(titles));
    lines.unshift(options.color ? `${SGR_BOLD}${titleLine}${SGR_RESET}` : titleLine);
  }
  return lines.map((text) => text + "\n").join("");
}

/** Display columns taken by every column before `last`, with the gaps after them. */
function otherColumnsWidth(rows: readonly (readonly string[])[], last: number): number {
  let total = 0;
  for (let i = 0; i < last; i++) {
    total += rows.reduce((widest, cells) => Math.max(widest, displayWidth(cells[i] ?? "")), 0);
    total += GAP.length;
  }
  return total;
}
