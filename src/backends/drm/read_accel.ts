/**
 * One compute accelerator (`/sys/class/accel/accel<N>`) → one DeviceReading, from sysfs alone:
 * what the device's directory says (address, driver, vendor, runtime PM state), with
 * `deviceClass` "npu". The accel class has no generic sensor, memory or busy file, so those
 * stay unknown; the backend fills `engines` and `utilizationPercent` from the clients' fdinfo
 * (the busiest engine class, as for i915 and xe).
 *
 * A client's memory is every region it prints: the accelerators that print fdinfo memory
 * (amdxdna, intel_vpu) work from system memory, printed under the kernel's reserved region
 * name `memory`, so the device-local-only rule of a discrete GPU would leave it unknown.
 * `memoryShared` stays null: sysfs does not say.
 */
import type { DeviceReading } from "../../model/types.ts";
import type { AccelDevice } from "../../linux/sysfs/accel_devices.ts";
import { accelDeviceName, accelVendorOf } from "./accel_name.ts";
import type { DrmDeviceSample } from "./read_device.ts";

export function readAccelDevice(device: AccelDevice): DrmDeviceSample {
  const reading: DeviceReading = {
    localId: device.busId,
    vendor: accelVendorOf(device.vendorId, device.driver),
    deviceClass: "npu",
    name: accelDeviceName(device.vendorId, device.deviceId, device.driver),
    pciBusId: device.pciBusId,
    driver: device.driver,
    runtimeStatus: device.runtimeStatus,
  };
  // Off PCI the platform device name is the id, as for a SoC GPU.
  if (device.pciBusId === null) reading.hostId = device.busId;
  return { reading, integrated: true, energyMicrojoules: null, utilisationFromClients: true };
}
