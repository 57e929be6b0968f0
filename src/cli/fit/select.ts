/**
 * `gputop fit SIZE`: the devices with at least SIZE free, most free first (ties by index). A
 * GPU split into MIG devices is offered as those slices, never whole.
 */
import { assignableDevices } from "../../model/partition_order.ts";
import type { Device } from "../../model/types.ts";

export function devicesThatFit(devices: readonly Device[], sizeBytes: number): Device[] {
  return assignableDevices(devices)
    .filter((d) => d.memoryFreeBytes !== null && d.memoryFreeBytes >= sizeBytes)
    .sort((a, b) => (b.memoryFreeBytes ?? 0) - (a.memoryFreeBytes ?? 0) || a.index - b.index);
}
