/**
 * The MIG devices of a GPU in MIG mode, each reported as a device of its own: what a job is
 * given is a MIG device, not the GPU. A MIG handle answers name, UUID (`MIG-…`), memory, its
 * instance ids and its processes; power, temperature, clocks and utilisation belong to the
 * parent, so they are left unknown here, never copied (reference §6). The processes are
 * read on each MIG handle and the parent's own lists are not read, so no process is counted
 * on both the parent and its MIG device.
 */
import type { DeviceReading, ProcessReading } from "../../model/types.ts";
import { FieldReader } from "../../ffi/field_reader.ts";
import { bytesOrNull } from "./convert.ts";
import type { NvmlLibrary } from "./library.ts";
import { FIELD_ERRORS, type NvmlSystemInfo } from "./read_device.ts";
import { readProcesses, type UtilizationCursor } from "./read_processes.ts";
import { NvmlError, NvmlReturn } from "./return_codes.ts";

/** What a MIG-mode GPU adds to a reading. */
export interface NvmlMigRead {
  devices: DeviceReading[];
  processes: ProcessReading[];
  /** Why some or all MIG devices could not be listed: goes into the parent's `error`. */
  failures: string[];
  /** True when the GPU is in MIG mode and no MIG device is configured. */
  noInstances: boolean;
}

/** The parent GPU as read: its handle and reading (for `parentId`). */
export interface MigParent {
  handle: Deno.PointerValue;
  reading: DeviceReading;
}

/** Lists and reads every MIG device of `parent`; never throws for an NVML failure. */
export function readMigDevices(
  nvml: NvmlLibrary,
  parent: MigParent,
  system: NvmlSystemInfo,
  cursor: UtilizationCursor,
): NvmlMigRead {
  const result: NvmlMigRead = { devices: [], processes: [], failures: [], noInstances: false };
  const slots = listSlots(nvml, parent.handle, result.failures);
  for (const { migIndex, handle } of slots) {
    const reading = readMigDevice(nvml, handle, { migIndex, parent: parent.reading, system });
    result.devices.push(reading);
    const found = readProcesses(nvml, { handle, localId: reading.localId }, cursor);
    result.processes.push(...found.processes);
    for (const problem of found.problems) result.failures.push(`MIG ${migIndex} ${problem}`);
  }
  result.noInstances = slots.length === 0 && result.failures.length === 0;
  return result;
}

/** Occupied slots in index order; an empty slot (NOT_FOUND) is skipped, a failure noted. */
function listSlots(
  nvml: NvmlLibrary,
  parent: Deno.PointerValue,
  failures: string[],
): { migIndex: number; handle: Deno.PointerValue }[] {
  let count: number;
  try {
    count = nvml.deviceU32(parent, "nvmlDeviceGetMaxMigDeviceCount");
  } catch (error) {
    if (!(error instanceof NvmlError)) throw error;
    failures.push(`MIG devices: ${error.message}`);
    return [];
  }
  const slots: { migIndex: number; handle: Deno.PointerValue }[] = [];
  for (let migIndex = 0; migIndex < count; migIndex++) {
    try {
      slots.push({ migIndex, handle: nvml.migDeviceHandle(parent, migIndex) });
    } catch (error) {
      if (!(error instanceof NvmlError)) throw error;
      if (error.code !== NvmlReturn.NOT_FOUND) failures.push(`MIG ${migIndex}: ${error.message}`);
    }
  }
  return slots;
}

interface MigPlace {
  migIndex: number;
  parent: DeviceReading;
  system: NvmlSystemInfo;
}

/** One MIG device: identity, memory and partition; the parent's fields stay unknown. */
function readMigDevice(
  nvml: NvmlLibrary,
  h: Deno.PointerValue,
  { migIndex, parent, system }: MigPlace,
): DeviceReading {
  const fields = new FieldReader(FIELD_ERRORS);
  const name = fields.read("name", () => nvml.deviceString(h, "nvmlDeviceGetName"));
  const uuid = fields.read("UUID", () => nvml.deviceString(h, "nvmlDeviceGetUUID"));
  const memory = fields.read("memory", () => nvml.memory(h));
  const gpuInstanceId = fields.read(
    "GPU instance id",
    () => nvml.deviceU32(h, "nvmlDeviceGetGpuInstanceId"),
  );
  const computeInstanceId = fields.read(
    "compute instance id",
    () => nvml.deviceU32(h, "nvmlDeviceGetComputeInstanceId"),
  );
  const partition = gpuInstanceId === null || computeInstanceId === null ? null : {
    kind: "mig" as const,
    migIndex,
    gpuInstanceId,
    computeInstanceId,
    profile: profileOf(name),
  };
  return {
    // No PCI address of its own: the UUID keeps it apart from its parent in the merge.
    localId: uuid ?? `${parent.localId}/mig-${migIndex}`,
    vendor: "nvidia",
    name,
    uuid,
    driver: "nvidia",
    driverVersion: system.driverVersion,
    cudaDriverVersion: system.cudaDriverVersion,
    memoryTotalBytes: memory && bytesOrNull(memory.total),
    memoryUsedBytes: memory && bytesOrNull(memory.used),
    memoryFreeBytes: memory && bytesOrNull(memory.free),
    // The merge turns this into the parent's `id` (its PCI address, else its UUID).
    parentId: parent.pciBusId ?? parent.uuid ?? null,
    partition,
    error: fields.error,
  };
}

/** `NVIDIA A100-SXM4-40GB MIG 3g.20gb` → `3g.20gb`; null when the name has no `MIG ` part. */
export function profileOf(name: string | null): string | null {
  if (name === null) return null;
  const at = name.lastIndexOf("MIG ");
  if (at < 0) return null;
  const profile = name.slice(at + "MIG ".length).trim();
  return profile === "" ? null : profile;
}
