/**
 * A recording of `gputop record` (JSON lines, gzip when the name ends in `.gz`) read back for
 * `top --replay`. A line that is not JSON, is not a reading of this schema version, or is cut
 * off (the last line after a crash) is skipped and counted, once, when the file is opened;
 * a gzip stream cut off before its end gives the lines it holds. Never throws for the
 * content, only when the file cannot be read.
 */
import { SnapshotSchema } from "../model/schema.ts";
import type { Snapshot } from "../model/types.ts";

export interface Recording {
  snapshots: Snapshot[];
  /** Lines skipped: garbage, another schema version, a cut-off last line. */
  skipped: number;
}

/** One reading per line; blank lines are not readings and not counted. */
export function parseRecording(text: string): Recording {
  const snapshots: Snapshot[] = [];
  let skipped = 0;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const reading = readingOf(line);
    if (reading === null) skipped++;
    else snapshots.push(reading);
  }
  return { snapshots, skipped };
}

function readingOf(line: string): Snapshot | null {
  try {
    const parsed = SnapshotSchema.safeParse(JSON.parse(line));
    return parsed.success && !Number.isNaN(Date.parse(parsed.data.timestamp)) ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The text of a gzip stream, as far as it goes (a recording cut off by a crash has no end). */
async function gunzipAsFarAsItGoes(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // A cut-off or corrupt stream: keep what came out before it.
  }
  return text;
}

export async function readRecording(path: string): Promise<Recording> {
  const bytes = await Deno.readFile(path);
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const text = gzip ? await gunzipAsFarAsItGoes(bytes) : new TextDecoder().decode(bytes);
  return parseRecording(text);
}

/** The usual gap between readings (the median), for the charts' time label; 1 s when unknown. */
export function recordedIntervalMs(snapshots: readonly Snapshot[]): number {
  const gaps: number[] = [];
  for (let i = 1; i < snapshots.length; i++) {
    const gap = Date.parse(snapshots[i]!.timestamp) - Date.parse(snapshots[i - 1]!.timestamp);
    if (gap > 0) gaps.push(gap);
  }
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)] ?? 1000;
}
