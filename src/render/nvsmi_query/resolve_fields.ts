/**
 * A `--query-gpu=` / `--query-compute-apps=` list (`index,name,clocks.gr`) as fields, by
 * canonical name or alias, in the order asked (a field may repeat, as in nvidia-smi). Names
 * are matched without regard to case; the header prints the canonical name whatever was
 * asked for (`clocks.gr` → `clocks.current.graphics [MHz]`).
 */
import type { QueryField } from "./query_field.ts";

export type ResolvedFields<Row> =
  | { ok: true; fields: QueryField<Row>[] }
  /** The first name that is not a field, as given (trimmed). */
  | { ok: false; unknown: string };

export function resolveQueryFields<Row>(
  list: string,
  table: readonly QueryField<Row>[],
): ResolvedFields<Row> {
  const fields: QueryField<Row>[] = [];
  for (const asked of list.split(",")) {
    const name = asked.trim();
    const wanted = name.toLowerCase();
    const found = table.find((field) =>
      field.name.toLowerCase() === wanted ||
      field.aliases.some((alias) => alias.toLowerCase() === wanted)
    );
    if (!found) return { ok: false, unknown: name };
    fields.push(found);
  }
  return { ok: true, fields };
}

/** nvidia-smi's words for a name that is not a field (it exits 2 after them). */
export function invalidFieldMessage(name: string): string {
  return `Field "${name}" is not a valid field to query.`;
}
