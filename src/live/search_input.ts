/**
 * The process filter of the `top` screen (`/`): typing it, and which processes it keeps. The
 * text is matched, case-insensitively, as a substring of the name, command line, user,
 * container (`runtime:id`), pod (`namespace/name`) or PID.
 */
import type { GpuProcess } from "../model/types.ts";
import type { UiState } from "./ui_state.ts";

/** Long enough for any name or id worth typing; keeps the title line sane. */
export const MAX_SEARCH_LENGTH = 64;

/** One input token while the filter is typed: Enter keeps it, Esc clears it. */
export function applySearchToken(state: UiState, token: string): UiState {
  if (token === "\r" || token === "\n") return { ...state, editing: false };
  if (token === "\x1b") return { ...state, editing: false, search: "", scroll: 0 };
  if (token === "\x7f" || token === "\b") {
    return { ...state, search: [...state.search].slice(0, -1).join(""), scroll: 0 };
  }
  // Other escape sequences (arrows) and control characters are not text.
  if (token.startsWith("\x1b") || (token.codePointAt(0) ?? 0) < 0x20) return state;
  if ([...state.search].length >= MAX_SEARCH_LENGTH) return state;
  return { ...state, search: state.search + token, scroll: 0 };
}

function haystackOf(process: GpuProcess): string[] {
  const container = process.container;
  const pod = process.pod;
  return [
    String(process.pid),
    process.name ?? "",
    process.command ?? "",
    process.user ?? "",
    container ? `${container.runtime}:${container.id}` : "",
    pod ? `${pod.namespace ?? ""}/${pod.name ?? ""} ${pod.uid}` : "",
  ];
}

/** The processes the filter keeps (all of them for an empty filter). */
export function searchProcesses(processes: GpuProcess[], search: string): GpuProcess[] {
  const needle = search.toLowerCase();
  if (needle === "") return processes;
  return processes.filter((p) => haystackOf(p).some((text) => text.toLowerCase().includes(needle)));
}
