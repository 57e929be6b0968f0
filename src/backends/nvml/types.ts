/**
 * NVML struct layouts (x86_64 and every other LP64 / LLP64 target NVML ships for: the
 * structs hold only `unsigned int`, `unsigned long long` and `char` arrays) and the
 * constants this backend passes or compares. `test/backends/nvml/layout_test.ts` checks
 * every number here against `nvml.h` with `sizeof` / `offsetof`.
 */

/** `nvmlPciInfo_t` (written by `nvmlDeviceGetPciInfo_v3` / `_v2`; v1 fills up to `busId`). */
export const PCI_INFO = {
  size: 68,
  /** `char[16]`, `"%04X:%02X:%02X.0"`; the only bus id the v1 entry point writes. */
  busIdLegacy: 0,
  domain: 16,
  bus: 20,
  device: 24,
  pciDeviceId: 28,
  pciSubSystemId: 32,
  /** `char[32]`, `"%08X:%02X:%02X.0"`. */
  busId: 36,
} as const;
export const PCI_BUS_ID_LEGACY_LENGTH = 16;
export const PCI_BUS_ID_LENGTH = 32;

/** `nvmlMemory_t`, for `nvmlDeviceGetMemoryInfo` (v1): bytes. */
export const MEMORY_V1 = { size: 24, total: 0, free: 8, used: 16 } as const;

/** `nvmlMemory_v2_t`, for `nvmlDeviceGetMemoryInfo_v2`: bytes; `used` includes `reserved`. */
export const MEMORY_V2 = {
  size: 40,
  version: 0,
  total: 8,
  reserved: 16,
  free: 24,
  used: 32,
} as const;

/**
 * `nvmlMemory_v2` = `sizeof(nvmlMemory_v2_t) | 2 << 24` (the header's "must be 2" is
 * misleading). For a version it does not take, the header's code is ARGUMENT_VERSION_MISMATCH
 * (25, "the provided version is invalid/unsupported"); the 535 library answers
 * FUNCTION_NOT_FOUND (13) instead (shared/reference/nvml-level-zero-abi.md, item 3). Either,
 * or NOT_SUPPORTED (a vGPU), makes `memory()` read v1 (library.ts).
 */
export const MEMORY_V2_VERSION = 0x02000028;

/** `nvmlUtilization_t`: percentages. */
export const UTILIZATION = { size: 8, gpu: 0, memory: 4 } as const;

/** `nvmlProcessInfo_v1_t`, written by the unsuffixed `…RunningProcesses`. */
export const PROCESS_INFO_V1 = { size: 16, pid: 0, usedGpuMemory: 8 } as const;

/** `nvmlProcessInfo_v2_t` = `nvmlProcessInfo_t` in nvml.h 11.8/12.x: `_v2`, and `_v3` on most drivers. */
export const PROCESS_INFO_V2 = {
  size: 24,
  pid: 0,
  usedGpuMemory: 8,
  gpuInstanceId: 16,
  computeInstanceId: 20,
} as const;

/**
 * The 32-byte entry early R535 drivers wrote from `…RunningProcesses_v3` (one more u64,
 * `usedGpuCcProtectedMemory`). Not in the installed header: it comes from the headers of
 * those drivers, so the layout test checks it against our own ABI header only.
 */
export const PROCESS_INFO_V3_WIDE = {
  size: 32,
  pid: 0,
  usedGpuMemory: 8,
  gpuInstanceId: 16,
  computeInstanceId: 20,
  usedGpuCcProtectedMemory: 24,
} as const;

/** `nvmlProcessUtilizationSample_t`: `timeStamp` is CPU µs; the rest are percentages. */
export const PROCESS_UTILIZATION_SAMPLE = {
  size: 32,
  pid: 0,
  timeStamp: 8,
  smUtil: 16,
  memUtil: 20,
  encUtil: 24,
  decUtil: 28,
} as const;

/** `NVML_VALUE_NOT_AVAILABLE` (-1) as it reads in an `unsigned int` / `unsigned long long`. */
export const VALUE_NOT_AVAILABLE_U32 = 0xffffffff;
export const VALUE_NOT_AVAILABLE_U64 = 0xffffffffffffffffn;

/** Buffer sizes, including the NUL (the `_V2_` sizes: names and UUIDs may use 96 bytes). */
export const SYSTEM_DRIVER_VERSION_BUFFER_SIZE = 80;
export const SYSTEM_NVML_VERSION_BUFFER_SIZE = 80;
export const DEVICE_NAME_V2_BUFFER_SIZE = 96;
export const DEVICE_UUID_V2_BUFFER_SIZE = 96;
export const DEVICE_SERIAL_BUFFER_SIZE = 30;

/** `nvmlTemperatureSensors_t`. */
export const TEMPERATURE_GPU = 0;

/** `nvmlClockType_t`. */
export const CLOCK_GRAPHICS = 0;
export const CLOCK_MEM = 2;

/** `nvmlPstates_t`: P0…P15 are 0…15. */
export const PSTATE_MAX = 15;
export const PSTATE_UNKNOWN = 32;

/** `NVML_DEVICE_MIG_ENABLE`. */
export const DEVICE_MIG_ENABLE = 1;

/** `NVML_DEVICE_ARCH_*` → name. 10 (Blackwell) comes from newer headers than 11.8. */
export const DEVICE_ARCHITECTURES: ReadonlyMap<number, string> = new Map([
  [2, "Kepler"],
  [3, "Maxwell"],
  [4, "Pascal"],
  [5, "Volta"],
  [6, "Turing"],
  [7, "Ampere"],
  [8, "Ada"],
  [9, "Hopper"],
  [10, "Blackwell"],
]);

/** `nvmlEventData_t`: what `nvmlEventSetWait_v2` writes for one event. */
export const EVENT_DATA = {
  size: 32,
  device: 0,
  eventType: 8,
  eventData: 16,
  gpuInstanceId: 24,
  computeInstanceId: 28,
} as const;

/** `nvmlEventTypeXidCriticalError`: the event type bit for a critical Xid. */
export const EVENT_TYPE_XID_CRITICAL_ERROR = 0x8n;
