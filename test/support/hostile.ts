/**
 * fast-check arbitraries for hostile input text: the shapes that break parsers in the field
 * (huge, negative, NaN, exponent and hex numbers, binary bytes, very long lines, CRLF line
 * ends, duplicate and missing keys). Shared by the property tests of every text parser.
 */
import fc from "./fast_check.ts";

/** Number-like text a field might hold, good and bad. */
export const hostileNumber: fc.Arbitrary<string> = fc.oneof(
  fc.integer().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.double().map(String),
  fc.constantFrom(
    "99999999999999999999999",
    "18446744073709551615",
    "-1",
    "-0",
    "NaN",
    "Infinity",
    "-Infinity",
    "1e400",
    "0x10",
    "1_000",
    "",
    " ",
    "+5",
    ".5",
    "5.",
    "9".repeat(400),
  ),
);

/** Any text: printable, binary (every code point, lone surrogates too) or a long run. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => new TextDecoder().decode(bytes)),
  fc.nat({ max: 200_000 }).map((n) => "x".repeat(n)),
  hostileNumber,
);

/** A value for a key: usually number-like, sometimes with a unit, sometimes anything. */
export const hostileValue: fc.Arbitrary<string> = fc.oneof(
  hostileNumber,
  fc.tuple(hostileNumber, fc.constantFrom(" kB", " KiB", " MiB", " B", "kB", " %", " W")).map(
    ([number, unit]) => number + unit,
  ),
  hostileText,
);

/**
 * Lines of `key<sep>value` for the given keys (each may be missing or repeated) mixed with
 * junk lines, joined by LF or CRLF, with or without a final line end.
 */
export function hostileKeyValueText(
  keys: readonly string[],
  separator: string,
): fc.Arbitrary<string> {
  const line = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...keys), hostileValue) },
    { weight: 1, arbitrary: fc.tuple(fc.string(), hostileValue) },
  ).map(([key, value]) => `${key}${separator}${value}`);
  const anyLine = fc.oneof({ weight: 5, arbitrary: line }, { weight: 1, arbitrary: hostileText });
  return fc.tuple(
    fc.array(anyLine, { maxLength: 30 }),
    fc.constantFrom("\n", "\r\n"),
    fc.boolean(),
  ).map(([lines, end, final]) => lines.join(end) + (final ? end : ""));
}

/** Options for fc.assert: enough runs to find shapes, few enough for a shared 2-core box. */
export const PROPERTY_RUNS = { numRuns: 300 } as const;
