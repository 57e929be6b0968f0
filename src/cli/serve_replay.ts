/**
 * `gputop serve --replay FILE`: a recording of `gputop record` exported as metrics, each
 * reading in turn at the recorded pace, looping (`session/looping_replay.ts`), for dashboards
 * and demos. The recording is read as `top --replay` reads it: lines that are not readings of
 * this schema are skipped and counted once, on stderr, when the file is opened.
 */
import { EXIT_FAILURE } from "../platform/exit_codes.ts";
import type { Io } from "../platform/io.ts";
import { serve, type ServeOptions } from "../serve/serve.ts";
import { filteredSource } from "../session/filtered_source.ts";
import { LoopingReplay } from "../session/looping_replay.ts";
import { processFilteredSource } from "../session/process_filtered_source.ts";
import type { ProcessFilter } from "../model/process_filter.ts";
import { openRecording } from "./open_recording.ts";

export async function serveReplay(
  path: string,
  serveOptions: ServeOptions,
  filters: { ids: string[] | null; processes: ProcessFilter | null },
  io: Io,
): Promise<number> {
  const recording = await openRecording(path, io);
  if (recording === null) return EXIT_FAILURE;
  const { snapshots, skipped } = recording;
  io.err(
    `gputop: replaying ${path}: ${snapshots.length} readings, ${skipped} lines skipped, looping\n`,
  );
  const replay = new LoopingReplay(snapshots);
  const source = filteredSource(processFilteredSource(replay, filters.processes), filters.ids);
  return await serve(source, { ...serveOptions, intervalMs: replay.tickMs }, io);
}
