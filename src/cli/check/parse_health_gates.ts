/** `gputop check`'s GPU-health options → gates, in the order of CHECK_OPTIONS. */
import type { OptionValue } from "../option_spec.ts";
import { stringValue } from "../cli_options.ts";
import type { Assertion } from "./assertions.ts";
import { parseNumber } from "./parse_number.ts";

type OptionValues = Readonly<Record<string, OptionValue>>;

export function healthGates(values: OptionValues): Assertion[] {
  const allowUnknown = values["allow-unknown"] === true;
  const gates: Assertion[] = [];
  if (values["healthy-strict"] === true) {
    gates.push({ kind: "healthy", label: "--healthy-strict", strict: true, allowUnknown });
  } else if (values.healthy === true) {
    gates.push({ kind: "healthy", label: "--healthy", strict: false, allowUnknown });
  }
  for (const kind of ["max-ecc-errors", "max-retired-pages"] as const) {
    const text = stringValue(values[kind]);
    if (text === undefined) continue;
    const count = parseNumber(`--${kind}`, text, { integer: true });
    gates.push({ kind, label: `--${kind} ${text}`, count, allowUnknown });
  }
  for (const kind of ["pcie-full-width", "not-throttled"] as const) {
    if (values[kind] === true) gates.push({ kind, label: `--${kind}`, allowUnknown });
  }
  return gates;
}
