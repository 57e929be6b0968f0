/**
 * `gputop query --help-query-gpu` and `--help-query-compute-apps`: every field, with the
 * names nvidia-smi accepts for it quoted as nvidia-smi's own lists quote them (`"name" or
 * "gpu_name"`, so a script probing for a field with grep finds it), its unit and one line on
 * what gputop reads for it. A test checks that every field has exactly one description.
 */
import { headerCell, type QueryField } from "./query_field.ts";

export const GPU_FIELD_HELP: Readonly<Record<string, string>> = {
  "timestamp": "When the reading was taken, in local time: YYYY/MM/DD HH:MM:SS.mmm.",
  "driver_version": "The driver's version (AMD and Intel without their library: the kernel's).",
  "name": "The product name.",
  "serial": "The board's serial number.",
  "uuid": "The device's UUID, as its vendor library reports it.",
  "pci.bus_id": "The PCI address as domain:bus:device.function: 8-digit domain, upper case.",
  "pcie.link.gen.current": "The PCIe link generation in use now.",
  "pcie.link.gen.max": "The highest PCIe generation of device and slot. Not read yet: [N/A].",
  "pcie.link.width.current": "The PCIe link width (lanes) in use now.",
  "pcie.link.width.max": "The widest PCIe link of device and slot. Not read yet: [N/A].",
  "index": "gputop's device index, the one -i takes; stable for the whole run.",
  "fan.speed": "Fan speed, percent of its maximum.",
  "pstate": "Performance state, P0 (fastest) to P12 (NVIDIA only).",
  "clocks_event_reasons.active":
    "Bit mask of what holds the clocks down (the old name: clocks_throttle_reasons). Not read yet: [N/A].",
  "memory.total": "Device memory; for unified memory (Apple, APUs) the shared pool.",
  "memory.used": "Device memory in use.",
  "memory.free": "Device memory not in use.",
  "compute_cap": "CUDA compute capability, major.minor (NVIDIA only).",
  "utilization.gpu":
    "Percent of the last sample period the device was busy. Where this needs two samples (Intel), a one-shot query takes a second one 250 ms later.",
  "utilization.memory":
    "Percent of the last sample period device memory was read or written (NVIDIA, AMD).",
  "ecc.errors.corrected.volatile.total":
    "ECC errors corrected since the driver loaded. Not read yet: [N/A].",
  "ecc.errors.uncorrected.volatile.total":
    "ECC errors not corrected since the driver loaded. Not read yet: [N/A].",
  "temperature.gpu": "Core temperature, degrees C, whole.",
  "power.draw": "Power draw, watts, two decimals.",
  "power.limit": "The power limit in force, watts.",
  "enforced.power.limit": "The power limit in force, watts (the same value as power.limit).",
  "clocks.current.graphics": "Graphics (shader) clock now.",
  "clocks.current.memory": "Memory clock now.",
  "clocks.max.graphics": "Highest graphics clock.",
  "clocks.max.memory": "Highest memory clock.",
  "mig.mode.current": "MIG mode: Enabled or Disabled (NVIDIA data-centre GPUs).",
};

export const APP_FIELD_HELP: Readonly<Record<string, string>> = {
  "timestamp": "When the reading was taken, in local time: YYYY/MM/DD HH:MM:SS.mmm.",
  "gpu_name": "The product name of the process's device.",
  "gpu_bus_id": "The PCI address of the process's device, as pci.bus_id prints it.",
  "gpu_serial": "The serial number of the process's device.",
  "gpu_uuid": "The UUID of the process's device.",
  "pid": "The process id.",
  "process_name":
    "The process's first argument as it was started (./gpu_burn), from /proc; else the name its library or /proc gives.",
  "used_gpu_memory": "Device memory the process holds.",
};

/** The text for one list: a heading, then each field's names, unit and description. */
export function renderFieldHelp(
  option: "--query-gpu" | "--query-compute-apps",
  fields: readonly QueryField<never>[],
  help: Readonly<Record<string, string>>,
): string {
  const entries = fields.map((field) => {
    const names = [field.name, ...field.aliases].map((name) => `"${name}"`).join(" or ");
    const header = headerCell(field);
    const unit = header === field.name ? "" : `  (header: ${header})`;
    return `${names}${unit}\n${help[field.name] ?? ""}\n`;
  });
  return `Fields for ${option}, by nvidia-smi's names (aliases after "or"), for every vendor.\n` +
    `Print them with --format=csv, optionally with noheader and nounits. A value the\n` +
    `device does not have prints [N/A].\n\n${entries.join("\n")}`;
}
