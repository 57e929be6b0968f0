/** The utilisation and memory bars of the `top` screen, coloured by how full they are. */
import { displayWidth, truncateToWidth } from "../render/display_width.ts";
import { type Segment, SGR } from "./styled_line.ts";

function levelColor(ratio: number): string {
  return ratio >= 0.9 ? SGR.red : ratio >= 0.6 ? SGR.yellow : SGR.green;
}

/**
 * `[|||||||      87%]`: `inner` columns between the brackets, the filled part in `|`, the
 * label right-aligned over it. An unknown ratio draws no bar, only `unknown`.
 */
export function bar(ratio: number | null, label: string, width: number): Segment[] {
  const inner = Math.max(1, width - 2);
  const text = truncateToWidth(label, inner);
  const labelStart = inner - displayWidth(text);
  const filled = ratio === null ? 0 : Math.round(Math.min(1, Math.max(0, ratio)) * inner);
  const cells: string[] = [];
  for (let i = 0; i < labelStart; i++) cells.push(i < filled ? "|" : " ");
  const fill = cells.slice(0, Math.min(filled, labelStart)).join("");
  const gap = cells.slice(Math.min(filled, labelStart)).join("");
  const sgr = ratio === null ? SGR.dim : levelColor(ratio);
  return [
    { text: "[" },
    { text: fill, sgr },
    { text: gap },
    { text, ...(ratio === null ? { sgr: SGR.dim } : {}) },
    { text: "]" },
  ];
}
