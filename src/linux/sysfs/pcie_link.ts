/**
 * A PCI device's link, from the PCI core's files in its directory (drivers/pci/pci-sysfs.c):
 * `{current,max}_link_speed` ("16.0 GT/s PCIe"; older kernels "8 GT/s"; "Unknown" when the
 * register holds no speed) and `{current,max}_link_width` (lanes, decimal). `max` is what the
 * device and its slot can train to; `current` what it trained to, and an idle link steps its
 * speed down to save power.
 *
 * On a discrete card behind an on-board PCIe switch these are the switch-internal link, not
 * the slot's. For an AMD GPU (see boardLinkPath) the link is read from the top of its board's
 * own switch, whose upstream port faces the slot; any other device's from its own directory.
 */
import { joinPath } from "../path_join.ts";
import { readIntOrNull, readLineOrNull } from "../read_file.ts";
import { boardLinkPath } from "./board_link.ts";

export interface PcieLink {
  generation: number | null;
  width: number | null;
  generationMax: number | null;
  widthMax: number | null;
}

/** Transfer rate (GT/s) → PCIe generation; the rate doubles from Gen 3 on. */
const GENERATION_OF_RATE: ReadonlyMap<number, number> = new Map([
  [2.5, 1],
  [5, 2],
  [8, 3],
  [16, 4],
  [32, 5],
  [64, 6],
  [128, 7],
]);

/** "16.0 GT/s PCIe" → 4; null for "Unknown", an unlisted rate or anything else. */
export function pcieGenerationOfSpeed(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?) GT\/s\b/.exec(text.trim());
  if (match === null) return null;
  return pcieGenerationOfRate(Number(match[1]));
}

/** 16 (GT/s) → 4; null for a rate no generation has. */
export function pcieGenerationOfRate(gigatransfersPerSecond: number): number | null {
  return GENERATION_OF_RATE.get(gigatransfersPerSecond) ?? null;
}

/** Width 0 (no link) or more than a link can have is unknown. */
function lanes(path: string): number | null {
  const value = readIntOrNull(path);
  return value === null || value < 1 || value > 64 ? null : value;
}

function generation(path: string): number | null {
  const text = readLineOrNull(path);
  return text === null ? null : pcieGenerationOfSpeed(text);
}

export function readPcieLink(pciDevicePath: string): PcieLink {
  const devicePath = boardLinkPath(pciDevicePath);
  return {
    generation: generation(joinPath(devicePath, "current_link_speed")),
    width: lanes(joinPath(devicePath, "current_link_width")),
    generationMax: generation(joinPath(devicePath, "max_link_speed")),
    widthMax: lanes(joinPath(devicePath, "max_link_width")),
  };
}
