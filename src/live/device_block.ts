/**
 * The three lines of one device on the `top` screen: name, PCI address and engines;
 * utilisation and memory bars; temperature, power, fan and clocks. An unknown value reads
 * `unknown`, never 0.
 */
import type { Device, ListedDevice } from "../model/types.ts";
import { escapeText } from "../render/escape_text.ts";
import {
  formatBytes,
  formatCelsius,
  formatEngines,
  formatPercent,
  formatWatts,
} from "../render/format_units.ts";
import { type Line, SGR } from "./styled_line.ts";
import { UNKNOWN_TEXT } from "./unknown_text.ts";
import { bar } from "./usage_bar.ts";

function known(text: string, value: unknown): string {
  return value === null || value === undefined ? UNKNOWN_TEXT : text;
}

function powerText(device: Device): string {
  if (device.powerWatts === null && device.powerLimitWatts === null) return UNKNOWN_TEXT;
  const now = device.powerWatts === null ? UNKNOWN_TEXT : formatWatts(device.powerWatts);
  return device.powerLimitWatts === null ? now : `${now} / ${formatWatts(device.powerLimitWatts)}`;
}

/** `1095/1215 MHz` (graphics/memory), `1095/unknown MHz`; `unknown` when both are. */
function clockText(device: Device): string {
  const part = (mhz: number | null) => mhz === null ? UNKNOWN_TEXT : String(Math.round(mhz));
  if (device.graphicsClockMHz === null && device.memoryClockMHz === null) return UNKNOWN_TEXT;
  return `${part(device.graphicsClockMHz)}/${part(device.memoryClockMHz)} MHz`;
}

function memoryLabel(device: Device): string {
  const used = device.memoryUsedBytes;
  const total = device.memoryTotalBytes;
  if (used === null && total === null) return UNKNOWN_TEXT;
  return `${used === null ? UNKNOWN_TEXT : formatBytes(used)} / ${
    total === null ? UNKNOWN_TEXT : formatBytes(total)
  }`;
}

function memoryRatio(device: Device): number | null {
  const { memoryUsedBytes: used, memoryTotalBytes: total } = device;
  return used === null || total === null || total <= 0 ? null : used / total;
}

/**
 * A sick device is marked on its title line, in words (so it shows without colour too): the
 * verdict and the first reason, which the health rule lists most serious first.
 */
function healthMark(device: Device): Line {
  if (device.health !== "critical" && device.health !== "warning") return [];
  const reason = device.healthReasons?.[0];
  const text = `  ${device.health === "critical" ? "CRITICAL" : "WARNING"}` +
    (reason === undefined ? "" : `: ${escapeText(reason)}`);
  return [{ text, sgr: device.health === "critical" ? SGR.red : SGR.yellow }];
}

export function deviceBlock(device: Device, width: number): Line[] {
  const name = escapeText(device.name ?? UNKNOWN_TEXT);
  const engines = device.engines === null ? UNKNOWN_TEXT : formatEngines(device.engines, 3);
  const host = (device as ListedDevice).host;
  const title: Line = [
    ...(host === undefined ? [] : [{ text: `${escapeText(host)}  `, sgr: SGR.bold }]),
    { text: `GPU ${device.index} `, sgr: SGR.bold },
    { text: name, sgr: SGR.cyan },
    ...healthMark(device),
    { text: `  ${escapeText(device.pciBusId ?? device.id)}` },
    { text: "  ENGINES " },
    { text: engines === "-" ? UNKNOWN_TEXT : escapeText(engines) },
    ...(device.runtimeStatus === "suspended" ? [{ text: "  suspended", sgr: SGR.dim }] : []),
    ...(device.error !== null
      ? [{ text: `  error: ${escapeText(device.error)}`, sgr: SGR.yellow }]
      : []),
  ];
  // "  UTIL " + bar + "  MEM " + bar: 7 + 6 = 13 columns of labels around two bars.
  const barWidth = Math.max(8, Math.floor((width - 13) / 2));
  const utilization = device.utilizationPercent;
  const bars: Line = [
    { text: "  UTIL " },
    ...bar(
      utilization === null ? null : utilization / 100,
      utilization === null ? UNKNOWN_TEXT : formatPercent(utilization),
      barWidth,
    ),
    { text: "  MEM " },
    ...bar(memoryRatio(device), memoryLabel(device), barWidth),
  ];
  const details: Line = [
    { text: "  TEMP " },
    { text: known(formatCelsius(device.temperatureCelsius), device.temperatureCelsius) },
    { text: "  POWER " },
    { text: powerText(device) },
    { text: "  FAN " },
    { text: known(formatPercent(device.fanPercent), device.fanPercent) },
    { text: "  CLOCK gfx/mem " },
    { text: clockText(device) },
  ];
  return [title, bars, details];
}
