/*
 * A fake libnvidia-ml for gputop's tests: the real symbol names and ABI (from our own
 * nvml_abi.h), canned devices, and scenarios chosen at nvmlInit by FAKE_NVML_SCENARIO:
 *
 *   two-gpus (default)          two GPUs, compute + graphics processes
 *   process-list-grows          GPU 0's compute list grows between the size query and the fetch
 *   process-list-keeps-growing  GPU 0's compute list is always one entry larger than asked
 *   not-supported               GPU 0 answers NOT_SUPPORTED for most optional fields
 *   gpu-lost                    GPU 1 answers GPU_IS_LOST after its identity
 *   handle-lost                 nvmlDeviceGetHandleByIndex(1) answers GPU_IS_LOST
 *   no-gpus                     no devices
 *   driver-not-loaded           nvmlInit answers DRIVER_NOT_LOADED
 *   init-no-permission          nvmlInit answers NO_PERMISSION
 *   mig                         GPU 0 in MIG mode with two MIG devices (3g.40gb in slot 0,
 *                               1g.10gb in slot 1, slots 2-6 empty), processes on each;
 *                               GPU 1 not in MIG mode (fake_nvml_mig.c)
 *   mig-handle-fails            as mig, but MIG slot 0 answers UNKNOWN for its handle
 *   mig-no-instances            GPU 0 in MIG mode with no MIG device configured
 *   healthy                     as two-gpus, and both answer the health calls: sound boards
 *   sick                        as healthy, but GPU 0 is sick: 2 volatile uncorrected ECC
 *                               errors, rows remapped with a remap pending, clocks held by
 *                               power cap and thermal, link x8 of max x16 (fake_nvml_health.c)
 *   (every other scenario answers NOT_SUPPORTED to the health calls, as a consumer board)
 *
 * Compile-time variants drop exports, as older or newer drivers do:
 *   -DFAKE_NVML_V1_ONLY       no _v2/_v3 entry point at all (the oldest ABI)
 *   -DFAKE_NVML_NO_MEMORY_V2  no nvmlDeviceGetMemoryInfo_v2
 *   -DFAKE_NVML_NO_V3         no ...RunningProcesses_v3
 *   -DFAKE_NVML_V3_WIDE       ..._v3 writes 32-byte entries, as early R535 drivers did
 *   -DFAKE_NVML_MEMORY_V2_ANSWERS=N  nvmlDeviceGetMemoryInfo_v2 always answers code N: 25
 *                             (ARGUMENT_VERSION_MISMATCH, a driver that takes no v2 struct) or
 *                             3 (NOT_SUPPORTED, as a vGPU may); v1 still answers
 *
 * Session behaviour, as the real library has it: nvmlInit/nvmlShutdown are reference
 * counted, and every init that finds the count at 0 starts a new generation whose device
 * handles are new values (fresh copies of the devices); a handle of an earlier generation
 * is refused with INVALID_ARGUMENT. Further environment, read at init:
 *   FAKE_NVML_INIT_SLEEP_MS   init blocks this long first (a driver without persistence mode)
 *   FAKE_NVML_COUNTS_FILE     after every init and shutdown, "init N shutdown M refcount R"
 *                             is written to this file (so a killed process leaves its counts)
 *   FAKE_NVML_SELF_PID=1      GPU 0's first compute process (4242) is the calling process
 *   FAKE_NVML_PID=N           GPU 0's first compute process (4242) is pid N instead (a real
 *                             process a test started, for top's K)
 *
 * And read at every call of the functions named below, a call that never returns (a GPU
 * fallen off the bus can make NVML calls hang for minutes):
 *   FAKE_NVML_HANG_CALL       nvmlDeviceGetTemperature or nvmlDeviceGetPowerUsage: that call
 *                             blocks forever (its thread sleeps until the process ends)
 *   FAKE_NVML_HANG_AFTER      calls of it answered normally before the first that hangs (0)
 *   FAKE_NVML_HANG_FILE       every call that starts to hang appends "hang <name>" to this file
 *
 * Every number below is source data for the tests, which restate them as literals.
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep, getpid under -std=c11 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "nvml_abi.h"

#define EXPORT __attribute__((visibility("default")))

#if !defined(FAKE_NVML_V1_ONLY)
#define HAS_V2 1
#else
#define HAS_V2 0
#endif

#if HAS_V2 && !defined(FAKE_NVML_NO_MEMORY_V2)
#define HAS_MEMORY_V2 1
#else
#define HAS_MEMORY_V2 0
#endif

#if HAS_V2 && !defined(FAKE_NVML_NO_V3)
#define HAS_PROCESSES_V3 1
#else
#define HAS_PROCESSES_V3 0
#endif

#define NOT_AVAILABLE_U64 0xFFFFFFFFFFFFFFFFULL
#define NOT_AVAILABLE_U32 0xFFFFFFFFU
#define MAX_LIST 8

enum scenario {
  TWO_GPUS,
  PROCESS_LIST_GROWS,
  PROCESS_LIST_KEEPS_GROWING,
  NOT_SUPPORTED,
  GPU_LOST,
  HANDLE_LOST,
  NO_GPUS,
  DRIVER_NOT_LOADED,
  INIT_NO_PERMISSION,
  MIG,
  MIG_HANDLE_FAILS,
  MIG_NO_INSTANCES,
  HEALTHY,
  SICK,
  XID,
};

static const struct {
  const char *name;
  enum scenario value;
} SCENARIOS[] = {
    {"two-gpus", TWO_GPUS},
    {"process-list-grows", PROCESS_LIST_GROWS},
    {"process-list-keeps-growing", PROCESS_LIST_KEEPS_GROWING},
    {"not-supported", NOT_SUPPORTED},
    {"gpu-lost", GPU_LOST},
    {"handle-lost", HANDLE_LOST},
    {"no-gpus", NO_GPUS},
    {"driver-not-loaded", DRIVER_NOT_LOADED},
    {"init-no-permission", INIT_NO_PERMISSION},
    {"mig", MIG},
    {"mig-handle-fails", MIG_HANDLE_FAILS},
    {"mig-no-instances", MIG_NO_INSTANCES},
    {"healthy", HEALTHY},
    {"sick", SICK},
    {"xid", XID},
};

/* Fields a scenario can make fail, one bit each. */
enum field {
  F_IDENTITY = 1 << 0, /* PCI info, name, UUID */
  F_SERIAL = 1 << 1,
  F_MEMORY = 1 << 2,
  F_UTILIZATION = 1 << 3,
  F_CODEC = 1 << 4,
  F_TEMPERATURE = 1 << 5,
  F_POWER = 1 << 6,
  F_ENERGY = 1 << 7,
  F_CLOCK = 1 << 8,
  F_MAX_CLOCK = 1 << 9,
  F_FAN = 1 << 10,
  F_PSTATE = 1 << 11,
  F_PCIE = 1 << 12,
  F_ARCH = 1 << 13,
  F_MIG = 1 << 14,
  F_PROCESSES = 1 << 15,
  F_SAMPLES = 1 << 16,
};

struct fake_process {
  unsigned int pid;
  unsigned long long used;
};

struct nvmlDevice_st {
  const char *name, *uuid, *serial;
  unsigned int bus, pci_device_id;
  unsigned long long total, reserved, free_v2, used_v2, free_v1, used_v1;
  unsigned int gpu_util, mem_util, enc_util, dec_util, temperature, power_mw, limit_mw;
  unsigned long long energy_mj;
  unsigned int clock_graphics, clock_graphics_max, clock_mem, clock_mem_max;
  unsigned int fan, pstate, pcie_gen, pcie_width, arch;
  int cc_major, cc_minor;
  unsigned int unsupported; /* enum field bits answering NOT_SUPPORTED in every scenario */
  unsigned int mig;
  /* MIG devices only: the parent's index (GPUs: 0 with is_mig 0), GPU / compute instance. */
  int is_mig;
  unsigned int mig_parent, gpu_instance, compute_instance;
  struct fake_process compute[MAX_LIST];
  unsigned int compute_count;
  struct fake_process graphics[MAX_LIST];
  unsigned int graphics_count;
  nvmlProcessUtilizationSample_t samples[MAX_LIST];
  unsigned int sample_count;
};

static struct nvmlDevice_st DEVICES[2] = {
    {
        .name = "NVIDIA A100-SXM4-80GB",
        .uuid = "GPU-0f6a1a2b-3c4d-5e6f-7081-92a3b4c5d6e7",
        .serial = "1324021041532",
        .bus = 0x07,
        .pci_device_id = 0x20B210DE,
        .total = 85899345920ULL,
        .reserved = 566231040ULL,
        .free_v2 = 81038147584ULL,
        .used_v2 = 4861198336ULL,
        .free_v1 = 81604378624ULL,
        .used_v1 = 4294967296ULL,
        .gpu_util = 87,
        .mem_util = 45,
        .enc_util = 12,
        .dec_util = 34,
        .temperature = 64,
        .power_mw = 123456,
        .limit_mw = 400000,
        .energy_mj = 987654321012ULL,
        .clock_graphics = 1095,
        .clock_graphics_max = 1410,
        .clock_mem = 1215,
        .clock_mem_max = 1593,
        .fan = 30,
        .pstate = 0,
        .pcie_gen = 4,
        .pcie_width = 16,
        .arch = NVML_DEVICE_ARCH_AMPERE,
        .cc_major = 8,
        .cc_minor = 0,
        .mig = NVML_DEVICE_MIG_DISABLE,
        .compute = {{4242, 2147483648ULL}, {5151, 1073741824ULL}},
        .compute_count = 2,
        .graphics = {{5151, 1073741824ULL}, {6000, NOT_AVAILABLE_U64}},
        .graphics_count = 2,
        .samples = {{4242, 1700000000400000ULL, 75, 40, 0, 5},
                    {5151, 1700000000500000ULL, 10, 2, 20, 0}},
        .sample_count = 2,
    },
    {
        .name = "NVIDIA L40S",
        .uuid = "GPU-9e8d7c6b-5a49-3827-1605-f4e3d2c1b0a9",
        .serial = "1652123456789",
        .bus = 0x81,
        .pci_device_id = 0x26B910DE,
        .total = 48305799168ULL,
        .reserved = 469762048ULL,
        .free_v2 = 47299166208ULL,
        .used_v2 = 1006632960ULL,
        .free_v1 = 47768928256ULL,
        .used_v1 = 536870912ULL,
        .gpu_util = 3,
        .mem_util = 1,
        .enc_util = 0,
        .dec_util = 0,
        .temperature = 38,
        .power_mw = 35250,
        .limit_mw = 350000,
        .energy_mj = 5000000ULL,
        .clock_graphics = 210,
        .clock_graphics_max = 2520,
        .clock_mem = 405,
        .clock_mem_max = 9001,
        .fan = 120, /* NVML may report more than 100 % */
        .pstate = 8,
        .pcie_gen = 3,
        .pcie_width = 8,
        .arch = NVML_DEVICE_ARCH_ADA,
        .cc_major = 8,
        .cc_minor = 9,
        .unsupported = F_MIG | F_SAMPLES,
        .compute = {{7007, 536870912ULL}},
        .compute_count = 1,
        .graphics_count = 0,
        .sample_count = 0,
    },
};

/* GPU 0's compute list once it has grown (process-list-grows). */
static const struct fake_process GROWN[] = {
    {4242, 2147483648ULL}, {5151, 1073741824ULL}, {8080, 268435456ULL}, {8181, 134217728ULL}};

/* The current generation's copies of DEVICES: what handles point at. Never freed, so an
 * old generation's handles keep distinct addresses and can be told apart and refused. */
static struct nvmlDevice_st *current = NULL;
static enum scenario scenario = TWO_GPUS;
static int refcount = 0;
static unsigned int init_calls = 0, shutdown_calls = 0;
/* Handles: GPUs 0 and 1, then the MIG devices (MIG_HANDLE_BASE + slot). */
#define MIG_HANDLE_BASE 2
#define MIG_SLOTS 2
static unsigned int list_calls[MIG_HANDLE_BASE + MIG_SLOTS][2];
static unsigned long long last_seen[MIG_HANDLE_BASE + MIG_SLOTS];
static struct nvmlDevice_st *current_mig = NULL;
static int mig_scenario(void) {
  return scenario == MIG || scenario == MIG_HANDLE_FAILS || scenario == MIG_NO_INSTANCES;
}

/* ---- helpers ---------------------------------------------------------------------- */

static int device_index(nvmlDevice_t device) {
  if (current == NULL) return -1;
  if (device == &current[0]) return 0;
  if (device == &current[1]) return 1;
  for (int slot = 0; current_mig != NULL && slot < MIG_SLOTS; slot++) {
    if (device == &current_mig[slot]) return MIG_HANDLE_BASE + slot;
  }
  return -1;
}

static void write_counts(void) {
  const char *path = getenv("FAKE_NVML_COUNTS_FILE");
  if (path == NULL || path[0] == '\0') return;
  FILE *file = fopen(path, "w");
  if (file == NULL) return;
  fprintf(file, "init %u shutdown %u refcount %d\n", init_calls, shutdown_calls, refcount);
  fclose(file);
}

/* Blocks forever when FAKE_NVML_HANG_CALL names `name` and its first HANG_AFTER calls are done. */
static void maybe_hang(const char *name) {
  static unsigned long calls = 0;
  const char *hang = getenv("FAKE_NVML_HANG_CALL");
  if (hang == NULL || strcmp(hang, name) != 0) return;
  const char *after = getenv("FAKE_NVML_HANG_AFTER");
  if (after != NULL && after[0] != '\0' && calls++ < strtoul(after, NULL, 10)) return;
  const char *path = getenv("FAKE_NVML_HANG_FILE");
  FILE *file = path != NULL && path[0] != '\0' ? fopen(path, "a") : NULL;
  if (file != NULL) {
    fprintf(file, "hang %s\n", name);
    fclose(file);
  }
  for (;;) sleep(3600);
}

static void new_mig_generation(void);

static void new_generation(void) {
  current = malloc(sizeof DEVICES);
  if (current == NULL) abort();
  memcpy(current, DEVICES, sizeof DEVICES);
  const char *self = getenv("FAKE_NVML_SELF_PID");
  if (self != NULL && strcmp(self, "1") == 0) {
    current[0].compute[0].pid = (unsigned int)getpid();
    current[0].samples[0].pid = (unsigned int)getpid();
  }
  const char *chosen = getenv("FAKE_NVML_PID");
  if (chosen != NULL && atoi(chosen) > 0) {
    current[0].compute[0].pid = (unsigned int)atoi(chosen);
    current[0].samples[0].pid = (unsigned int)atoi(chosen);
  }
  new_mig_generation();
  if (scenario == SICK) current[0].pcie_width = 8; /* trained at x8 of x16 */
}

static unsigned int device_count(void) { return scenario == NO_GPUS ? 0 : 2; }

/* The answer for one field of one device before any data is written. */
static nvmlReturn_t gate(nvmlDevice_t device, enum field field) {
  if (refcount <= 0) return NVML_ERROR_UNINITIALIZED;
  int index = device_index(device);
  int valid = index >= MIG_HANDLE_BASE ? mig_scenario()
                                       : index >= 0 && (unsigned int)index < device_count();
  if (!valid) return NVML_ERROR_INVALID_ARGUMENT;
  if (scenario == GPU_LOST && index == 1 && field != F_IDENTITY) return NVML_ERROR_GPU_IS_LOST;
  if (device->unsupported & field) return NVML_ERROR_NOT_SUPPORTED;
  if (scenario == NOT_SUPPORTED && index == 0 &&
      (field & (F_SERIAL | F_CODEC | F_TEMPERATURE | F_POWER | F_ENERGY | F_MAX_CLOCK | F_FAN |
                F_PSTATE | F_PCIE | F_ARCH | F_MIG | F_SAMPLES)))
    return NVML_ERROR_NOT_SUPPORTED;
  return NVML_SUCCESS;
}

static nvmlReturn_t copy_string(const char *text, char *out, unsigned int length) {
  if (out == NULL) return NVML_ERROR_INVALID_ARGUMENT;
  if (strlen(text) + 1 > length) return NVML_ERROR_INSUFFICIENT_SIZE;
  memcpy(out, text, strlen(text) + 1);
  return NVML_SUCCESS;
}

static nvmlReturn_t get_u32(nvmlDevice_t device, enum field field, unsigned int value,
                            unsigned int *out) {
  nvmlReturn_t status = gate(device, field);
  if (status != NVML_SUCCESS) return status;
  if (out == NULL) return NVML_ERROR_INVALID_ARGUMENT;
  *out = value;
  return NVML_SUCCESS;
}

static nvmlReturn_t fill_pci(nvmlDevice_t device, nvmlPciInfo_t *pci, int with_bus_id) {
  nvmlReturn_t status = gate(device, F_IDENTITY);
  if (status != NVML_SUCCESS) return status;
  if (pci == NULL) return NVML_ERROR_INVALID_ARGUMENT;
  if (with_bus_id) memset(pci, 0, sizeof *pci);
  else memset(pci, 0, offsetof(nvmlPciInfo_t, busId)); /* the v1 struct ends before busId */
  snprintf(pci->busIdLegacy, sizeof pci->busIdLegacy, "%04X:%02X:%02X.0", 0, device->bus, 0);
  pci->domain = 0;
  pci->bus = device->bus;
  pci->device = 0;
  pci->pciDeviceId = device->pci_device_id;
  pci->pciSubSystemId = 0x151510DE;
  if (with_bus_id) snprintf(pci->busId, sizeof pci->busId, "%08X:%02X:%02X.0", 0, device->bus, 0);
  return NVML_SUCCESS;
}

static void write_entry(void *infos, size_t stride, unsigned int i, const struct fake_process *p,
                        const struct nvmlDevice_st *owner) {
  unsigned int gi = owner->is_mig ? owner->gpu_instance : NOT_AVAILABLE_U32;
  unsigned int ci = owner->is_mig ? owner->compute_instance : NOT_AVAILABLE_U32;
  char *at = (char *)infos + i * stride;
  if (stride == sizeof(nvmlProcessInfo_v1_t)) {
    nvmlProcessInfo_v1_t *entry = (nvmlProcessInfo_v1_t *)at;
    entry->pid = p->pid;
    entry->usedGpuMemory = p->used;
  } else if (stride == sizeof(nvmlProcessInfo_v2_t)) {
    nvmlProcessInfo_v2_t *entry = (nvmlProcessInfo_v2_t *)at;
    entry->pid = p->pid;
    entry->usedGpuMemory = p->used;
    entry->gpuInstanceId = gi;
    entry->computeInstanceId = ci;
  } else {
    gputopProcessInfoWide_t *entry = (gputopProcessInfoWide_t *)at;
    entry->pid = p->pid;
    entry->usedGpuMemory = p->used;
    entry->gpuInstanceId = gi;
    entry->computeInstanceId = ci;
    entry->usedGpuCcProtectedMemory = 0;
  }
}

static int mig_parent_lists(nvmlDevice_t device, int kind, unsigned int *count, void *infos,
                            size_t stride, nvmlReturn_t *status);

/* kind 0 = compute, 1 = graphics; stride = the entry size of the entry point called. */
static nvmlReturn_t list_processes(nvmlDevice_t device, int kind, unsigned int *count, void *infos,
                                   size_t stride) {
  nvmlReturn_t status = gate(device, F_PROCESSES);
  if (status != NVML_SUCCESS) return status;
  if (count == NULL) return NVML_ERROR_INVALID_ARGUMENT;
  int index = device_index(device);
  unsigned int call = ++list_calls[index][kind];
  const struct fake_process *list = kind == 0 ? device->compute : device->graphics;
  unsigned int n = kind == 0 ? device->compute_count : device->graphics_count;
  if (index == 0 && kind == 0 && scenario == PROCESS_LIST_GROWS) {
    list = GROWN;
    n = call == 1 ? 2 : 4; /* two at the size query, four by the time of the fetch */
  }
  if (index == 0 && kind == 0 && scenario == PROCESS_LIST_KEEPS_GROWING) {
    *count = *count + 1;
    return NVML_ERROR_INSUFFICIENT_SIZE;
  }
  if (mig_parent_lists(device, kind, count, infos, stride, &status)) return status;
  if (n == 0) {
    *count = 0;
    return NVML_SUCCESS;
  }
  if (infos == NULL || *count < n) {
    *count = n;
    return NVML_ERROR_INSUFFICIENT_SIZE;
  }
  for (unsigned int i = 0; i < n; i++) write_entry(infos, stride, i, &list[i], device);
  *count = n;
  return NVML_SUCCESS;
}

/* ---- init and system ---------------------------------------------------------------- */

static nvmlReturn_t init(void) {
  init_calls++;
  const char *sleep_ms = getenv("FAKE_NVML_INIT_SLEEP_MS");
  if (sleep_ms != NULL && sleep_ms[0] != '\0') {
    long ms = strtol(sleep_ms, NULL, 10);
    struct timespec delay = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&delay, NULL);
  }
  const char *name = getenv("FAKE_NVML_SCENARIO");
  enum scenario chosen = TWO_GPUS;
  if (name != NULL && name[0] != '\0') {
    size_t i;
    for (i = 0; i < sizeof SCENARIOS / sizeof SCENARIOS[0]; i++) {
      if (strcmp(SCENARIOS[i].name, name) == 0) break;
    }
    if (i == sizeof SCENARIOS / sizeof SCENARIOS[0]) {
      fprintf(stderr, "fake_nvml: unknown FAKE_NVML_SCENARIO '%s'\n", name);
      return NVML_ERROR_UNKNOWN;
    }
    chosen = SCENARIOS[i].value;
  }
  if (chosen == DRIVER_NOT_LOADED || chosen == INIT_NO_PERMISSION) {
    write_counts();
    return chosen == DRIVER_NOT_LOADED ? NVML_ERROR_DRIVER_NOT_LOADED : NVML_ERROR_NO_PERMISSION;
  }
  if (refcount == 0) {
    scenario = chosen;
    memset(list_calls, 0, sizeof list_calls);
    new_generation();
  }
  refcount++;
  write_counts();
  return NVML_SUCCESS;
}

EXPORT nvmlReturn_t nvmlInit(void) { return init(); }
#if HAS_V2
EXPORT nvmlReturn_t nvmlInit_v2(void) { return init(); }
#endif

EXPORT nvmlReturn_t nvmlShutdown(void) {
  shutdown_calls++;
  if (refcount <= 0) {
    write_counts();
    return NVML_ERROR_UNINITIALIZED;
  }
  refcount--;
  write_counts();
  return NVML_SUCCESS;
}

EXPORT const char *nvmlErrorString(nvmlReturn_t result) {
  switch (result) {
  case NVML_SUCCESS: return "Success";
  case NVML_ERROR_UNINITIALIZED: return "Uninitialized";
  case NVML_ERROR_INVALID_ARGUMENT: return "Invalid Argument";
  case NVML_ERROR_NOT_SUPPORTED: return "Not Supported";
  case NVML_ERROR_NO_PERMISSION: return "Insufficient Permissions";
  case NVML_ERROR_NOT_FOUND: return "Not Found";
  case NVML_ERROR_INSUFFICIENT_SIZE: return "Insufficient Size";
  case NVML_ERROR_DRIVER_NOT_LOADED: return "Driver Not Loaded";
  case NVML_ERROR_FUNCTION_NOT_FOUND: return "Function Not Found";
  case NVML_ERROR_GPU_IS_LOST: return "GPU is lost";
  case 26: return NULL; /* no text: lets tests reach gputop's own table */
  default: return "Unknown Error";
  }
}

EXPORT nvmlReturn_t nvmlSystemGetNVMLVersion(char *version, unsigned int length) {
  return copy_string("12.535.261.03", version, length);
}

EXPORT nvmlReturn_t nvmlSystemGetDriverVersion(char *version, unsigned int length) {
  if (refcount <= 0) return NVML_ERROR_UNINITIALIZED;
  return copy_string("535.261.03", version, length);
}

static nvmlReturn_t cuda_version(int *version) {
  if (refcount <= 0) return NVML_ERROR_UNINITIALIZED;
  if (version == NULL) return NVML_ERROR_INVALID_ARGUMENT;
  *version = 12020;
  return NVML_SUCCESS;
}

EXPORT nvmlReturn_t nvmlSystemGetCudaDriverVersion(int *version) { return cuda_version(version); }
#if HAS_V2
EXPORT nvmlReturn_t nvmlSystemGetCudaDriverVersion_v2(int *version) {
  return cuda_version(version);
}
#endif

/* ---- enumeration -------------------------------------------------------------------- */

static nvmlReturn_t get_count(unsigned int *count) {
  if (refcount <= 0) return NVML_ERROR_UNINITIALIZED;
  if (count == NULL) return NVML_ERROR_INVALID_ARGUMENT;
  *count = device_count();
  return NVML_SUCCESS;
}

static nvmlReturn_t get_handle(unsigned int index, nvmlDevice_t *device) {
  if (refcount <= 0) return NVML_ERROR_UNINITIALIZED;
  if (device == NULL || index >= device_count()) return NVML_ERROR_INVALID_ARGUMENT;
  if (scenario == HANDLE_LOST && index == 1) return NVML_ERROR_GPU_IS_LOST;
  *device = &current[index];
  return NVML_SUCCESS;
}

EXPORT nvmlReturn_t nvmlDeviceGetCount(unsigned int *count) { return get_count(count); }
EXPORT nvmlReturn_t nvmlDeviceGetHandleByIndex(unsigned int index, nvmlDevice_t *device) {
  return get_handle(index, device);
}
#if HAS_V2
EXPORT nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *count) { return get_count(count); }
EXPORT nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int index, nvmlDevice_t *device) {
  return get_handle(index, device);
}
#endif

/* ---- identity ----------------------------------------------------------------------- */

EXPORT nvmlReturn_t nvmlDeviceGetName(nvmlDevice_t device, char *name, unsigned int length) {
  nvmlReturn_t status = gate(device, F_IDENTITY);
  return status != NVML_SUCCESS ? status : copy_string(device->name, name, length);
}

EXPORT nvmlReturn_t nvmlDeviceGetUUID(nvmlDevice_t device, char *uuid, unsigned int length) {
  nvmlReturn_t status = gate(device, F_IDENTITY);
  return status != NVML_SUCCESS ? status : copy_string(device->uuid, uuid, length);
}

EXPORT nvmlReturn_t nvmlDeviceGetSerial(nvmlDevice_t device, char *serial, unsigned int length) {
  nvmlReturn_t status = gate(device, F_SERIAL);
  return status != NVML_SUCCESS ? status : copy_string(device->serial, serial, length);
}

EXPORT nvmlReturn_t nvmlDeviceGetPciInfo(nvmlDevice_t device, nvmlPciInfo_t *pci) {
  return fill_pci(device, pci, 0);
}
#if HAS_V2
EXPORT nvmlReturn_t nvmlDeviceGetPciInfo_v2(nvmlDevice_t device, nvmlPciInfo_t *pci) {
  return fill_pci(device, pci, 1);
}
EXPORT nvmlReturn_t nvmlDeviceGetPciInfo_v3(nvmlDevice_t device, nvmlPciInfo_t *pci) {
  return fill_pci(device, pci, 1);
}
#endif

/* ---- memory and utilisation --------------------------------------------------------- */

EXPORT nvmlReturn_t nvmlDeviceGetMemoryInfo(nvmlDevice_t device, nvmlMemory_t *memory) {
  nvmlReturn_t status = gate(device, F_MEMORY);
  if (status != NVML_SUCCESS) return status;
  if (memory == NULL) return NVML_ERROR_INVALID_ARGUMENT;
  memory->total = device->total;
  memory->free = device->free_v1;
  memory->used = device->used_v1;
  return NVML_SUCCESS;
}

#if HAS_MEMORY_V2
EXPORT nvmlReturn_t nvmlDeviceGetMemoryInfo_v2(nvmlDevice_t device, nvmlMemory_v2_t *memory) {
  nvmlReturn_t status = gate(device, F_MEMORY);
  if (status != NVML_SUCCESS) return status;
  if (memory == NULL) return NVML_ERROR_INVALID_ARGUMENT;
#if defined(FAKE_NVML_MEMORY_V2_ANSWERS)
  return FAKE_NVML_MEMORY_V2_ANSWERS;
#endif
  /* The 535 driver answers FUNCTION_NOT_FOUND for any other version value. */
  if (memory->version != nvmlMemory_v2) return NVML_ERROR_FUNCTION_NOT_FOUND;
  memory->total = device->total;
  memory->reserved = device->reserved;
  memory->free = device->free_v2;
  memory->used = device->used_v2;
  return NVML_SUCCESS;
}
#endif

EXPORT nvmlReturn_t nvmlDeviceGetUtilizationRates(nvmlDevice_t device, nvmlUtilization_t *rates) {
  nvmlReturn_t status = gate(device, F_UTILIZATION);
  if (status != NVML_SUCCESS) return status;
  if (rates == NULL) return NVML_ERROR_INVALID_ARGUMENT;
  rates->gpu = device->gpu_util;
  rates->memory = device->mem_util;
  return NVML_SUCCESS;
}

EXPORT nvmlReturn_t nvmlDeviceGetEncoderUtilization(nvmlDevice_t device, unsigned int *value,
                                                    unsigned int *period_us) {
  nvmlReturn_t status = get_u32(device, F_CODEC, device->enc_util, value);
  if (status == NVML_SUCCESS && period_us != NULL) *period_us = 167000;
  return status;
}

EXPORT nvmlReturn_t nvmlDeviceGetDecoderUtilization(nvmlDevice_t device, unsigned int *value,
                                                    unsigned int *period_us) {
  nvmlReturn_t status = get_u32(device, F_CODEC, device->dec_util, value);
  if (status == NVML_SUCCESS && period_us != NULL) *period_us = 167000;
  return status;
}

/* ---- sensors, clocks, link ---------------------------------------------------------- */

EXPORT nvmlReturn_t nvmlDeviceGetTemperature(nvmlDevice_t device, nvmlTemperatureSensors_t sensor,
                                             unsigned int *temp) {
  if (sensor != NVML_TEMPERATURE_GPU) return NVML_ERROR_INVALID_ARGUMENT;
  maybe_hang("nvmlDeviceGetTemperature");
  return get_u32(device, F_TEMPERATURE, device->temperature, temp);
}

EXPORT nvmlReturn_t nvmlDeviceGetPowerUsage(nvmlDevice_t device, unsigned int *power) {
  maybe_hang("nvmlDeviceGetPowerUsage");
  return get_u32(device, F_POWER, device->power_mw, power);
}

EXPORT nvmlReturn_t nvmlDeviceGetEnforcedPowerLimit(nvmlDevice_t device, unsigned int *limit) {
  return get_u32(device, F_POWER, device->limit_mw, limit);
}

EXPORT nvmlReturn_t nvmlDeviceGetTotalEnergyConsumption(nvmlDevice_t device,
                                                        unsigned long long *energy) {
  nvmlReturn_t status = gate(device, F_ENERGY);
  if (status != NVML_SUCCESS) return status;
  if (energy == NULL) return NVML_ERROR_INVALID_ARGUMENT;
  *energy = device->energy_mj;
  return NVML_SUCCESS;
}

EXPORT nvmlReturn_t nvmlDeviceGetClockInfo(nvmlDevice_t device, nvmlClockType_t type,
                                           unsigned int *clock) {
  if (type == NVML_CLOCK_GRAPHICS) return get_u32(device, F_CLOCK, device->clock_graphics, clock);
  if (type == NVML_CLOCK_MEM) return get_u32(device, F_CLOCK, device->clock_mem, clock);
  return NVML_ERROR_INVALID_ARGUMENT;
}

EXPORT nvmlReturn_t nvmlDeviceGetMaxClockInfo(nvmlDevice_t device, nvmlClockType_t type,
                                              unsigned int *clock) {
  if (type == NVML_CLOCK_GRAPHICS) {
    return get_u32(device, F_MAX_CLOCK, device->clock_graphics_max, clock);
  }
  if (type == NVML_CLOCK_MEM) return get_u32(device, F_MAX_CLOCK, device->clock_mem_max, clock);
  return NVML_ERROR_INVALID_ARGUMENT;
}

EXPORT nvmlReturn_t nvmlDeviceGetFanSpeed(nvmlDevice_t device, unsigned int *speed) {
  return get_u32(device, F_FAN, device->fan, speed);
}

EXPORT nvmlReturn_t nvmlDeviceGetPerformanceState(nvmlDevice_t device, nvmlPstates_t *state) {
  return get_u32(device, F_PSTATE, device->pstate, (unsigned int *)state);
}

EXPORT nvmlReturn_t nvmlDeviceGetCurrPcieLinkGeneration(nvmlDevice_t device, unsigned int *gen) {
  return get_u32(device, F_PCIE, device->pcie_gen, gen);
}

EXPORT nvmlReturn_t nvmlDeviceGetCurrPcieLinkWidth(nvmlDevice_t device, unsigned int *width) {
  return get_u32(device, F_PCIE, device->pcie_width, width);
}

EXPORT nvmlReturn_t nvmlDeviceGetArchitecture(nvmlDevice_t device,
                                              nvmlDeviceArchitecture_t *arch) {
  return get_u32(device, F_ARCH, device->arch, arch);
}

EXPORT nvmlReturn_t nvmlDeviceGetCudaComputeCapability(nvmlDevice_t device, int *major,
                                                       int *minor) {
  nvmlReturn_t status = gate(device, F_ARCH);
  if (status != NVML_SUCCESS) return status;
  if (major == NULL || minor == NULL) return NVML_ERROR_INVALID_ARGUMENT;
  *major = device->cc_major;
  *minor = device->cc_minor;
  return NVML_SUCCESS;
}

EXPORT nvmlReturn_t nvmlDeviceGetMigMode(nvmlDevice_t device, unsigned int *current,
                                         unsigned int *pending) {
  nvmlReturn_t status = get_u32(device, F_MIG, device->mig, current);
  if (status == NVML_SUCCESS && pending != NULL) *pending = device->mig;
  return status;
}

/* ---- processes ---------------------------------------------------------------------- */

EXPORT nvmlReturn_t nvmlDeviceGetComputeRunningProcesses(nvmlDevice_t device, unsigned int *count,
                                                         nvmlProcessInfo_v1_t *infos) {
  return list_processes(device, 0, count, infos, sizeof(nvmlProcessInfo_v1_t));
}

EXPORT nvmlReturn_t nvmlDeviceGetGraphicsRunningProcesses(nvmlDevice_t device,
                                                          unsigned int *count,
                                                          nvmlProcessInfo_v1_t *infos) {
  return list_processes(device, 1, count, infos, sizeof(nvmlProcessInfo_v1_t));
}

#if HAS_V2
EXPORT nvmlReturn_t nvmlDeviceGetComputeRunningProcesses_v2(nvmlDevice_t device,
                                                            unsigned int *count,
                                                            nvmlProcessInfo_v2_t *infos) {
  return list_processes(device, 0, count, infos, sizeof(nvmlProcessInfo_v2_t));
}

EXPORT nvmlReturn_t nvmlDeviceGetGraphicsRunningProcesses_v2(nvmlDevice_t device,
                                                             unsigned int *count,
                                                             nvmlProcessInfo_v2_t *infos) {
  return list_processes(device, 1, count, infos, sizeof(nvmlProcessInfo_v2_t));
}
#endif

#if HAS_PROCESSES_V3
#if defined(FAKE_NVML_V3_WIDE)
#define V3_STRIDE sizeof(gputopProcessInfoWide_t)
#else
#define V3_STRIDE sizeof(nvmlProcessInfo_t)
#endif
EXPORT nvmlReturn_t nvmlDeviceGetComputeRunningProcesses_v3(nvmlDevice_t device,
                                                            unsigned int *count,
                                                            nvmlProcessInfo_t *infos) {
  return list_processes(device, 0, count, infos, V3_STRIDE);
}

EXPORT nvmlReturn_t nvmlDeviceGetGraphicsRunningProcesses_v3(nvmlDevice_t device,
                                                             unsigned int *count,
                                                             nvmlProcessInfo_t *infos) {
  return list_processes(device, 1, count, infos, V3_STRIDE);
}
#endif

/* Presence probes: which of the two a driver exports tells the _v3 entry size. */
#if HAS_V2
EXPORT nvmlReturn_t nvmlDeviceGetConfComputeMemSizeInfo(nvmlDevice_t device, void *info) {
  (void)device;
  (void)info;
  return NVML_ERROR_NOT_SUPPORTED;
}
#endif
#if HAS_V2 && !defined(FAKE_NVML_V3_WIDE)
EXPORT nvmlReturn_t nvmlDeviceGetRunningProcessDetailList(nvmlDevice_t device, void *list) {
  (void)device;
  (void)list;
  return NVML_ERROR_NOT_SUPPORTED;
}
#endif

EXPORT nvmlReturn_t nvmlDeviceGetProcessUtilization(nvmlDevice_t device,
                                                    nvmlProcessUtilizationSample_t *samples,
                                                    unsigned int *count,
                                                    unsigned long long last_seen_us) {
  nvmlReturn_t status = gate(device, F_SAMPLES);
  if (status != NVML_SUCCESS) return status;
  if (count == NULL) return NVML_ERROR_INVALID_ARGUMENT;
  int index = device_index(device);
  last_seen[index] = last_seen_us;
  unsigned int newer = 0;
  for (unsigned int i = 0; i < device->sample_count; i++) {
    if (device->samples[i].timeStamp > last_seen_us) newer++;
  }
  if (newer == 0) return NVML_ERROR_NOT_FOUND;
  if (samples == NULL || *count < newer) {
    *count = newer;
    return NVML_ERROR_INSUFFICIENT_SIZE;
  }
  unsigned int written = 0;
  for (unsigned int i = 0; i < device->sample_count; i++) {
    if (device->samples[i].timeStamp > last_seen_us) samples[written++] = device->samples[i];
  }
  *count = written;
  return NVML_SUCCESS;
}

/* ---- test hooks (not NVML): what the backend asked for -------------------------------- */

EXPORT unsigned long long fakeNvmlLastSeenTimeStamp(unsigned int index) {
  return index < MIG_HANDLE_BASE + MIG_SLOTS ? last_seen[index] : 0;
}

EXPORT unsigned int fakeNvmlInitCalls(void) { return init_calls; }
EXPORT unsigned int fakeNvmlShutdownCalls(void) { return shutdown_calls; }
EXPORT int fakeNvmlRefCount(void) { return refcount; }
/* The handle value nvmlDeviceGetHandleByIndex gives now (0 before the first init). */
EXPORT unsigned long long fakeNvmlHandle(unsigned int index) {
  return current != NULL && index < 2 ? (unsigned long long)(size_t)&current[index] : 0;
}

/* kind 0 = compute, 1 = graphics: calls since the last first init. */
EXPORT unsigned int fakeNvmlListCalls(unsigned int index, unsigned int kind) {
  return index < MIG_HANDLE_BASE + MIG_SLOTS && kind < 2 ? list_calls[index][kind] : 0;
}

#include "fake_nvml_mig.c"
#include "fake_nvml_health.c"
#include "fake_nvml_xid.c"

