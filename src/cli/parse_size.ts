/**
 * Memory sizes on the command line: `24GiB` (binary units), `500MB` / `1.5TB` (decimal units,
 * as disk and cloud vendors write them), or a plain number of bytes. Units are case-blind;
 * anything else is a usage error that names the accepted forms.
 */
import { UsageError } from "../platform/usage_error.ts";

const UNIT_BYTES: Record<string, number> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
  tib: 2 ** 40,
};

export const SIZE_FORMS = "a number of bytes, or a number with KB, MB, GB, TB (powers of 1000) " +
  "or KiB, MiB, GiB, TiB (powers of 1024), e.g. 24GiB, 500MB, 1.5TB";

export function parseSizeBytes(what: string, text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]+)?$/i.exec(text);
  const unit = match?.[2]?.toLowerCase();
  const multiplier = unit === undefined ? 1 : UNIT_BYTES[unit];
  const number = Number(match?.[1]);
  // A plain byte count must be whole: "1.5" bytes is more likely a forgotten unit.
  const wholeWhenPlain = unit !== undefined || Number.isInteger(number);
  if (!match || multiplier === undefined || !wholeWhenPlain) {
    throw new UsageError(`invalid size for ${what}: '${text}' (expected ${SIZE_FORMS})`);
  }
  const bytes = Math.round(number * multiplier);
  if (!Number.isSafeInteger(bytes)) {
    throw new UsageError(`invalid size for ${what}: '${text}' (too large)`);
  }
  return bytes;
}
