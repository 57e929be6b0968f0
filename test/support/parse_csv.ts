/** Reading gputop's CSV back in tests, independently of the renderer that wrote it. */
import assert from "node:assert/strict";

/**
 * A minimal RFC 4180 parser (LF or CRLF line ends): the rows of `text`, each a list of its
 * fields, quotes removed and doubled quotes undone. The text must end with a line end.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else if (char !== "\r") field += char;
  }
  assert.equal(field, "", "text must end with a line end");
  return rows;
}
