/**
 * GPU health in the snapshot table: the HEALTH cell (ok / warn / CRIT), coloured in place
 * once the table is laid out (cells are escaped, so colour cannot go into a cell), and one
 * line per health reason under the table.
 */
import { deviceLabel } from "../model/partition_order.ts";
import type { Device } from "../model/types.ts";
import { escapeText } from "./escape_text.ts";
import { UNKNOWN } from "./format_units.ts";
import { SGR_RESET } from "./table.ts";

const SGR_GREEN = "\x1b[32m";
const SGR_YELLOW = "\x1b[33m";
const SGR_RED = "\x1b[31m";

const CELL_OF_HEALTH = { ok: "ok", warning: "warn", critical: "CRIT" } as const;
const COLOR_OF_CELL: Readonly<Record<string, string>> = {
  ok: SGR_GREEN,
  warn: SGR_YELLOW,
  CRIT: SGR_RED,
};

/** The column is shown only when some device's health is known, so tables without any stay as they were. */
export function showsHealth(devices: readonly Device[]): boolean {
  return devices.some((device) => device.health !== null);
}

export function healthCell(device: Device): string {
  return device.health === null ? UNKNOWN : CELL_OF_HEALTH[device.health];
}

/**
 * Colours the HEALTH cell of each body line. The cell starts at `offset` on every line: only
 * the GPU column (ASCII labels, padded to one width) and its gap come before it.
 */
export function colourHealthCells(table: string, offset: number, header: boolean): string {
  const lines = table.split("\n");
  return lines.map((line, i) => {
    if (header && i === 0) return line;
    const word = /^\S+/.exec(line.slice(offset))?.[0] ?? "";
    const colour = COLOR_OF_CELL[word];
    if (colour === undefined) return line;
    return line.slice(0, offset) + colour + word + SGR_RESET + line.slice(offset + word.length);
  }).join("\n");
}

/**
 * `GPU 0 health: PCIe link x8 of x16`, one line per reason, for devices with any; coloured by
 * the device's verdict (a reason carries no state of its own).
 */
export function healthReasonLines(devices: readonly Device[], color: boolean): string {
  return devices.flatMap((device) => {
    if (device.health === null || device.health === "ok") return [];
    const colour = device.health === "critical" ? SGR_RED : SGR_YELLOW;
    return (device.healthReasons ?? []).map((reason) => {
      const text = `GPU ${deviceLabel(device, devices)} health: ${escapeText(reason)}`;
      return (color ? `${colour}${text}${SGR_RESET}` : text) + "\n";
    });
  }).join("");
}
