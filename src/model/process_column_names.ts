/**
 * The names of the process table's columns, as `--columns` takes them: each header in lower
 * case, spaces as `-` (as `ps -o` names its columns), in the default order. Here, import-free,
 * so that `gputop help` lists them without loading a renderer; `render/process_columns.ts`
 * defines a column for each (a test checks that the two agree).
 */
export const PROCESS_COLUMN_NAMES = [
  "pid",
  "user",
  "container",
  "pod",
  "gpu",
  "type",
  "gpu-mem",
  "engines",
  "cpu%",
  "rss",
  "start",
  "command",
] as const;
export type ProcessColumnName = (typeof PROCESS_COLUMN_NAMES)[number];

/** Other spellings `--columns` accepts: the issue's `gpu-memory`, `cpu` without `%`. */
const ALIASES: Readonly<Record<string, ProcessColumnName>> = {
  "gpu-memory": "gpu-mem",
  "cpu": "cpu%",
};

/** The column a name (any case, or an alias) means; undefined when none. */
export function processColumnName(name: string): ProcessColumnName | undefined {
  const key = name.trim().toLowerCase();
  const canonical = ALIASES[key] ?? key;
  return (PROCESS_COLUMN_NAMES as readonly string[]).includes(canonical)
    ? canonical as ProcessColumnName
    : undefined;
}
