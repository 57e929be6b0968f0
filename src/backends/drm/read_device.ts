/**
 * One DRM card → one DeviceReading, from sysfs alone. Rates that need two samples (watts
 * from an energy counter) and figures derived from processes (engine use) are added by the
 * backend, which keeps the state between samples.
 *
 * Runtime PM: a GPU whose PCI `power/runtime_status` is `suspended` is reported from
 * non-waking files only (ids, uevent, driver link, amdgpu `mem_info_*` and `product_name`,
 * xe `physical_vram_size_bytes`, the hwmon directory listing). Sensor values (hwmon),
 * busy percentages, DPM tables and GT frequencies are skipped: reading them resumes the GPU
 * on many kernels, which costs power and defeats the point of watching an idle laptop.
 */
import type { DeviceReading } from "../../model/types.ts";
import {
  type AmdgpuMemory,
  readAmdgpuActivity,
  readAmdgpuMemory,
  readAmdgpuProductName,
} from "../../linux/sysfs/amdgpu.ts";
import { type DrmCard, isRuntimeSuspended } from "../../linux/sysfs/drm_cards.ts";
import {
  type Hwmon,
  openHwmon,
  primaryTemperature,
  readEnergyMicrojoules,
  readFanPercent,
  readTemperatures,
  readWatts,
} from "../../linux/sysfs/hwmon.ts";
import {
  type GtFrequencies,
  readI915Frequencies,
  readXeFrequencies,
  readXeVramTotal,
} from "../../linux/sysfs/intel.ts";
import { devfreqDir, readDevfreq } from "../../linux/sysfs/devfreq.ts";
import { hottest, readGpuThermalZones } from "../../linux/sysfs/thermal.ts";
import { drmHealthFields } from "./health_fields.ts";
import {
  deviceName,
  drmDriverName,
  platformDeviceName,
  vendorOf,
  vendorOfDriver,
} from "./device_name.ts";

export interface DrmDeviceSample {
  reading: DeviceReading;
  /**
   * Memory shared with the CPU (APU, Intel iGPU): a process's system-memory regions then
   * count as GPU memory. False when unknown.
   */
  integrated: boolean;
  /** Cumulative energy (µJ) for watts over two samples; null when there is no counter. */
  energyMicrojoules: bigint | null;
  /**
   * Utilisation comes from the clients' engine use (i915, xe, and SoC GPUs without a
   * devfreq `load` file): the backend fills it once it has the processes.
   */
  utilisationFromClients: boolean;
}

/** The fixed slot of Intel integrated graphics (bus 0, device 2) on every Intel platform. */
const INTEL_IGPU_SLOT = "0000:00:02.0";

/**
 * `sysRoot` is where `class/devfreq` and `class/thermal` are looked up for a SoC GPU; without
 * it only the device's own directory is read.
 */
export function readDrmDevice(card: DrmCard, sysRoot: string | null = null): DrmDeviceSample {
  if (card.bus === "platform") return readPlatformDevice(card, sysRoot);
  const awake = !isRuntimeSuspended(card.runtimeStatus);
  const productName = card.driver === "amdgpu" ? readAmdgpuProductName(card.devicePath) : null;
  const reading: DeviceReading = {
    localId: card.busId,
    vendor: vendorOf(card.vendorId),
    deviceClass: "gpu",
    name: deviceName(card.vendorId, card.deviceId, productName),
    pciBusId: card.pciBusId,
    driver: card.driver,
    runtimeStatus: card.runtimeStatus,
  };
  const hwmon = openHwmon(card.devicePath, card.driver);
  let integrated: boolean | null = null;
  switch (card.driver) {
    case "amdgpu":
      integrated = hwmon === null ? null : isAmdApu(hwmon);
      Object.assign(reading, amdgpuMemoryFields(readAmdgpuMemory(card.devicePath), integrated));
      if (awake) Object.assign(reading, amdgpuActivityFields(card.devicePath));
      break;
    case "i915":
      integrated = card.pciBusId === INTEL_IGPU_SLOT;
      if (awake) Object.assign(reading, frequencyFields(readI915Frequencies(card.cardPath)));
      break;
    case "xe":
      integrated = card.pciBusId === INTEL_IGPU_SLOT;
      if (!integrated) reading.memoryTotalBytes = readXeVramTotal(card.devicePath);
      if (awake) Object.assign(reading, frequencyFields(readXeFrequencies(card.devicePath)));
      break;
  }
  reading.memoryShared = integrated;
  if (awake) Object.assign(reading, drmHealthFields(card));
  const sensors = awake && hwmon !== null ? readSensors(hwmon, card.driver) : null;
  if (sensors !== null) Object.assign(reading, sensors.fields);
  return {
    reading,
    integrated: integrated ?? false,
    energyMicrojoules: sensors?.energyMicrojoules ?? null,
    utilisationFromClients: card.driver === "i915" || card.driver === "xe",
  };
}

/**
 * A SoC GPU on the platform bus. Memory is the system's (unified): `memoryShared` is true
 * and every fdinfo region of a process (`memory`, the region name the kernel reserves for
 * system memory) counts as its GPU memory; the device total is not the GPU's to report, so
 * it stays null. Clocks and load from devfreq; temperature from a hwmon of the device when
 * it has one, else from thermal zones named for the GPU. Busy % = the devfreq `load` file
 * (vendor kernels), else the busiest engine class over the processes (like i915/xe).
 */
function readPlatformDevice(card: DrmCard, sysRoot: string | null): DrmDeviceSample {
  const awake = !isRuntimeSuspended(card.runtimeStatus);
  const driver = drmDriverName(card.driver);
  const reading: DeviceReading = {
    localId: card.busId,
    hostId: card.busId,
    vendor: vendorOfDriver(driver),
    deviceClass: "gpu",
    name: platformDeviceName(card.compatible, driver),
    pciBusId: null,
    driver,
    runtimeStatus: card.runtimeStatus,
    memoryShared: true,
  };
  const dir = devfreqDir(card.devicePath, sysRoot, card.busId);
  const devfreq = dir === null ? null : readDevfreq(dir);
  reading.graphicsClockMHz = devfreq?.curMHz ?? null;
  reading.graphicsClockMaxMHz = devfreq?.maxMHz ?? null;
  reading.graphicsClockMinMHz = devfreq?.minMHz ?? null;
  const load = devfreq?.loadPercent ?? null;
  if (load !== null) {
    reading.utilizationPercent = load;
    reading.utilizationSource = "device";
  }
  const hwmon = openHwmon(card.devicePath, card.driver);
  const sensors = awake && hwmon !== null ? readSensors(hwmon, driver) : null;
  if (sensors !== null) Object.assign(reading, sensors.fields);
  if (reading.temperatureCelsius === null || reading.temperatureCelsius === undefined) {
    // A thermal zone is the SoC's sensor, not the GPU's registers: reading it wakes nothing.
    const zones = sysRoot === null ? null : readGpuThermalZones(sysRoot);
    reading.temperaturesCelsius = zones;
    reading.temperatureCelsius = hottest(zones);
  }
  return {
    reading,
    integrated: true,
    energyMicrojoules: sensors?.energyMicrojoules ?? null,
    utilisationFromClients: load === null,
  };
}

/**
 * amdgpu shows the `vddnb` voltage (`in1_input`, `in1_label`) on APUs only
 * (amdgpu_pm.c, hwmon_attributes_visible: "only APUs have vddnb"). Only the directory
 * listing is looked at, so this holds for a suspended GPU too.
 */
function isAmdApu(hwmon: Hwmon): boolean {
  return hwmon.files.has("in1_input") || hwmon.files.has("in1_label");
}

/**
 * Discrete: memory = VRAM. APU: the VRAM carve-out is only a small BIOS reservation and
 * buffers live mostly in GTT (system memory mapped for the GPU), so memory = VRAM + GTT, and
 * `memoryShared` says the pool is shared with the CPU. GTT is also reported on its own.
 */
function amdgpuMemoryFields(
  memory: AmdgpuMemory,
  integrated: boolean | null,
): Partial<DeviceReading> {
  const total = integrated
    ? sumKnown(memory.vramTotalBytes, memory.gttTotalBytes)
    : memory.vramTotalBytes;
  const used = integrated
    ? sumKnown(memory.vramUsedBytes, memory.gttUsedBytes)
    : memory.vramUsedBytes;
  return {
    memoryTotalBytes: total,
    memoryUsedBytes: used,
    memoryFreeBytes: total !== null && used !== null ? Math.max(0, total - used) : null,
    gttTotalBytes: memory.gttTotalBytes,
    gttUsedBytes: memory.gttUsedBytes,
  };
}

function amdgpuActivityFields(devicePath: string): Partial<DeviceReading> {
  const activity = readAmdgpuActivity(devicePath);
  return {
    utilizationPercent: activity.gpuBusyPercent,
    memoryUtilizationPercent: activity.memBusyPercent,
    graphicsClockMHz: activity.sclk?.currentMHz ?? null,
    graphicsClockMaxMHz: activity.sclk?.maxMHz ?? null,
    memoryClockMHz: activity.mclk?.currentMHz ?? null,
    memoryClockMaxMHz: activity.mclk?.maxMHz ?? null,
  };
}

function frequencyFields(freq: GtFrequencies): Partial<DeviceReading> {
  return {
    graphicsClockMHz: freq.actualMHz,
    graphicsClockMaxMHz: freq.maxMHz,
    graphicsClockMinMHz: freq.minMHz,
  };
}

interface Sensors {
  fields: Partial<DeviceReading>;
  energyMicrojoules: bigint | null;
}

/**
 * hwmon, any driver. Power: `power1_average` (amdgpu's averaged reading, older cards) else
 * `power1_input` (instantaneous; RDNA3+ has only this). Limit: amdgpu's `power1_cap`; Intel's
 * `power1_max` (PL1, the sustained limit). Energy: cumulative µJ (i915/xe; amdgpu has none).
 */
function readSensors(hwmon: Hwmon, driver: string | null): Sensors {
  const temps = readTemperatures(hwmon);
  const energy = readEnergyMicrojoules(hwmon);
  const limit = driver === "amdgpu"
    ? readWatts(hwmon, "power1_cap")
    : readWatts(hwmon, "power1_max") ?? readWatts(hwmon, "power1_cap");
  // A limit of 0 means "none set" (i915 may print 0 for an unset PL1).
  return {
    fields: {
      temperaturesCelsius: temps,
      temperatureCelsius: primaryTemperature(temps),
      powerWatts: readWatts(hwmon, "power1_average") ?? readWatts(hwmon, "power1_input"),
      powerLimitWatts: limit === 0 ? null : limit,
      fanPercent: readFanPercent(hwmon),
      energyJoules: energy === null ? null : Number(energy) / 1e6,
    },
    energyMicrojoules: energy,
  };
}

function sumKnown(a: number | null, b: number | null): number | null {
  return a === null && b === null ? null : (a ?? 0) + (b ?? 0);
}
