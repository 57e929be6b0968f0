/**
 * Pure helpers for `nvidia-smi --query-* --format=csv,noheader,nounits` output: line and cell
 * splitting, the "no value" markers, and numbers with an optional unit.
 *
 * nvidia-smi separates cells with `, ` and does not quote them. The queries put the only
 * free-text field (a GPU or process name) last, so a name that itself contains a comma
 * lands whole in the last cell (`splitCsvLine` with a cell limit). A cell that does start
 * with a double quote is read as a quoted CSV cell, in case a build ever quotes.
 */

/** Non-empty lines of `text`, without `\r` (Windows) or surrounding spaces. */
export function csvLines(text: string): string[] {
  const lines: string[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line !== "") lines.push(line);
  }
  return lines;
}

/**
 * Cells of one line, trimmed. With `maxCells`, the last cell takes the rest of the line
 * (commas included), as `String.split` with a limit does not.
 */
export function splitCsvLine(line: string, maxCells = Infinity): string[] {
  const cells: string[] = [];
  let position = 0;
  while (true) {
    while (line[position] === " " || line[position] === "\t") position++;
    if (cells.length === maxCells - 1) {
      cells.push(unquoteWhole(line.slice(position).trim()));
      return cells;
    }
    if (line[position] === '"') {
      const quoted = readQuoted(line, position);
      if (quoted) {
        const comma = line.indexOf(",", quoted.end);
        const tail = comma === -1 ? line.slice(quoted.end) : line.slice(quoted.end, comma);
        cells.push(quoted.value + tail.trim());
        if (comma === -1) return cells;
        position = comma + 1;
        continue;
      }
    }
    const comma = line.indexOf(",", position);
    if (comma === -1) {
      cells.push(line.slice(position).trim());
      return cells;
    }
    cells.push(line.slice(position, comma).trim());
    position = comma + 1;
  }
}

/** A quoted cell starting at `start` (`"a ""b"" c"`), or null when the quote never closes. */
function readQuoted(line: string, start: number): { value: string; end: number } | null {
  let value = "";
  let position = start + 1;
  while (position < line.length) {
    const char = line[position];
    if (char === '"') {
      if (line[position + 1] === '"') {
        value += '"';
        position += 2;
        continue;
      }
      return { value, end: position + 1 };
    }
    value += char;
    position++;
  }
  return null;
}

function unquoteWhole(cell: string): string {
  if (cell.length < 2 || !cell.startsWith('"')) return cell;
  const quoted = readQuoted(cell, 0);
  return quoted && quoted.end === cell.length ? quoted.value : cell;
}

/**
 * True for a cell that carries no value: empty, `N/A`, or any bracketed marker nvidia-smi
 * prints instead of one (`[N/A]`, `[Not Supported]`, `[Unknown Error]`,
 * `[Insufficient Permissions]`, `[Requested functionality has been deprecated]`, ...).
 */
export function isNoValue(cell: string): boolean {
  const text = cell.trim();
  return text === "" || /^\[.*\]$/.test(text) || /^n\/a$/i.test(text);
}

/** The cell's text, or null for a no-value marker. */
export function textCell(cell: string): string | null {
  return isNoValue(cell) ? null : cell.trim();
}

const NUMBER_WITH_UNIT = /^([-+]?(?:\d+\.?\d*|\.\d+))(?:\s*([a-z%]+))?$/i;

/**
 * A decimal number, or null. With `nounits` nvidia-smi prints bare numbers; older captures
 * and `--format=csv` print a unit after a space (`11175 MiB`, `106.56 W`, `29 %`), which is
 * accepted only when it is one of `units` (so `8 GiB` is not read as 8 MiB).
 */
export function numberCell(cell: string, units: readonly string[]): number | null {
  if (isNoValue(cell)) return null;
  const match = NUMBER_WITH_UNIT.exec(cell.trim());
  if (!match) return null;
  const [, digits = "", unit] = match;
  if (
    unit !== undefined && !units.some((allowed) => allowed.toLowerCase() === unit.toLowerCase())
  ) {
    return null;
  }
  const value = Number(digits);
  return Number.isFinite(value) ? value : null;
}
