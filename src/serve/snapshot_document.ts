/**
 * `GET /snapshot`: the latest reading as the document `gputop --json` prints (the same
 * renderer, so the same schema). Command lines can hold secrets (tokens, passwords passed as
 * arguments), so each process's `command` is null unless `serve --expose-commands` was
 * given; its `name` (the short process name, as the metrics' `comm`) stays.
 */
import { renderJson } from "../render/json.ts";
import type { Snapshot } from "../model/types.ts";

export function snapshotDocument(snapshot: Snapshot, exposeCommands: boolean): string {
  if (exposeCommands) return renderJson(snapshot);
  const processes = snapshot.processes.map((process) => ({ ...process, command: null }));
  return renderJson({ ...snapshot, processes });
}
