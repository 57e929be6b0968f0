/** `gputop check` options → assertions, in a fixed order (the order of CHECK_OPTIONS). */
import { BACKEND_IDS } from "../../model/schema_ids.ts";
import type { BackendId, Vendor } from "../../model/types.ts";
import type { OptionValue } from "../option_spec.ts";
import { splitList, stringValue } from "../cli_options.ts";
import { parseSizeBytes } from "../parse_size.ts";
import { UsageError } from "../../platform/usage_error.ts";
import type { Assertion } from "./assertions.ts";
import { CHECK_MODIFIERS, CHECK_OPTIONS } from "./options.ts";
import { healthGates } from "./parse_health_gates.ts";
import { parseNumber } from "./parse_number.ts";
import { versionParts } from "./compare_versions.ts";
import { CHECK_VENDORS } from "./vendors.ts";

type OptionValues = Readonly<Record<string, OptionValue>>;

export function parseAssertions(values: OptionValues): Assertion[] {
  const assertions = [
    ...machineAssertions(values),
    ...deviceAssertions(values),
    ...healthGates(values),
  ];
  if (assertions.length === 0) {
    const flags = Object.keys(CHECK_OPTIONS).filter((name) => !CHECK_MODIFIERS.includes(name))
      .map((name) => `--${name}`).join(", ");
    throw new UsageError(`check needs at least one assertion (${flags})`);
  }
  return assertions;
}

function text(values: OptionValues, name: string): string | undefined {
  return stringValue(values[name]);
}

function label(name: string, argument?: string): string {
  return argument === undefined ? `--${name}` : `--${name} ${argument}`;
}

/** Assertions about the machine as a whole: how many GPUs, which vendors, which backends. */
function machineAssertions(values: OptionValues): Assertion[] {
  const assertions: Assertion[] = [];
  const minGpus = text(values, "min-gpus");
  if (minGpus !== undefined) {
    const count = parseNumber("--min-gpus", minGpus, { integer: true });
    assertions.push({ kind: "min-gpus", label: label("min-gpus", minGpus), count });
  }
  const minNpus = text(values, "min-npus");
  if (minNpus !== undefined) {
    const count = parseNumber("--min-npus", minNpus, { integer: true });
    assertions.push({ kind: "min-npus", label: label("min-npus", minNpus), count });
  }
  const vendors = list("--vendor", values.vendor)?.map((vendor) => vendor.toLowerCase()) ?? null;
  if (vendors !== null) {
    for (const vendor of vendors) {
      if (!(CHECK_VENDORS as readonly string[]).includes(vendor)) {
        throw new UsageError(
          `invalid value for --vendor: '${vendor}' (known: ${CHECK_VENDORS.join(", ")})`,
        );
      }
    }
    assertions.push({
      kind: "vendor",
      label: label("vendor", vendors.join(",")),
      vendors: vendors as Vendor[],
    });
  }
  for (const backend of list("--require-backend", values["require-backend"]) ?? []) {
    if (!(BACKEND_IDS as readonly string[]).includes(backend)) {
      throw new UsageError(
        `invalid value for --require-backend: '${backend}' (known: ${BACKEND_IDS.join(", ")})`,
      );
    }
    assertions.push({
      kind: "require-backend",
      label: label("require-backend", backend),
      backend: backend as BackendId,
    });
  }
  return assertions;
}

/** Assertions every device must pass: memory, temperature, processes, use, driver. */
function deviceAssertions(values: OptionValues): Assertion[] {
  const assertions: Assertion[] = [];
  for (const kind of ["min-free-memory", "max-used-memory"] as const) {
    const size = text(values, kind);
    if (size === undefined) continue;
    assertions.push({ kind, label: label(kind, size), bytes: parseSizeBytes(`--${kind}`, size) });
  }
  const temperature = text(values, "max-temperature");
  if (temperature !== undefined) {
    assertions.push({
      kind: "max-temperature",
      label: label("max-temperature", temperature),
      celsius: parseNumber("--max-temperature", temperature, { negative: true }),
    });
  }
  if (values["no-processes"] === true) {
    assertions.push({ kind: "no-processes", label: label("no-processes") });
  }
  const utilization = text(values, "max-utilization");
  if (utilization !== undefined) {
    assertions.push({
      kind: "max-utilization",
      label: label("max-utilization", utilization),
      percent: parseNumber("--max-utilization", utilization.replace(/%$/, ""), { max: 100 }),
    });
  }
  const driver = text(values, "driver-min");
  if (driver !== undefined) {
    if (versionParts(driver) === null) {
      throw new UsageError(
        `invalid value for --driver-min: '${driver}' (expected dotted numbers, e.g. 535.104)`,
      );
    }
    assertions.push({ kind: "driver-min", label: label("driver-min", driver), version: driver });
  }
  return assertions;
}

/**
 * A repeatable comma-list option → its items. An empty item (`--vendor ''`, `a,,b`) is a usage
 * error: a CI line `--vendor "$VENDOR"` with an unset variable must not judge an empty list or
 * silently drop the assertion.
 */
function list(flag: string, value: OptionValue): string[] | null {
  if (value === undefined) return null;
  const items = (Array.isArray(value) ? value : [value]).filter((v): v is string =>
    typeof v === "string"
  );
  for (const item of items) {
    if (item.split(",").some((part) => part.trim() === "")) {
      throw new UsageError(`invalid value for ${flag}: '${item}' (an empty item)`);
    }
  }
  return splitList(items);
}
