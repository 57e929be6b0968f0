/**
 * A recording opened for playback (`top --replay`, `serve --replay`): its readings, or null
 * after one line on stderr saying why there is nothing to play (unreadable file, or no reading
 * in it), so both commands fail the same way with the same words.
 */
import { errorMessage } from "../model/errors.ts";
import type { Io } from "../platform/io.ts";
import { readRecording, type Recording } from "../session/recording.ts";

export async function openRecording(path: string, io: Io): Promise<Recording | null> {
  let recording;
  try {
    recording = await readRecording(path);
  } catch (error) {
    io.err(`gputop: cannot read ${path}: ${errorMessage(error)}\n`);
    return null;
  }
  if (recording.snapshots.length === 0) {
    io.err(`gputop: ${path} holds no reading (${recording.skipped} lines skipped)\n`);
    return null;
  }
  return recording;
}
