/**
 * The Level Zero entry points this backend calls: a minimal table for `Deno.dlopen`.
 * Types: `ze_result_t` → i32 (every value is below 2^31), handles by value → pointer, any
 * `T*` → buffer, flags → u32. Prototypes are quoted from ze_api.h / zes_api.h (spec 1.4)
 * and checked against the fake by the signature probe in test/backends/level-zero.
 *
 * Only the three core calls every loader has are required. `zesInit`, `zesDriverGet` and
 * `zesDeviceGet` are spec 1.5+ (Debian's loader 1.8.x lacks them); the Sysman getters are
 * optional too, so one missing export costs one field, never the backend.
 */

const OPTIONAL = { optional: true } as const;
const HANDLE_AND_STRUCT = {
  parameters: ["pointer", "buffer"],
  result: "i32",
  ...OPTIONAL,
} as const;
const HANDLE_LIST = {
  parameters: ["pointer", "buffer", "buffer"],
  result: "i32",
  ...OPTIONAL,
} as const;

export const ZE_SYMBOLS = {
  // ze_result_t zeInit(ze_init_flags_t flags);
  zeInit: { parameters: ["u32"], result: "i32" },
  // ze_result_t zeDriverGet(uint32_t* pCount, ze_driver_handle_t* phDrivers);
  zeDriverGet: { parameters: ["buffer", "buffer"], result: "i32" },
  // ze_result_t zeDeviceGet(ze_driver_handle_t hDriver, uint32_t* pCount,
  //                         ze_device_handle_t* phDevices);
  zeDeviceGet: { parameters: ["pointer", "buffer", "buffer"], result: "i32" },
  // ze_result_t zeDriverGetApiVersion(ze_driver_handle_t hDriver, ze_api_version_t* version);
  zeDriverGetApiVersion: HANDLE_AND_STRUCT,

  // loader/ze_loader.h: ze_result_t zelLoaderGetVersions(size_t* num_elems,
  //                                                     zel_component_version_t* versions);
  zelLoaderGetVersions: { parameters: ["buffer", "buffer"], result: "i32", ...OPTIONAL },

  // Spec 1.5+: ze_result_t zesInit(zes_init_flags_t flags);
  zesInit: { parameters: ["u32"], result: "i32", ...OPTIONAL },
  // Spec 1.5+: ze_result_t zesDriverGet(uint32_t* pCount, zes_driver_handle_t* phDrivers);
  zesDriverGet: { parameters: ["buffer", "buffer"], result: "i32", ...OPTIONAL },
  // Spec 1.5+: ze_result_t zesDeviceGet(zes_driver_handle_t hDriver, uint32_t* pCount,
  //                                     zes_device_handle_t* phDevices);
  zesDeviceGet: HANDLE_LIST,

  // ze_result_t zesDeviceGetProperties(zes_device_handle_t, zes_device_properties_t*);
  zesDeviceGetProperties: HANDLE_AND_STRUCT,
  // ze_result_t zesDevicePciGetProperties(zes_device_handle_t, zes_pci_properties_t*);
  zesDevicePciGetProperties: HANDLE_AND_STRUCT,
  // ze_result_t zesDevicePciGetState(zes_device_handle_t, zes_pci_state_t*);
  zesDevicePciGetState: HANDLE_AND_STRUCT,
  // ze_result_t zesDevicePciGetStats(zes_device_handle_t, zes_pci_stats_t*);
  zesDevicePciGetStats: HANDLE_AND_STRUCT,

  // ze_result_t zesDeviceEnumRasErrorSets(zes_device_handle_t, uint32_t*, zes_ras_handle_t*);
  zesDeviceEnumRasErrorSets: HANDLE_LIST,
  // ze_result_t zesRasGetProperties(zes_ras_handle_t, zes_ras_properties_t*);
  zesRasGetProperties: HANDLE_AND_STRUCT,
  // ze_result_t zesRasGetState(zes_ras_handle_t, ze_bool_t clear, zes_ras_state_t*);
  zesRasGetState: { parameters: ["pointer", "u8", "buffer"], result: "i32", ...OPTIONAL },
  // ze_result_t zesDeviceProcessesGetState(zes_device_handle_t, uint32_t* pCount,
  //                                        zes_process_state_t* pProcesses);
  zesDeviceProcessesGetState: HANDLE_LIST,

  // ze_result_t zesDeviceEnumMemoryModules(zes_device_handle_t, uint32_t*, zes_mem_handle_t*);
  zesDeviceEnumMemoryModules: HANDLE_LIST,
  // ze_result_t zesMemoryGetProperties(zes_mem_handle_t, zes_mem_properties_t*);
  zesMemoryGetProperties: HANDLE_AND_STRUCT,
  // ze_result_t zesMemoryGetState(zes_mem_handle_t, zes_mem_state_t*);
  zesMemoryGetState: HANDLE_AND_STRUCT,

  // ze_result_t zesDeviceEnumEngineGroups(zes_device_handle_t, uint32_t*, zes_engine_handle_t*);
  zesDeviceEnumEngineGroups: HANDLE_LIST,
  // ze_result_t zesEngineGetProperties(zes_engine_handle_t, zes_engine_properties_t*);
  zesEngineGetProperties: HANDLE_AND_STRUCT,
  // ze_result_t zesEngineGetActivity(zes_engine_handle_t, zes_engine_stats_t*);
  zesEngineGetActivity: HANDLE_AND_STRUCT,

  // ze_result_t zesDeviceEnumFrequencyDomains(zes_device_handle_t, uint32_t*, zes_freq_handle_t*);
  zesDeviceEnumFrequencyDomains: HANDLE_LIST,
  // ze_result_t zesFrequencyGetProperties(zes_freq_handle_t, zes_freq_properties_t*);
  zesFrequencyGetProperties: HANDLE_AND_STRUCT,
  // ze_result_t zesFrequencyGetState(zes_freq_handle_t, zes_freq_state_t*);
  zesFrequencyGetState: HANDLE_AND_STRUCT,

  // ze_result_t zesDeviceEnumTemperatureSensors(zes_device_handle_t, uint32_t*, zes_temp_handle_t*);
  zesDeviceEnumTemperatureSensors: HANDLE_LIST,
  // ze_result_t zesTemperatureGetProperties(zes_temp_handle_t, zes_temp_properties_t*);
  zesTemperatureGetProperties: HANDLE_AND_STRUCT,
  // ze_result_t zesTemperatureGetState(zes_temp_handle_t, double* pTemperature);  (°C)
  zesTemperatureGetState: HANDLE_AND_STRUCT,

  // ze_result_t zesDeviceGetCardPowerDomain(zes_device_handle_t, zes_pwr_handle_t* phPower);
  zesDeviceGetCardPowerDomain: HANDLE_AND_STRUCT,
  // ze_result_t zesDeviceEnumPowerDomains(zes_device_handle_t, uint32_t*, zes_pwr_handle_t*);
  zesDeviceEnumPowerDomains: HANDLE_LIST,
  // ze_result_t zesPowerGetLimits(zes_pwr_handle_t, zes_power_sustained_limit_t*,
  //                               zes_power_burst_limit_t*, zes_power_peak_limit_t*);
  zesPowerGetLimits: {
    parameters: ["pointer", "buffer", "buffer", "buffer"],
    result: "i32",
    ...OPTIONAL,
  },
  // ze_result_t zesPowerGetEnergyCounter(zes_pwr_handle_t, zes_power_energy_counter_t*);
  zesPowerGetEnergyCounter: HANDLE_AND_STRUCT,
} as const satisfies Deno.ForeignLibraryInterface;

/** The symbols that take a handle and one struct pointer. */
export type StructGetter = Exclude<
  keyof typeof ZE_SYMBOLS,
  "zeInit" | "zeDriverGet" | "zeDeviceGet" | "zesRasGetState"
>;

export type ZeSymbols = Deno.DynamicLibrary<typeof ZE_SYMBOLS>["symbols"];

/** Spec 1.5+ names, absent from the installed 1.4 headers (the probe declares them itself). */
export const SPEC_1_5_SYMBOLS: ReadonlySet<string> = new Set([
  "zesInit",
  "zesDriverGet",
  "zesDeviceGet",
]);
