/**
 * The NVML entry points this backend calls: a minimal table for `Deno.dlopen`. Types:
 * `nvmlReturn_t` → i32, `unsigned int` / enum by value → u32, `nvmlDevice_t` (an opaque
 * `struct nvmlDevice_st*`) → pointer, any `T*` → buffer, `unsigned long long` → u64.
 *
 * Entry points that are versioned (`_v2`, `_v3`), or newer than the oldest drivers still
 * in use, are `optional: true` so one missing export never stops the library loading; the
 * library layer picks the newest present variant once, at open. The unsuffixed names are
 * the old ABI (v1 structs), kept as fallbacks.
 */

import { NVML_EVENT_SYMBOLS } from "./event_symbols.ts";

const OPTIONAL = { optional: true } as const;

export const NVML_SYMBOLS = {
  // nvmlReturn_t nvmlInit_v2(void);
  nvmlInit_v2: { parameters: [], result: "i32", ...OPTIONAL },
  // nvmlReturn_t nvmlInit(void);  (v1)
  nvmlInit: { parameters: [], result: "i32", ...OPTIONAL },
  // nvmlReturn_t nvmlShutdown(void);
  nvmlShutdown: { parameters: [], result: "i32" },
  // const char* nvmlErrorString(nvmlReturn_t result);
  nvmlErrorString: { parameters: ["i32"], result: "pointer" },

  // nvmlReturn_t nvmlSystemGetDriverVersion(char *version, unsigned int length);
  nvmlSystemGetDriverVersion: { parameters: ["buffer", "u32"], result: "i32" },
  // nvmlReturn_t nvmlSystemGetNVMLVersion(char *version, unsigned int length);
  nvmlSystemGetNVMLVersion: { parameters: ["buffer", "u32"], result: "i32" },
  // nvmlReturn_t nvmlSystemGetCudaDriverVersion_v2(int *cudaDriverVersion);
  nvmlSystemGetCudaDriverVersion_v2: { parameters: ["buffer"], result: "i32", ...OPTIONAL },
  // nvmlReturn_t nvmlSystemGetCudaDriverVersion(int *cudaDriverVersion);
  nvmlSystemGetCudaDriverVersion: { parameters: ["buffer"], result: "i32", ...OPTIONAL },

  // nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *deviceCount);
  nvmlDeviceGetCount_v2: { parameters: ["buffer"], result: "i32", ...OPTIONAL },
  // nvmlReturn_t nvmlDeviceGetCount(unsigned int *deviceCount);  (v1)
  nvmlDeviceGetCount: { parameters: ["buffer"], result: "i32", ...OPTIONAL },
  // nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int index, nvmlDevice_t *device);
  nvmlDeviceGetHandleByIndex_v2: { parameters: ["u32", "buffer"], result: "i32", ...OPTIONAL },
  // nvmlReturn_t nvmlDeviceGetHandleByIndex(unsigned int index, nvmlDevice_t *device);  (v1)
  nvmlDeviceGetHandleByIndex: { parameters: ["u32", "buffer"], result: "i32", ...OPTIONAL },

  // nvmlReturn_t nvmlDeviceGetName(nvmlDevice_t device, char *name, unsigned int length);
  nvmlDeviceGetName: { parameters: ["pointer", "buffer", "u32"], result: "i32" },
  // nvmlReturn_t nvmlDeviceGetUUID(nvmlDevice_t device, char *uuid, unsigned int length);
  nvmlDeviceGetUUID: { parameters: ["pointer", "buffer", "u32"], result: "i32" },
  // nvmlReturn_t nvmlDeviceGetSerial(nvmlDevice_t device, char *serial, unsigned int length);
  nvmlDeviceGetSerial: { parameters: ["pointer", "buffer", "u32"], result: "i32" },
  // nvmlReturn_t nvmlDeviceGetPciInfo_v3(nvmlDevice_t device, nvmlPciInfo_t *pci);
  nvmlDeviceGetPciInfo_v3: { parameters: ["pointer", "buffer"], result: "i32", ...OPTIONAL },
  // nvmlReturn_t nvmlDeviceGetPciInfo_v2(nvmlDevice_t device, nvmlPciInfo_t *pci);
  nvmlDeviceGetPciInfo_v2: { parameters: ["pointer", "buffer"], result: "i32", ...OPTIONAL },
  // nvmlReturn_t nvmlDeviceGetPciInfo(nvmlDevice_t device, nvmlPciInfo_t *pci);  (v1: busIdLegacy only)
  nvmlDeviceGetPciInfo: { parameters: ["pointer", "buffer"], result: "i32", ...OPTIONAL },

  // nvmlReturn_t nvmlDeviceGetMemoryInfo_v2(nvmlDevice_t device, nvmlMemory_v2_t *memory);
  nvmlDeviceGetMemoryInfo_v2: { parameters: ["pointer", "buffer"], result: "i32", ...OPTIONAL },
  // nvmlReturn_t nvmlDeviceGetMemoryInfo(nvmlDevice_t device, nvmlMemory_t *memory);
  nvmlDeviceGetMemoryInfo: { parameters: ["pointer", "buffer"], result: "i32", ...OPTIONAL },
  // nvmlReturn_t nvmlDeviceGetUtilizationRates(nvmlDevice_t device, nvmlUtilization_t *utilization);
  nvmlDeviceGetUtilizationRates: { parameters: ["pointer", "buffer"], result: "i32" },
  // nvmlReturn_t nvmlDeviceGetEncoderUtilization(nvmlDevice_t device, unsigned int *utilization,
  //                                              unsigned int *samplingPeriodUs);
  nvmlDeviceGetEncoderUtilization: { parameters: ["pointer", "buffer", "buffer"], result: "i32" },
  // nvmlReturn_t nvmlDeviceGetDecoderUtilization(nvmlDevice_t device, unsigned int *utilization,
  //                                              unsigned int *samplingPeriodUs);
  nvmlDeviceGetDecoderUtilization: { parameters: ["pointer", "buffer", "buffer"], result: "i32" },
  // nvmlReturn_t nvmlDeviceGetTemperature(nvmlDevice_t device, nvmlTemperatureSensors_t sensorType,
  //                                       unsigned int *temp);
  nvmlDeviceGetTemperature: { parameters: ["pointer", "u32", "buffer"], result: "i32" },
  // nvmlReturn_t nvmlDeviceGetPowerUsage(nvmlDevice_t device, unsigned int *power);  (mW)
  nvmlDeviceGetPowerUsage: { parameters: ["pointer", "buffer"], result: "i32" },
  // nvmlReturn_t nvmlDeviceGetEnforcedPowerLimit(nvmlDevice_t device, unsigned int *limit);  (mW)
  nvmlDeviceGetEnforcedPowerLimit: { parameters: ["pointer", "buffer"], result: "i32" },
  // nvmlReturn_t nvmlDeviceGetTotalEnergyConsumption(nvmlDevice_t device,
  //                                                  unsigned long long *energy);  (mJ, Volta+)
  nvmlDeviceGetTotalEnergyConsumption: {
    parameters: ["pointer", "buffer"],
    result: "i32",
    ...OPTIONAL,
  },
  // nvmlReturn_t nvmlDeviceGetClockInfo(nvmlDevice_t device, nvmlClockType_t type,
  //                                     unsigned int *clock);  (MHz)
  nvmlDeviceGetClockInfo: { parameters: ["pointer", "u32", "buffer"], result: "i32" },
  // nvmlReturn_t nvmlDeviceGetMaxClockInfo(nvmlDevice_t device, nvmlClockType_t type,
  //                                        unsigned int *clock);  (MHz)
  nvmlDeviceGetMaxClockInfo: { parameters: ["pointer", "u32", "buffer"], result: "i32" },
  // nvmlReturn_t nvmlDeviceGetFanSpeed(nvmlDevice_t device, unsigned int *speed);  (% of max)
  nvmlDeviceGetFanSpeed: { parameters: ["pointer", "buffer"], result: "i32" },
  // nvmlReturn_t nvmlDeviceGetPerformanceState(nvmlDevice_t device, nvmlPstates_t *pState);
  nvmlDeviceGetPerformanceState: { parameters: ["pointer", "buffer"], result: "i32" },
  // nvmlReturn_t nvmlDeviceGetCurrPcieLinkGeneration(nvmlDevice_t device, unsigned int *currLinkGen);
  nvmlDeviceGetCurrPcieLinkGeneration: { parameters: ["pointer", "buffer"], result: "i32" },
  // nvmlReturn_t nvmlDeviceGetCurrPcieLinkWidth(nvmlDevice_t device, unsigned int *currLinkWidth);
  nvmlDeviceGetCurrPcieLinkWidth: { parameters: ["pointer", "buffer"], result: "i32" },
  // nvmlReturn_t nvmlDeviceGetArchitecture(nvmlDevice_t device, nvmlDeviceArchitecture_t *arch);
  nvmlDeviceGetArchitecture: { parameters: ["pointer", "buffer"], result: "i32", ...OPTIONAL },
  // nvmlReturn_t nvmlDeviceGetCudaComputeCapability(nvmlDevice_t device, int *major, int *minor);
  nvmlDeviceGetCudaComputeCapability: {
    parameters: ["pointer", "buffer", "buffer"],
    result: "i32",
    ...OPTIONAL,
  },
  // nvmlReturn_t nvmlDeviceGetMigMode(nvmlDevice_t device, unsigned int *currentMode,
  //                                   unsigned int *pendingMode);
  nvmlDeviceGetMigMode: { parameters: ["pointer", "buffer", "buffer"], result: "i32", ...OPTIONAL },
  // nvmlReturn_t nvmlDeviceGetMaxMigDeviceCount(nvmlDevice_t device, unsigned int *count);
  nvmlDeviceGetMaxMigDeviceCount: { parameters: ["pointer", "buffer"], result: "i32", ...OPTIONAL },
  // nvmlReturn_t nvmlDeviceGetMigDeviceHandleByIndex(nvmlDevice_t device, unsigned int index,
  //                                                  nvmlDevice_t *migDevice);
  nvmlDeviceGetMigDeviceHandleByIndex: {
    parameters: ["pointer", "u32", "buffer"],
    result: "i32",
    ...OPTIONAL,
  },
  // nvmlReturn_t nvmlDeviceIsMigDeviceHandle(nvmlDevice_t device, unsigned int *isMigDevice);
  nvmlDeviceIsMigDeviceHandle: { parameters: ["pointer", "buffer"], result: "i32", ...OPTIONAL },
  // nvmlReturn_t nvmlDeviceGetGpuInstanceId(nvmlDevice_t device, unsigned int *id);
  nvmlDeviceGetGpuInstanceId: { parameters: ["pointer", "buffer"], result: "i32", ...OPTIONAL },
  // nvmlReturn_t nvmlDeviceGetComputeInstanceId(nvmlDevice_t device, unsigned int *id);
  nvmlDeviceGetComputeInstanceId: { parameters: ["pointer", "buffer"], result: "i32", ...OPTIONAL },
  // nvmlReturn_t nvmlDeviceGetDeviceHandleFromMigDeviceHandle(nvmlDevice_t migDevice,
  //                                                           nvmlDevice_t *device);
  nvmlDeviceGetDeviceHandleFromMigDeviceHandle: {
    parameters: ["pointer", "buffer"],
    result: "i32",
    ...OPTIONAL,
  },

  // nvmlReturn_t nvmlDeviceGetComputeRunningProcesses_v3(nvmlDevice_t device,
  //                                     unsigned int *infoCount, nvmlProcessInfo_t *infos);
  nvmlDeviceGetComputeRunningProcesses_v3: {
    parameters: ["pointer", "buffer", "buffer"],
    result: "i32",
    ...OPTIONAL,
  },
  // nvmlReturn_t nvmlDeviceGetComputeRunningProcesses_v2(nvmlDevice_t device,
  //                                     unsigned int *infoCount, nvmlProcessInfo_v2_t *infos);
  nvmlDeviceGetComputeRunningProcesses_v2: {
    parameters: ["pointer", "buffer", "buffer"],
    result: "i32",
    ...OPTIONAL,
  },
  // nvmlReturn_t nvmlDeviceGetComputeRunningProcesses(nvmlDevice_t device,
  //                                     unsigned int *infoCount, nvmlProcessInfo_v1_t *infos);
  nvmlDeviceGetComputeRunningProcesses: {
    parameters: ["pointer", "buffer", "buffer"],
    result: "i32",
    ...OPTIONAL,
  },
  // nvmlReturn_t nvmlDeviceGetGraphicsRunningProcesses_v3(nvmlDevice_t device,
  //                                     unsigned int *infoCount, nvmlProcessInfo_t *infos);
  nvmlDeviceGetGraphicsRunningProcesses_v3: {
    parameters: ["pointer", "buffer", "buffer"],
    result: "i32",
    ...OPTIONAL,
  },
  // nvmlReturn_t nvmlDeviceGetGraphicsRunningProcesses_v2(nvmlDevice_t device,
  //                                     unsigned int *infoCount, nvmlProcessInfo_v2_t *infos);
  nvmlDeviceGetGraphicsRunningProcesses_v2: {
    parameters: ["pointer", "buffer", "buffer"],
    result: "i32",
    ...OPTIONAL,
  },
  // nvmlReturn_t nvmlDeviceGetGraphicsRunningProcesses(nvmlDevice_t device,
  //                                     unsigned int *infoCount, nvmlProcessInfo_v1_t *infos);
  nvmlDeviceGetGraphicsRunningProcesses: {
    parameters: ["pointer", "buffer", "buffer"],
    result: "i32",
    ...OPTIONAL,
  },
  // nvmlReturn_t nvmlDeviceGetProcessUtilization(nvmlDevice_t device,
  //     nvmlProcessUtilizationSample_t *utilization, unsigned int *processSamplesCount,
  //     unsigned long long lastSeenTimeStamp);
  nvmlDeviceGetProcessUtilization: {
    parameters: ["pointer", "buffer", "buffer", "u64"],
    result: "i32",
    ...OPTIONAL,
  },

  // Health (each optional: a consumer board or an older driver answers NOT_SUPPORTED or
  // lacks the export, and the field is null). health_calls.ts reads them.
  // nvmlReturn_t nvmlDeviceGetEccMode(nvmlDevice_t device, nvmlEnableState_t *current,
  //                                   nvmlEnableState_t *pending);
  nvmlDeviceGetEccMode: { parameters: ["pointer", "buffer", "buffer"], result: "i32", ...OPTIONAL },
  // nvmlReturn_t nvmlDeviceGetTotalEccErrors(nvmlDevice_t device, nvmlMemoryErrorType_t errorType,
  //     nvmlEccCounterType_t counterType, unsigned long long *eccCounts);
  nvmlDeviceGetTotalEccErrors: {
    parameters: ["pointer", "u32", "u32", "buffer"],
    result: "i32",
    ...OPTIONAL,
  },
  // nvmlReturn_t nvmlDeviceGetRetiredPages(nvmlDevice_t device, nvmlPageRetirementCause_t cause,
  //     unsigned int *pageCount, unsigned long long *addresses);  (before Ampere)
  nvmlDeviceGetRetiredPages: {
    parameters: ["pointer", "u32", "buffer", "buffer"],
    result: "i32",
    ...OPTIONAL,
  },
  // nvmlReturn_t nvmlDeviceGetRetiredPagesPendingStatus(nvmlDevice_t device,
  //                                                     nvmlEnableState_t *isPending);
  nvmlDeviceGetRetiredPagesPendingStatus: {
    parameters: ["pointer", "buffer"],
    result: "i32",
    ...OPTIONAL,
  },
  // nvmlReturn_t nvmlDeviceGetRemappedRows(nvmlDevice_t device, unsigned int *corrRows,
  //     unsigned int *uncRows, unsigned int *isPending, unsigned int *failureOccurred);  (Ampere+)
  nvmlDeviceGetRemappedRows: {
    parameters: ["pointer", "buffer", "buffer", "buffer", "buffer"],
    result: "i32",
    ...OPTIONAL,
  },
  // nvmlReturn_t nvmlDeviceGetCurrentClocksEventReasons(nvmlDevice_t device,
  //     unsigned long long *clocksEventReasons);  (R535+; same bits as the older name)
  nvmlDeviceGetCurrentClocksEventReasons: {
    parameters: ["pointer", "buffer"],
    result: "i32",
    ...OPTIONAL,
  },
  // nvmlReturn_t nvmlDeviceGetCurrentClocksThrottleReasons(nvmlDevice_t device,
  //     unsigned long long *clocksThrottleReasons);
  nvmlDeviceGetCurrentClocksThrottleReasons: {
    parameters: ["pointer", "buffer"],
    result: "i32",
    ...OPTIONAL,
  },
  // nvmlReturn_t nvmlDeviceGetMaxPcieLinkGeneration(nvmlDevice_t device, unsigned int *maxLinkGen);
  nvmlDeviceGetMaxPcieLinkGeneration: {
    parameters: ["pointer", "buffer"],
    result: "i32",
    ...OPTIONAL,
  },
  // nvmlReturn_t nvmlDeviceGetMaxPcieLinkWidth(nvmlDevice_t device, unsigned int *maxLinkWidth);
  nvmlDeviceGetMaxPcieLinkWidth: { parameters: ["pointer", "buffer"], result: "i32", ...OPTIONAL },
  // nvmlReturn_t nvmlDeviceGetPcieReplayCounter(nvmlDevice_t device, unsigned int *value);
  nvmlDeviceGetPcieReplayCounter: { parameters: ["pointer", "buffer"], result: "i32", ...OPTIONAL },

  // Presence probes, never called: together they tell which entry size `_v3` writes.
  // nvmlReturn_t nvmlDeviceGetConfComputeMemSizeInfo(nvmlDevice_t device,
  //                                                  nvmlConfComputeMemSizeInfo_t *memInfo);
  nvmlDeviceGetConfComputeMemSizeInfo: {
    parameters: ["pointer", "buffer"],
    result: "i32",
    ...OPTIONAL,
  },
  // nvmlReturn_t nvmlDeviceGetRunningProcessDetailList(nvmlDevice_t device,
  //                                                    nvmlProcessDetailList_t *plist);
  nvmlDeviceGetRunningProcessDetailList: {
    parameters: ["pointer", "buffer"],
    result: "i32",
    ...OPTIONAL,
  },
  ...NVML_EVENT_SYMBOLS,
} as const satisfies Deno.ForeignLibraryInterface;

/** The loaded functions (`null` for an optional one the library does not export). */
export type NvmlSymbols = Deno.DynamicLibrary<typeof NVML_SYMBOLS>["symbols"];

/** Device getters of the form `(nvmlDevice_t, char *out, unsigned int length)`. */
export type DeviceStringGetter = "nvmlDeviceGetName" | "nvmlDeviceGetUUID" | "nvmlDeviceGetSerial";

/** Device getters of the form `(nvmlDevice_t, unsigned int *out)` (an enum out counts). */
export type DeviceU32Getter =
  | "nvmlDeviceGetPowerUsage"
  | "nvmlDeviceGetEnforcedPowerLimit"
  | "nvmlDeviceGetFanSpeed"
  | "nvmlDeviceGetPerformanceState"
  | "nvmlDeviceGetCurrPcieLinkGeneration"
  | "nvmlDeviceGetCurrPcieLinkWidth"
  | "nvmlDeviceGetArchitecture"
  | "nvmlDeviceGetMaxMigDeviceCount"
  | "nvmlDeviceIsMigDeviceHandle"
  | "nvmlDeviceGetGpuInstanceId"
  | "nvmlDeviceGetComputeInstanceId"
  | "nvmlDeviceGetMaxPcieLinkGeneration"
  | "nvmlDeviceGetMaxPcieLinkWidth"
  | "nvmlDeviceGetPcieReplayCounter";

/** Device getters of the form `(nvmlDevice_t, selector, unsigned int *out)`. */
export type DeviceSelectedU32Getter =
  | "nvmlDeviceGetTemperature"
  | "nvmlDeviceGetClockInfo"
  | "nvmlDeviceGetMaxClockInfo";

/** Device getters of the form `(nvmlDevice_t, T *first, T *second)`, T a 4-byte integer. */
export type DevicePairGetter =
  | "nvmlDeviceGetEncoderUtilization"
  | "nvmlDeviceGetDecoderUtilization"
  | "nvmlDeviceGetCudaComputeCapability"
  | "nvmlDeviceGetMigMode";
