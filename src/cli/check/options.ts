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
};
