/**
 * The options of the commands that list processes (snapshot, ps, watch, top, serve): the
 * filters `--container`, `--pod` and `--user`, and for the tables of snapshot and ps
 * `--columns`. Each filter may be repeated or given a comma list (any value matches).
 */
import type { ProcessFilter } from "../model/process_filter.ts";
import { PROCESS_COLUMN_NAMES, processColumnName } from "../model/process_column_names.ts";
import { UsageError } from "../platform/usage_error.ts";
import type { OptionSpec, OptionSpecs, OptionValue } from "./option_spec.ts";

export const PROCESS_FILTER_OPTIONS: OptionSpecs = {
  container: {
    type: "string",
    multiple: true,
    value: "ID",
    help: "only processes in this container: an id or its prefix, a name,\n" +
      "or runtime:id as the CONTAINER column shows it",
  },
  pod: {
    type: "string",
    multiple: true,
    value: "POD",
    help: "only processes of this Kubernetes pod: NAME, NAMESPACE/NAME or UID",
  },
  user: {
    type: "string",
    multiple: true,
    value: "NAME",
    help: "only processes of this user (a name, or a uid without one)",
  },
};

export const COLUMNS_OPTION: OptionSpec = {
  type: "string",
  value: "LIST",
  help: "the process table's columns, in this order (table only):\n" +
    PROCESS_COLUMN_NAMES.join(","),
};

/** Repeated values and comma lists, each value trimmed; a usage error for an empty one. */
function valuesOf(flag: string, value: OptionValue): string[] {
  if (value === undefined) return [];
  const given = (Array.isArray(value) ? value : [value]).filter((v) => typeof v === "string");
  const values = given.flatMap((text) => text.split(",")).map((text) => text.trim());
  if (values.some((text) => text === "")) {
    throw new UsageError(`invalid value for ${flag}: an empty value`);
  }
  return values;
}

/** The filter the command line asks for; null when it names none. */
export function processFilterOf(
  values: Readonly<Record<string, OptionValue>>,
): ProcessFilter | null {
  const filter: ProcessFilter = {
    containers: valuesOf("--container", values.container),
    pods: valuesOf("--pod", values.pod),
    users: valuesOf("--user", values.user),
  };
  const none = filter.containers.length + filter.pods.length + filter.users.length === 0;
  return none ? null : filter;
}

/** `--columns`: the column names in order; null without the option. */
export function columnsOf(values: Readonly<Record<string, OptionValue>>): string[] | null {
  if (values.columns === undefined) return null;
  const names = valuesOf("--columns", values.columns);
  for (const name of names) {
    if (processColumnName(name) === undefined) {
      throw new UsageError(
        `invalid value for --columns: '${name}' (known: ${PROCESS_COLUMN_NAMES.join(", ")})`,
      );
    }
  }
  return names;
}
