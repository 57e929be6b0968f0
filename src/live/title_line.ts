/**
 * The title line of the `top` screen (version, host, time, interval, sort order, device
 * filter, errors), and the line that says why no device is shown.
 */
import type { Snapshot } from "../model/types.ts";
import { escapeText } from "../render/escape_text.ts";
import type { LiveFrameOptions } from "./frame_options.ts";
import type { ReplayStatus } from "./replay_player.ts";
import type { SortOrder, UiState } from "./ui_state.ts";
import { UNKNOWN_TEXT } from "./unknown_text.ts";

const SORT_LABEL: Readonly<Record<SortOrder, string>> = {
  memory: "GPU memory",
  utilization: "GPU%",
  cpu: "CPU%",
  start: "start, newest",
  container: "container",
  pod: "pod",
  pid: "pid",
};

function intervalText(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

function replayParts(replay: ReplayStatus): string[] {
  const parts = [`replay ${replay.position}/${replay.total}`, `${replay.speed}×`];
  if (!replay.playing) parts.push(replay.position === replay.total ? "end" : "paused");
  if (replay.skipped > 0) {
    parts.push(`${replay.skipped} line${replay.skipped === 1 ? "" : "s"} skipped`);
  }
  return parts;
}

export function titleText(
  snapshot: Snapshot | null,
  state: UiState,
  options: LiveFrameOptions,
): string {
  const parts = [`gputop ${options.version}`];
  const replay = options.replay;
  if (snapshot !== null) {
    const hosts = snapshot.hosts?.length;
    parts.push(
      hosts === undefined ? escapeText(snapshot.hostname ?? UNKNOWN_TEXT) : `${hosts} hosts`,
    );
    // A replay is looked at days later: its readings' dates matter.
    const date = replay ? `${escapeText(snapshot.timestamp.slice(0, 10))} ` : "";
    parts.push(`${date}${escapeText(snapshot.timestamp.slice(11, 19))} UTC`);
  }
  if (replay) parts.push(...replayParts(replay));
  else parts.push(`every ${intervalText(options.intervalMs)}`);
  parts.push(`sort: ${SORT_LABEL[state.sort]}${state.reverse ? ", reversed" : ""}`);
  const ids = options.idFilter ? `-i ${escapeText(options.idFilter.ids.join(","))}` : null;
  if (state.deviceFilter !== null) {
    parts.push(ids === null ? `GPU: ${state.deviceFilter}` : `GPU: ${state.deviceFilter} (${ids})`);
  } else parts.push(ids === null ? "GPU: all" : `GPU: ${ids}`);
  if (state.search !== "" && !state.editing) parts.push(`filter: ${escapeText(state.search)}`);
  if (state.paused) parts.push("PAUSED");
  if (options.pending && snapshot === null) parts.push("reading…");
  if (options.error !== null) parts.push(`error: ${escapeText(options.error)}`);
  for (const backend of snapshot?.backends ?? []) {
    // unavailable and skipped are normal (no such GPU here); an error is worth a word
    if (backend.status === "error") {
      parts.push(`${backend.id}: ${escapeText(backend.detail ?? "error")}`);
    }
  }
  return " " + parts.join(" · ");
}

/** Why the view shows no device: `-i` filtered every one out, or none was found. */
export function noDevicesText(snapshot: Snapshot, options: LiveFrameOptions): string {
  const found = options.idFilter?.devicesFound ?? 0;
  if (options.idFilter && found > 0) {
    const ids = escapeText(options.idFilter.ids.join(","));
    const gpus = found === 1 ? "the 1 GPU found" : `the ${found} GPUs found`;
    return ` -i ${ids} matched none of ${gpus}.`;
  }
  return snapshot.backends.some((b) => b.status !== "ok")
    ? " No GPUs found. Run 'gputop backends' to see why."
    : " No GPUs found.";
}
