/**
 * `gputop check`'s own options. Kept apart from the command so the registry can list them
 * (for parsing and help) without loading the command.
 */
import type { OptionSpecs } from "../option_spec.ts";
import { CHECK_VENDORS } from "./vendors.ts";

export const CHECK_OPTIONS: OptionSpecs = {
  "min-gpus": { type: "string", value: "N", help: "at least N GPUs (after -i; NPUs not counted)" },
  "min-npus": {
    type: "string",
    value: "N",
    help: "at least N NPUs (/dev/accel devices, after -i)",
  },
  vendor: {
    type: "string",
    multiple: true,
    value: "V",
    help: `at least one device from vendor V (${CHECK_VENDORS.slice(0, 5).join(", ")},\n` +
      `${CHECK_VENDORS.slice(5).join(", ")}; any case;\n` +
      "a comma list means any of them)",
  },
  "require-backend": {
    type: "string",
    multiple: true,
    value: "ID",
    help: "backend ID read successfully (status ok); repeat or comma list",
  },
  "min-free-memory": {
    type: "string",
    value: "SIZE",
    help: "each device has at least SIZE free (24GiB, 500MB, 1.5TB, bytes)",
  },
  "max-used-memory": { type: "string", value: "SIZE", help: "each device has at most SIZE used" },
  "max-temperature": {
    type: "string",
    value: "C",
    help: "each device at most C °C (may be negative)",
  },
  "no-processes": { type: "boolean", help: "no process holds memory on any device" },
  "max-utilization": { type: "string", value: "PCT", help: "each device at most PCT % busy" },
  "driver-min": {
    type: "string",
    value: "VERSION",
    help: "each device's driver at least VERSION (dotted numbers, e.g. 535.104)",
  },
  healthy: { type: "boolean", help: "no device's health is critical (README: Health)" },
  "healthy-strict": { type: "boolean", help: "every device's health is ok (warning fails too)" },
  "max-ecc-errors": {
    type: "string",
    value: "N",
    help: "each device has at most N uncorrected ECC errors since the driver loaded",
  },
  "max-retired-pages": {
    type: "string",
    value: "N",
    help: "each device has at most N retired memory pages",
  },
  "pcie-full-width": { type: "boolean", help: "each device's PCIe link is as wide as its max" },
  "not-throttled": {
    type: "boolean",
    help: "no clock event reason other than idle, application-setting, display",
  },
  "allow-unknown": {
    type: "boolean",
    help: "a health gate passes a device whose value is unknown (default: it fails)",
  },
};

/** Options that change how assertions judge, without being one. */
export const CHECK_MODIFIERS: readonly string[] = ["allow-unknown"];
