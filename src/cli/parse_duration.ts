/** `500ms`, `2s`, `1.5s`, `1m`, `1h`, or a bare number of seconds → milliseconds (≤ 24 h). */
import { UsageError } from "../platform/usage_error.ts";

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

export function parseDurationMs(flag: string, text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text);
  if (!match) {
    throw new UsageError(
      `invalid value for ${flag}: '${text}' (expected e.g. 500ms, 2s, 1m, 1h; a bare number is seconds)`,
    );
  }
  const ms = Number(match[1]) * (UNIT_MS[match[2] ?? "s"] ?? 1000);
  if (!Number.isFinite(ms) || ms > 86_400_000) {
    throw new UsageError(`invalid value for ${flag}: '${text}' (at most 24h)`);
  }
  return Math.round(ms);
}
