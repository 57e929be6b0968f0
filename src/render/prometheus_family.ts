/**
 * One metric family of the `gputop serve` exposition and its text: HELP and TYPE lines, then
 * one line per sample. Shared by the device, process and self families (`prometheus.ts`).
 */
import { escapeText } from "./escape_text.ts";

export type Labels = readonly (readonly [string, string])[];
/** `stateset` is OpenMetrics only (the text format gets a gauge in its place). */
export type Kind = "gauge" | "counter" | "stateset";

export interface Family {
  name: string;
  kind: Kind;
  help: string;
  samples: { labels: Labels; value: number }[];
}

/** A label value as the text formats require: backslash, double quote and newline escaped. */
export function escapeLabelValue(value: string): string {
  // Most values (pids, comm names, indexes) are plain ASCII: nothing to escape, no regex run.
  if (isPlainLabelValue(value)) return value;
  // Controls (and lone surrogates) are made visible first, as for a terminal; what remains
  // needs only the format's own three escapes.
  return escapeText(value).replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

/** Printable ASCII with no backslash or double quote: what every escape leaves as it is. */
function isPlainLabelValue(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code > 0x7e || code === 0x5c || code === 0x22) return false;
  }
  return true;
}

/** JavaScript's shortest round-trip form (`1e+21` included) parses as Go's float64 does. */
function formatValue(value: number): string {
  return String(value);
}

function renderLabels(labels: Labels): string {
  if (labels.length === 0) return "";
  // Concatenated in a loop: no array of pairs' strings per sample line.
  let text = "{";
  for (let i = 0; i < labels.length; i++) {
    const [key, value] = labels[i]!;
    text += `${i === 0 ? "" : ","}${key}="${escapeLabelValue(value)}"`;
  }
  return `${text}}`;
}

export function renderFamily(family: Family, openMetrics: boolean): string {
  // OpenMetrics names a counter family without `_total`; its samples keep the suffix.
  const familyName = openMetrics && family.kind === "counter"
    ? family.name.replace(/_total$/, "")
    : family.name;
  let text = `# HELP ${familyName} ${family.help}\n# TYPE ${familyName} ${family.kind}\n`;
  for (const sample of family.samples) {
    text += `${family.name}${renderLabels(sample.labels)} ${formatValue(sample.value)}\n`;
  }
  return text;
}
