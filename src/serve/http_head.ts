/**
 * The head of an HTTP/1.x request (RFC 9112 §2–§5): finding where it ends in the bytes read
 * so far, and parsing its request line and header fields. Strict where leniency lets a
 * request mean two things to two parsers (a bare CR, whitespace before a colon, obsolete line
 * folding: all 400); lenient where the RFC says to be (a bare LF ends a line, empty lines
 * before the request line are skipped).
 */

export interface RequestHead {
  method: string;
  /** As sent: origin-form (`/metrics?x`) or absolute-form (`http://host/metrics`). */
  target: string;
  /** 0 for HTTP/1.0, 1 for HTTP/1.1 (a later 1.x is read as 1.1, its minor versions compatible). */
  minorVersion: 0 | 1;
  /** Field names lower-cased, values with surrounding whitespace removed, in order. */
  fields: [string, string][];
}

/** A request the server answers with `status` and then closes the connection. */
export interface HttpError {
  status: number;
  message: string;
}

export function isHttpError(value: object): value is HttpError {
  return "status" in value;
}

const LF = 0x0a;
const CR = 0x0d;
const TOKEN = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]+";
const REQUEST_LINE = new RegExp(`^(${TOKEN}) ([\\x21-\\x7e]+) HTTP/(\\d)\\.(\\d)$`);
const FIELD_LINE = new RegExp(`^(${TOKEN}):[ \\t]*(.*?)[ \\t]*$`);
// HTAB, visible ASCII, obs-text; no other control character.
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Bytes of empty lines (CR LF or LF) before a request line, which RFC 9112 §2.2 skips. */
export function leadingNewlines(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length && (bytes[index] === LF || bytes[index] === CR)) index++;
  return index;
}

/**
 * Where the head ends: `length` bytes of head, then the empty line, `consumed` bytes in all.
 * Null while the empty line has not arrived.
 */
export function findHeadEnd(bytes: Uint8Array): { length: number; consumed: number } | null {
  for (let index = bytes.indexOf(LF); index >= 0; index = bytes.indexOf(LF, index + 1)) {
    if (bytes[index + 1] === LF) return { length: index + 1, consumed: index + 2 };
    if (bytes[index + 1] === CR && bytes[index + 2] === LF) {
      return { length: index + 1, consumed: index + 3 };
    }
  }
  return null;
}

/** Bytes as ISO-8859-1 text (one char per byte), the charset a header's obs-text is read in. */
export function latin1Text(bytes: Uint8Array): string {
  let text = "";
  for (let start = 0; start < bytes.length; start += 4096) {
    text += String.fromCharCode(...bytes.subarray(start, start + 4096));
  }
  return text;
}

/** The head's lines (the last one's line end included in `bytes`), or null on a bare CR. */
function headLines(bytes: Uint8Array): string[] | null {
  const lines = latin1Text(bytes).split("\n");
  lines.pop(); // the head ends with a line end: nothing follows the last one
  const out: string[] = [];
  for (const line of lines) {
    const text = line.endsWith("\r") ? line.slice(0, -1) : line;
    if (text.includes("\r")) return null;
    out.push(text);
  }
  return out;
}

/** Parses the head's bytes (as `findHeadEnd` delimits them, without the empty line). */
export function parseRequestHead(bytes: Uint8Array): RequestHead | HttpError {
  const bad = (message: string): HttpError => ({ status: 400, message });
  const lines = headLines(bytes);
  if (lines === null) return bad("a bare CR in the request head");
  const requestLine = REQUEST_LINE.exec(lines[0] ?? "");
  if (!requestLine) return bad("malformed request line");
  const [, method, target, major, minor] = requestLine as unknown as string[];
  if (major !== "1") return { status: 505, message: `HTTP/${major}.${minor} is not supported` };
  const fields: [string, string][] = [];
  for (const line of lines.slice(1)) {
    // A line starting with whitespace is obsolete line folding (RFC 9112 §5.2): rejected.
    const field = FIELD_LINE.exec(line);
    if (!field) return bad("malformed header field");
    const value = field[2]!;
    if (!FIELD_VALUE.test(value)) return bad("a control character in a header field");
    fields.push([field[1]!.toLowerCase(), value]);
  }
  return { method: method!, target: target!, minorVersion: minor === "0" ? 0 : 1, fields };
}
