/**
 * nvidia-smi's `--format=` value for a query: `csv`, optionally with `noheader` and
 * `nounits`, comma separated, in any order (`csv,nounits,noheader` is common in scripts).
 */
import type { QueryCsvOptions } from "../../render/nvsmi_query/query_csv.ts";
import { UsageError } from "../../platform/usage_error.ts";

export type QueryFormat = QueryCsvOptions;

export function parseQueryFormat(text: string): QueryFormat {
  const parts = text.split(",").map((part) => part.trim());
  const unknown = parts.find((part) => !["csv", "noheader", "nounits"].includes(part));
  if (unknown !== undefined || !parts.includes("csv")) {
    throw new UsageError(
      `invalid value for --format: '${text}' (expected csv, optionally with noheader, nounits)`,
    );
  }
  return { header: !parts.includes("noheader"), units: !parts.includes("nounits") };
}
