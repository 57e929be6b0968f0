/**
 * `top --hosts`: a line for each host not shown fresh — one that could not be read (its status
 * and why) or one still answering whose last reading is shown (how old it is).
 */
import type { Snapshot } from "../model/types.ts";
import { escapeText } from "../render/escape_text.ts";

export function hostProblemLines(snapshot: Snapshot): string[] {
  return (snapshot.hosts ?? [])
    .filter((entry) => entry.status !== "ok" || entry.detail !== null)
    .map((entry) => {
      const status = entry.status === "ok" ? "stale" : entry.status;
      return ` ${escapeText(entry.host)}  ${status}: ${escapeText(entry.detail ?? "")}`;
    });
}
