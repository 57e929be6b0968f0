/**
 * NVML's event-set entry points (spread into NVML_SYMBOLS), used in live modes for critical
 * Xid events (xid_events.ts). Each is optional: a driver without one leaves the feature off.
 */

const OPTIONAL = { optional: true } as const;

export const NVML_EVENT_SYMBOLS = {
  // nvmlReturn_t nvmlEventSetCreate(nvmlEventSet_t *set);
  nvmlEventSetCreate: { parameters: ["buffer"], result: "i32", ...OPTIONAL },
  // nvmlReturn_t nvmlDeviceRegisterEvents(nvmlDevice_t device, unsigned long long eventTypes,
  //                                       nvmlEventSet_t set);
  nvmlDeviceRegisterEvents: {
    parameters: ["pointer", "u64", "pointer"],
    result: "i32",
    ...OPTIONAL,
  },
  // nvmlReturn_t nvmlEventSetWait_v2(nvmlEventSet_t set, nvmlEventData_t *data,
  //                                  unsigned int timeoutms);
  nvmlEventSetWait_v2: { parameters: ["pointer", "buffer", "u32"], result: "i32", ...OPTIONAL },
  // nvmlReturn_t nvmlEventSetFree(nvmlEventSet_t set);
  nvmlEventSetFree: { parameters: ["pointer"], result: "i32", ...OPTIONAL },
} as const satisfies Deno.ForeignLibraryInterface;
