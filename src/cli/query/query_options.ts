/**
 * `gputop query`'s own options, as `gputop query --help` lists them. The command takes its
 * arguments in nvidia-smi's syntax (`--query-gpu=…`, `--format=csv,noheader`, `-l 5`,
 * `-lms 500`), which the common parser cannot read, so `parse_query_args.ts` parses them;
 * this table is what help shows and which long names that parser knows.
 */
import type { OptionSpecs } from "../option_spec.ts";

export const QUERY_OPTIONS: OptionSpecs = {
  "query-gpu": {
    type: "string",
    value: "FIELDS",
    help: "device fields, comma separated (--help-query-gpu lists them);\n" +
      "with --format=csv, optionally csv,noheader and/or nounits",
  },
  "query-compute-apps": {
    type: "string",
    value: "FIELDS",
    help: "compute process fields, comma separated (--help-query-compute-apps)",
  },
  "help-query-gpu": { type: "boolean", help: "list the --query-gpu fields" },
  "help-query-compute-apps": { type: "boolean", help: "list the --query-compute-apps fields" },
  loop: {
    type: "string",
    short: "l",
    value: "SEC",
    help: "a block every SEC seconds (SEC left out: 5) until stopped",
  },
  "loop-ms": { type: "string", value: "MS", help: "a block every MS milliseconds (also -lms MS)" },
};
