/**
 * `gputop query`: nvidia-smi's query interface for every vendor gputop reads, so a script
 * written for `nvidia-smi --query-gpu=… --format=csv,noheader,nounits` (or
 * `--query-compute-apps=…`) runs by changing the program name. Its arguments are in
 * nvidia-smi's syntax (`query/parse_query_args.ts`); the fields and their text are
 * `render/nvsmi_query/`. An unknown field ends it with nvidia-smi's own message and exit 2.
 */
import { APP_QUERY_FIELDS } from "../../render/nvsmi_query/app_fields.ts";
import {
  APP_FIELD_HELP,
  GPU_FIELD_HELP,
  renderFieldHelp,
} from "../../render/nvsmi_query/field_help.ts";
import { GPU_QUERY_FIELDS } from "../../render/nvsmi_query/gpu_fields.ts";
import { invalidFieldMessage } from "../../render/nvsmi_query/resolve_fields.ts";
import { EXIT_OK, EXIT_USAGE } from "../../platform/exit_codes.ts";
import type { Io } from "../../platform/io.ts";
import type { Invocation } from "../command.ts";
import { parseQueryArguments } from "../query/parse_query_args.ts";
import { queryLoop } from "../query/query_loop.ts";
import { queryOnce } from "../query/query_once.ts";
import { queryOutput } from "../query/query_output.ts";

/** `positionals` are the command's arguments, unparsed (its registry entry asks for that). */
export function run({ positionals }: Invocation, io: Io): Promise<number> {
  const request = parseQueryArguments(positionals, io.env);
  if (request.mode === "help-gpu") {
    io.out(renderFieldHelp("--query-gpu", GPU_QUERY_FIELDS, GPU_FIELD_HELP));
    return Promise.resolve(EXIT_OK);
  }
  if (request.mode === "help-compute-apps") {
    io.out(renderFieldHelp("--query-compute-apps", APP_QUERY_FIELDS, APP_FIELD_HELP));
    return Promise.resolve(EXIT_OK);
  }
  const resolved = queryOutput(request);
  if (!resolved.ok) {
    // nvidia-smi's exact line: scripts (and gputop's own nvidia-smi backend) look for it.
    io.err(`${invalidFieldMessage(resolved.unknown)}\n`);
    return Promise.resolve(EXIT_USAGE);
  }
  return request.loopMs === null
    ? queryOnce(request, resolved.output, io)
    : queryLoop(request, request.loopMs, resolved.output, io);
}
