/*
 * A fake libze_loader for gputop's tests: the real symbol names and ABI (from our own
 * ze_abi.h, or the vendor's headers when the signature probe compiles it), serving the
 * scenario named by FAKE_ZE_SCENARIO when zeInit / zesInit runs:
 *
 *   arc-discrete     one Arc-like card at 0000:03:00.0: two device memory modules, engine
 *                    groups ALL / RENDER_ALL / COMPUTE_ALL / COPY_ALL / MEDIA_ALL (plus a
 *                    COMPUTE_SINGLE to be ignored), GPU and memory frequency domains, three
 *                    temperature sensors, a card power domain, two processes
 *   integrated       an integrated part at 0000:00:02.0: no memory module, no power domain,
 *                    no temperature sensor, one RENDER_ALL group
 *   init-fails       zeInit / zesInit return ZE_RESULT_ERROR_DEPENDENCY_UNAVAILABLE
 *   no-devices       one driver with zero devices
 *   huge-count       arc-discrete, but the engine-group and process counts say 2^31
 *   bad-strings      arc-discrete, but the name fills its 256 bytes with no terminator
 *   unexpected-code  arc-discrete, but zesTemperatureGetState returns 0x12345678
 *   arc-sick         arc-discrete, but sick: 5 correctable and 2 uncorrectable RAS errors,
 *                    the link at x4 of x8 with 17 replays, memory module 1 asking to be
 *                    replaced, GPU clocks held by AVE_PWR_CAP | THERMAL_LIMIT | bit 7
 *
 * The healthy arc-like scenarios have both RAS sets at zero, the link at gen 4 x8 of gen 4
 * x8 with no replay, both modules OK and no throttle reason. zesRasGetState refuses
 * clear = 1 (and counts it in FAKE_ZE_RAS_CLEARS): reading must never wipe the counters.
 *
 * Counters follow CLOCK_MONOTONIC so that rates are exact whatever the sample window, and
 * survive the library being unloaded and loaded again: a timestamp t (µs, rounded down to
 * 100 µs) gives activeTime = t / 100 × percent and energy = t × watts (µJ).
 *
 * Handles are numbers, not pointers: (load generation << 32 | kind << 24 | device << 16 |
 * index). A handle from an earlier load of the library is refused with
 * ZE_RESULT_ERROR_INVALID_NULL_HANDLE and counted in FAKE_ZE_STALE_HANDLES, so a test can
 * prove the backend never reuses handles across a close / re-open. Every load increments
 * FAKE_ZE_LOADS; zeInit records ZES_ENABLE_SYSMAN in FAKE_ZE_SYSMAN_ENV_AT_INIT.
 *
 * Level Zero has no shutdown call: unloading the library is how gputop ends a session. So
 * every successful zeInit / zesInit increments FAKE_ZE_INITS, and every unload by dlclose
 * FAKE_ZE_CLOSES; an unload at process exit (the library left loaded) is not counted: an
 * atexit handler registered at load runs before exit's destructors, but after ours at
 * dlclose, so it tells the two apart. With FAKE_ZE_COUNTS_FILE set, "loads L inits I closes C"
 * is written there after every load, init and counted close (a killed process leaves it).
 * FAKE_ZE_INIT_SLEEP_MS makes zeInit / zesInit block that long first (a slow driver).
 *
 * Compile-time: -DFAKE_ZE_NO_ZESINIT leaves out zesInit / zesDriverGet / zesDeviceGet (a
 * spec 1.4 loader such as Debian's 1.8.x); Sysman then needs ZES_ENABLE_SYSMAN=1 at zeInit.
 */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef PROBE_VENDOR_HEADER
#include <level_zero/ze_api.h>
#include <level_zero/zes_api.h>
#include <level_zero/loader/ze_loader.h>
#else
#include "ze_abi.h"
#endif

#ifndef EXPORT
#define EXPORT __attribute__((visibility("default")))
#endif

enum kind { K_DRIVER = 1, K_DEVICE, K_MEM, K_ENGINE, K_FREQ, K_TEMP, K_PWR, K_RAS };

static unsigned generation;
static int initialised;   /* core */
static int sysman;        /* zes* calls allowed */
static char scenario[32] = "arc-discrete";
static int exiting;

static unsigned long env_count(const char *name) {
  const char *text = getenv(name);
  return text ? strtoul(text, NULL, 10) : 0;
}

static void bump(const char *name) {
  char text[24];
  snprintf(text, sizeof text, "%lu", env_count(name) + 1);
  setenv(name, text, 1);
}

static void write_counts(void) {
  const char *path = getenv("FAKE_ZE_COUNTS_FILE");
  if (path == NULL || path[0] == '\0') return;
  FILE *file = fopen(path, "w");
  if (file == NULL) return;
  fprintf(file, "loads %lu inits %lu closes %lu\n", env_count("FAKE_ZE_LOADS"),
          env_count("FAKE_ZE_INITS"), env_count("FAKE_ZE_CLOSES"));
  fclose(file);
}

static void on_exit_while_loaded(void) { exiting = 1; }

__attribute__((constructor)) static void on_load(void) {
  generation = (unsigned)env_count("FAKE_ZE_LOADS") + 1;
  bump("FAKE_ZE_LOADS");
  atexit(on_exit_while_loaded);
  write_counts();
}

__attribute__((destructor)) static void on_unload(void) {
  if (exiting) return;
  bump("FAKE_ZE_CLOSES");
  write_counts();
}

static int is(const char *name) { return strcmp(scenario, name) == 0; }
static int arc_like(void) {
  return is("arc-discrete") || is("huge-count") || is("bad-strings") || is("unexpected-code") ||
         is("arc-sick");
}

static void *make_handle(enum kind kind, unsigned device, unsigned index) {
  unsigned long long value = ((unsigned long long)generation << 32) |
                             ((unsigned long long)kind << 24) | (device << 16) | index;
  return (void *)(size_t)value;
}

/* Index of a handle of `kind`, or -1 (stale generation counted in the environment). */
static int handle_index(const void *handle, enum kind kind) {
  unsigned long long value = (unsigned long long)(size_t)handle;
  if (handle == NULL || ((value >> 24) & 0xff) != (unsigned long long)kind) return -1;
  if ((value >> 32) != generation) {
    const char *stale = getenv("FAKE_ZE_STALE_HANDLES");
    char text[16];
    snprintf(text, sizeof text, "%lu", (stale ? strtoul(stale, NULL, 10) : 0) + 1);
    setenv("FAKE_ZE_STALE_HANDLES", text, 1);
    return -1;
  }
  return (int)(value & 0xffff);
}

static unsigned long long now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  unsigned long long us = (unsigned long long)ts.tv_sec * 1000000ULL + ts.tv_nsec / 1000;
  return us / 100 * 100;
}

/* Fills a handle list the Level Zero way: count query with NULL, then up to *count. */
static ze_result_t list(uint32_t *count, void **out, uint32_t available, enum kind kind) {
  if (count == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
  if (out == NULL || *count == 0) {
    *count = available;
    return ZE_RESULT_SUCCESS;
  }
  if (*count > available) *count = available;
  for (uint32_t i = 0; i < *count; i++) out[i] = make_handle(kind, 0, i);
  return ZE_RESULT_SUCCESS;
}

static ze_result_t init_common(void) {
  long sleep_ms = (long)env_count("FAKE_ZE_INIT_SLEEP_MS");
  if (sleep_ms > 0) {
    struct timespec delay = {sleep_ms / 1000, (sleep_ms % 1000) * 1000000L};
    nanosleep(&delay, NULL);
  }
  const char *chosen = getenv("FAKE_ZE_SCENARIO");
  snprintf(scenario, sizeof scenario, "%s", chosen ? chosen : "arc-discrete");
  if (is("init-fails")) return ZE_RESULT_ERROR_DEPENDENCY_UNAVAILABLE;
  initialised = 1;
  bump("FAKE_ZE_INITS");
  write_counts();
  return ZE_RESULT_SUCCESS;
}

EXPORT ze_result_t zeInit(ze_init_flags_t flags) {
  (void)flags;
  const char *env = getenv("ZES_ENABLE_SYSMAN");
  setenv("FAKE_ZE_SYSMAN_ENV_AT_INIT", env ? env : "unset", 1);
  ze_result_t result = init_common();
  if (result == ZE_RESULT_SUCCESS && env != NULL && strcmp(env, "1") == 0) sysman = 1;
  return result;
}

#ifndef FAKE_ZE_NO_ZESINIT
EXPORT ze_result_t zesInit(uint32_t flags) {
  (void)flags;
  ze_result_t result = init_common();
  if (result == ZE_RESULT_SUCCESS) sysman = 1;
  return result;
}
#endif

static uint32_t device_count(void) { return is("no-devices") ? 0 : 1; }

EXPORT ze_result_t zeDriverGet(uint32_t *pCount, ze_driver_handle_t *phDrivers) {
  if (!initialised) return ZE_RESULT_ERROR_UNINITIALIZED;
  return list(pCount, (void **)phDrivers, 1, K_DRIVER);
}

EXPORT ze_result_t zeDeviceGet(ze_driver_handle_t hDriver, uint32_t *pCount,
                               ze_device_handle_t *phDevices) {
  if (!initialised) return ZE_RESULT_ERROR_UNINITIALIZED;
  if (handle_index(hDriver, K_DRIVER) < 0) return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  return list(pCount, (void **)phDevices, device_count(), K_DEVICE);
}

#ifndef FAKE_ZE_NO_ZESINIT
EXPORT ze_result_t zesDriverGet(uint32_t *pCount, zes_driver_handle_t *phDrivers) {
  if (!sysman) return ZE_RESULT_ERROR_UNINITIALIZED;
  return list(pCount, (void **)phDrivers, 1, K_DRIVER);
}

EXPORT ze_result_t zesDeviceGet(zes_driver_handle_t hDriver, uint32_t *pCount,
                                zes_device_handle_t *phDevices) {
  if (!sysman) return ZE_RESULT_ERROR_UNINITIALIZED;
  if (handle_index(hDriver, K_DRIVER) < 0) return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  return list(pCount, (void **)phDevices, device_count(), K_DEVICE);
}
#endif

EXPORT ze_result_t zeDriverGetApiVersion(ze_driver_handle_t hDriver, ze_api_version_t *version) {
  if (!initialised) return ZE_RESULT_ERROR_UNINITIALIZED;
  if (handle_index(hDriver, K_DRIVER) < 0) return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
  *version = (ze_api_version_t)0x10004; /* 1.4 */
  return ZE_RESULT_SUCCESS;
}

/* The loader's own version, as loader 1.8.12 names its component. Works before zeInit. */
EXPORT ze_result_t zelLoaderGetVersions(size_t *num_elems, zel_component_version_t *versions) {
  if (num_elems == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
  if (versions == NULL) {
    *num_elems = 1;
    return ZE_RESULT_SUCCESS;
  }
  if (*num_elems < 1) return ZE_RESULT_ERROR_INVALID_SIZE;
  *num_elems = 1;
  memset(versions, 0, sizeof *versions);
  snprintf(versions->component_name, sizeof versions->component_name, "loader");
  versions->spec_version = (ze_api_version_t)0x10004;
  versions->component_lib_version.major = 1;
  versions->component_lib_version.minor = 8;
  versions->component_lib_version.patch = 12;
  return ZE_RESULT_SUCCESS;
}

/* Every Sysman call starts here: initialised, and the handle is a live one of `kind`. */
#define SYSMAN_GUARD(handle, kind, index)                                 \
  if (!sysman) return ZE_RESULT_ERROR_UNINITIALIZED;                      \
  int index = handle_index((const void *)(handle), kind);                 \
  if (index < 0) return ZE_RESULT_ERROR_INVALID_NULL_HANDLE

/* Every [in,out] struct must come with its stype set and pNext NULL. */
#define CHECK_STYPE(p, expected)                                          \
  if ((p) == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;           \
  if ((uint32_t)(p)->stype != (expected) || (p)->pNext != NULL) return ZE_RESULT_ERROR_INVALID_ARGUMENT

EXPORT ze_result_t zesDeviceGetProperties(zes_device_handle_t hDevice,
                                          zes_device_properties_t *pProperties) {
  SYSMAN_GUARD(hDevice, K_DEVICE, device);
  (void)device;
  CHECK_STYPE(pProperties, 0x1);
  if ((uint32_t)pProperties->core.stype != 0x3 || pProperties->core.pNext != NULL) {
    return ZE_RESULT_ERROR_INVALID_ARGUMENT;
  }
  /* Garbage everywhere first: the backend must read only what the fake sets. */
  memset((char *)pProperties + 16 + 16, 0x5a, sizeof *pProperties - 32);
  ze_device_properties_t *core = &pProperties->core;
  core->type = 1; /* GPU */
  core->vendorId = 0x8086;
  core->flags = is("integrated") ? 1 : 0;
  core->deviceId = is("integrated") ? 0xa7a0 : 0xe20b;
  core->subdeviceId = 0;
  for (int i = 0; i < 16; i++) core->uuid.id[i] = (uint8_t)(0x10 + i);
  if (is("bad-strings")) {
    memset(core->name, 'N', sizeof core->name); /* 256 bytes, no terminator */
  } else {
    snprintf(core->name, sizeof core->name, "%s",
             is("integrated") ? "Intel(R) Iris(R) Xe Graphics" : "Intel(R) Arc(TM) B580 Graphics");
  }
  pProperties->numSubdevices = 0;
  snprintf(pProperties->serialNumber, ZES_STRING_PROPERTY_SIZE, "unknown");
  snprintf(pProperties->boardNumber, ZES_STRING_PROPERTY_SIZE, "unknown");
  snprintf(pProperties->brandName, ZES_STRING_PROPERTY_SIZE, "Intel(R) Corporation");
  snprintf(pProperties->modelName, ZES_STRING_PROPERTY_SIZE, "%s", core->name[0] == 'N' ? "N" : "Arc");
  snprintf(pProperties->vendorName, ZES_STRING_PROPERTY_SIZE, "Intel(R) Corporation");
  snprintf(pProperties->driverVersion, ZES_STRING_PROPERTY_SIZE, "1.6.31294");
  return ZE_RESULT_SUCCESS;
}

EXPORT ze_result_t zesDevicePciGetProperties(zes_device_handle_t hDevice,
                                             zes_pci_properties_t *pProperties) {
  SYSMAN_GUARD(hDevice, K_DEVICE, device);
  (void)device;
  CHECK_STYPE(pProperties, 0x2);
  pProperties->address.domain = 0;
  pProperties->address.bus = is("integrated") ? 0 : 3;
  pProperties->address.device = is("integrated") ? 2 : 0;
  pProperties->address.function = 0;
  pProperties->maxSpeed.gen = is("integrated") ? -1 : 4;
  pProperties->maxSpeed.width = is("integrated") ? -1 : 8;
  pProperties->maxSpeed.maxBandwidth = -1;
  pProperties->haveBandwidthCounters = 0;
  pProperties->havePacketCounters = 0;
  pProperties->haveReplayCounters = arc_like() ? 1 : 0;
  return ZE_RESULT_SUCCESS;
}

/* ---- PCIe link now: gen 4 x8 (x4 when sick); replays 17 when sick ---- */

EXPORT ze_result_t zesDevicePciGetState(zes_device_handle_t hDevice, zes_pci_state_t *pState) {
  SYSMAN_GUARD(hDevice, K_DEVICE, device);
  (void)device;
  CHECK_STYPE(pState, 0x17);
  pState->status = 1; /* GOOD */
  pState->qualityIssues = 0;
  pState->stabilityIssues = 0;
  pState->speed.gen = arc_like() ? 4 : -1;
  pState->speed.width = arc_like() ? (is("arc-sick") ? 4 : 8) : -1;
  pState->speed.maxBandwidth = -1;
  return ZE_RESULT_SUCCESS;
}

EXPORT ze_result_t zesDevicePciGetStats(zes_device_handle_t hDevice, zes_pci_stats_t *pStats) {
  SYSMAN_GUARD(hDevice, K_DEVICE, device);
  (void)device;
  if (pStats == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
  if (!arc_like()) return ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
  memset(pStats, 0, sizeof *pStats);
  pStats->timestamp = now_us();
  pStats->replayCounter = is("arc-sick") ? 17 : 0;
  pStats->speed.gen = 4;
  pStats->speed.width = is("arc-sick") ? 4 : 8;
  return ZE_RESULT_SUCCESS;
}

/* ---- RAS: set 0 correctable, set 1 uncorrectable; counts by category ---- */

EXPORT ze_result_t zesDeviceEnumRasErrorSets(zes_device_handle_t hDevice, uint32_t *pCount,
                                             zes_ras_handle_t *phRas) {
  SYSMAN_GUARD(hDevice, K_DEVICE, device);
  (void)device;
  return list(pCount, (void **)phRas, arc_like() ? 2 : 0, K_RAS);
}

EXPORT ze_result_t zesRasGetProperties(zes_ras_handle_t hRas, zes_ras_properties_t *pProperties) {
  SYSMAN_GUARD(hRas, K_RAS, index);
  CHECK_STYPE(pProperties, 0xf);
  pProperties->type = index == 0 ? ZES_RAS_ERROR_TYPE_CORRECTABLE : ZES_RAS_ERROR_TYPE_UNCORRECTABLE;
  pProperties->onSubdevice = 0;
  pProperties->subdeviceId = 0;
  return ZE_RESULT_SUCCESS;
}

EXPORT ze_result_t zesRasGetState(zes_ras_handle_t hRas, ze_bool_t clear, zes_ras_state_t *pState) {
  SYSMAN_GUARD(hRas, K_RAS, index);
  CHECK_STYPE(pState, 0x22);
  if (clear) {
    bump("FAKE_ZE_RAS_CLEARS");
    return ZE_RESULT_ERROR_INVALID_ARGUMENT;
  }
  memset(pState->category, 0, sizeof pState->category);
  if (is("arc-sick") && index == 0) {
    pState->category[3] = 2; /* compute */
    pState->category[5] = 3; /* cache */
  } else if (is("arc-sick")) {
    pState->category[3] = 1; /* compute */
    pState->category[4] = 1; /* non-compute */
  }
  return ZE_RESULT_SUCCESS;
}

/* ---- memory: two 6 GiB device modules, 1 GiB and 1.5 GiB used ---- */

#define GIB 1073741824ULL

EXPORT ze_result_t zesDeviceEnumMemoryModules(zes_device_handle_t hDevice, uint32_t *pCount,
                                              zes_mem_handle_t *phMemory) {
  SYSMAN_GUARD(hDevice, K_DEVICE, device);
  (void)device;
  return list(pCount, (void **)phMemory, arc_like() ? 2 : 0, K_MEM);
}

EXPORT ze_result_t zesMemoryGetProperties(zes_mem_handle_t hMemory,
                                          zes_mem_properties_t *pProperties) {
  SYSMAN_GUARD(hMemory, K_MEM, index);
  CHECK_STYPE(pProperties, 0xb);
  pProperties->type = 17; /* GDDR6 */
  pProperties->onSubdevice = 0;
  pProperties->subdeviceId = (uint32_t)index;
  pProperties->location = ZES_MEM_LOC_DEVICE;
  pProperties->physicalSize = 6 * GIB;
  pProperties->busWidth = 96;
  pProperties->numChannels = -1;
  return ZE_RESULT_SUCCESS;
}

EXPORT ze_result_t zesMemoryGetState(zes_mem_handle_t hMemory, zes_mem_state_t *pState) {
  SYSMAN_GUARD(hMemory, K_MEM, index);
  CHECK_STYPE(pState, 0x1e);
  pState->health = is("arc-sick") && index == 1 ? ZES_MEM_HEALTH_REPLACE : ZES_MEM_HEALTH_OK;
  pState->size = 6 * GIB;
  pState->free = index == 0 ? 5 * GIB : 4 * GIB + GIB / 2;
  return ZE_RESULT_SUCCESS;
}

/* ---- engine groups ---- */

static const struct { uint32_t type; unsigned percent; } ENGINES[] = {
  {ZES_ENGINE_GROUP_ALL, 60},        {ZES_ENGINE_GROUP_RENDER_ALL, 40},
  {ZES_ENGINE_GROUP_COMPUTE_ALL, 55}, {ZES_ENGINE_GROUP_COPY_ALL, 10},
  {ZES_ENGINE_GROUP_MEDIA_ALL, 20},   {ZES_ENGINE_GROUP_COMPUTE_SINGLE, 99},
};
static const struct { uint32_t type; unsigned percent; } INTEGRATED_ENGINES[] = {
  {ZES_ENGINE_GROUP_RENDER_ALL, 30},
};

EXPORT ze_result_t zesDeviceEnumEngineGroups(zes_device_handle_t hDevice, uint32_t *pCount,
                                             zes_engine_handle_t *phEngine) {
  SYSMAN_GUARD(hDevice, K_DEVICE, device);
  (void)device;
  if (is("huge-count") && pCount != NULL) {
    *pCount = 0x80000000U;
    return ZE_RESULT_SUCCESS;
  }
  uint32_t available = is("integrated") ? 1 : sizeof ENGINES / sizeof ENGINES[0];
  return list(pCount, (void **)phEngine, available, K_ENGINE);
}

EXPORT ze_result_t zesEngineGetProperties(zes_engine_handle_t hEngine,
                                          zes_engine_properties_t *pProperties) {
  SYSMAN_GUARD(hEngine, K_ENGINE, index);
  CHECK_STYPE(pProperties, 0x5);
  pProperties->type = is("integrated") ? INTEGRATED_ENGINES[index].type : ENGINES[index].type;
  pProperties->onSubdevice = 0;
  pProperties->subdeviceId = 0;
  return ZE_RESULT_SUCCESS;
}

EXPORT ze_result_t zesEngineGetActivity(zes_engine_handle_t hEngine, zes_engine_stats_t *pStats) {
  SYSMAN_GUARD(hEngine, K_ENGINE, index);
  if (pStats == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
  unsigned percent = is("integrated") ? INTEGRATED_ENGINES[index].percent : ENGINES[index].percent;
  unsigned long long t = now_us();
  pStats->timestamp = t;
  pStats->activeTime = t / 100 * percent;
  return ZE_RESULT_SUCCESS;
}

/* ---- frequency: GPU 2450 of 2850 MHz, memory 2375 MHz ---- */

EXPORT ze_result_t zesDeviceEnumFrequencyDomains(zes_device_handle_t hDevice, uint32_t *pCount,
                                                 zes_freq_handle_t *phFrequency) {
  SYSMAN_GUARD(hDevice, K_DEVICE, device);
  (void)device;
  return list(pCount, (void **)phFrequency, is("integrated") ? 1 : 2, K_FREQ);
}

EXPORT ze_result_t zesFrequencyGetProperties(zes_freq_handle_t hFrequency,
                                             zes_freq_properties_t *pProperties) {
  SYSMAN_GUARD(hFrequency, K_FREQ, index);
  CHECK_STYPE(pProperties, 0x9);
  pProperties->type = index == 0 ? ZES_FREQ_DOMAIN_GPU : ZES_FREQ_DOMAIN_MEMORY;
  pProperties->onSubdevice = 0;
  pProperties->min = index == 0 ? 400.0 : -1.0;
  pProperties->max = index == 0 ? (is("integrated") ? 1300.0 : 2850.0) : -1.0;
  return ZE_RESULT_SUCCESS;
}

EXPORT ze_result_t zesFrequencyGetState(zes_freq_handle_t hFrequency, zes_freq_state_t *pState) {
  SYSMAN_GUARD(hFrequency, K_FREQ, index);
  CHECK_STYPE(pState, 0x1b);
  pState->currentVoltage = -1.0;
  pState->request = -1.0;
  pState->tdp = -1.0;
  pState->efficient = -1.0;
  pState->actual = index == 0 ? (is("integrated") ? 800.0 : 2450.0) : 2375.0;
  pState->throttleReasons = is("arc-sick") && index == 0
                                ? (ZES_FREQ_THROTTLE_REASON_FLAG_AVE_PWR_CAP |
                                   ZES_FREQ_THROTTLE_REASON_FLAG_THERMAL_LIMIT | 0x80)
                                : 0;
  return ZE_RESULT_SUCCESS;
}

/* ---- temperature: global 62.5, GPU 61.5, memory 54 °C ---- */

static const struct { uint32_t type; double celsius; } SENSORS[] = {
  {ZES_TEMP_SENSORS_GLOBAL, 62.5}, {ZES_TEMP_SENSORS_GPU, 61.5}, {ZES_TEMP_SENSORS_MEMORY, 54.0},
};

EXPORT ze_result_t zesDeviceEnumTemperatureSensors(zes_device_handle_t hDevice, uint32_t *pCount,
                                                   zes_temp_handle_t *phTemperature) {
  SYSMAN_GUARD(hDevice, K_DEVICE, device);
  (void)device;
  return list(pCount, (void **)phTemperature, arc_like() ? 3 : 0, K_TEMP);
}

EXPORT ze_result_t zesTemperatureGetProperties(zes_temp_handle_t hTemperature,
                                               zes_temp_properties_t *pProperties) {
  SYSMAN_GUARD(hTemperature, K_TEMP, index);
  CHECK_STYPE(pProperties, 0x14);
  pProperties->type = SENSORS[index].type;
  pProperties->onSubdevice = 0;
  pProperties->maxTemperature = 105.0;
  return ZE_RESULT_SUCCESS;
}

EXPORT ze_result_t zesTemperatureGetState(zes_temp_handle_t hTemperature, double *pTemperature) {
  SYSMAN_GUARD(hTemperature, K_TEMP, index);
  if (pTemperature == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
  if (is("unexpected-code")) return (ze_result_t)0x12345678;
  *pTemperature = SENSORS[index].celsius;
  return ZE_RESULT_SUCCESS;
}

/* ---- power: a card domain drawing 85 W, sustained limit 190 W ---- */

EXPORT ze_result_t zesDeviceGetCardPowerDomain(zes_device_handle_t hDevice,
                                               zes_pwr_handle_t *phPower) {
  SYSMAN_GUARD(hDevice, K_DEVICE, device);
  (void)device;
  if (phPower == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
  if (!arc_like()) return ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
  *phPower = make_handle(K_PWR, 0, 0);
  return ZE_RESULT_SUCCESS;
}

EXPORT ze_result_t zesDeviceEnumPowerDomains(zes_device_handle_t hDevice, uint32_t *pCount,
                                             zes_pwr_handle_t *phPower) {
  SYSMAN_GUARD(hDevice, K_DEVICE, device);
  (void)device;
  return list(pCount, (void **)phPower, arc_like() ? 1 : 0, K_PWR);
}

EXPORT ze_result_t zesPowerGetLimits(zes_pwr_handle_t hPower, zes_power_sustained_limit_t *pSustained,
                                     zes_power_burst_limit_t *pBurst, zes_power_peak_limit_t *pPeak) {
  SYSMAN_GUARD(hPower, K_PWR, index);
  (void)index;
  if (pSustained != NULL) {
    pSustained->enabled = 1;
    pSustained->power = 190000;
    pSustained->interval = 28000;
  }
  if (pBurst != NULL) {
    pBurst->enabled = 0;
    pBurst->power = -1;
  }
  if (pPeak != NULL) {
    pPeak->powerAC = -1;
    pPeak->powerDC = -1;
  }
  return ZE_RESULT_SUCCESS;
}

EXPORT ze_result_t zesPowerGetEnergyCounter(zes_pwr_handle_t hPower,
                                            zes_power_energy_counter_t *pEnergy) {
  SYSMAN_GUARD(hPower, K_PWR, index);
  (void)index;
  if (pEnergy == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
  unsigned long long t = now_us();
  pEnergy->timestamp = t;
  pEnergy->energy = t * 85; /* µJ: 85 W */
  return ZE_RESULT_SUCCESS;
}

/* ---- processes: 4242 (vkcube, 3D + render) and 5151 (compute) ---- */

EXPORT ze_result_t zesDeviceProcessesGetState(zes_device_handle_t hDevice, uint32_t *pCount,
                                              zes_process_state_t *pProcesses) {
  SYSMAN_GUARD(hDevice, K_DEVICE, device);
  (void)device;
  if (pCount == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
  uint32_t available = arc_like() ? 2 : 0;
  if (is("huge-count")) available = 0x80000000U;
  if (pProcesses == NULL || *pCount == 0) {
    *pCount = available;
    return ZE_RESULT_SUCCESS;
  }
  if (*pCount < available) {
    *pCount = available;
    return ZE_RESULT_ERROR_INVALID_SIZE;
  }
  *pCount = available;
  for (uint32_t i = 0; i < available; i++) {
    CHECK_STYPE(&pProcesses[i], 0x16);
    pProcesses[i].processId = i == 0 ? 4242 : 5151;
    pProcesses[i].memSize = i == 0 ? 300ULL * 1048576ULL : GIB;
    pProcesses[i].sharedSize = 0;
    pProcesses[i].engines = i == 0 ? (ZES_ENGINE_TYPE_FLAG_3D | ZES_ENGINE_TYPE_FLAG_RENDER)
                                   : ZES_ENGINE_TYPE_FLAG_COMPUTE;
  }
  return ZE_RESULT_SUCCESS;
}
