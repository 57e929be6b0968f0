/*
 * A fake libamd_smi for gputop's tests: AMD SMI's symbol names, our own ABI header
 * (amdsmi_abi.h) compiled for one layout generation (-DGPUTOP_AMDSMI_ABI=NN), canned GPUs,
 * and scenarios chosen at amdsmi_init by FAKE_AMDSMI_SCENARIO:
 *
 *   mi300 (default)     two MI300X-like GPUs: 0000:03:00.0 (6 processes) and 0001:83:00.0,
 *                       both healthy (ECC on, no error, no bad page, link x16 Gen 5 of x16 Gen 5)
 *   mi300-sick          the same two GPUs; GPU 1 (0001:83:00.0) is sick: 2 uncorrected and 5
 *                       corrected ECC errors, bad pages 3 reserved + 1 pending + 1 unreservable,
 *                       link x8 of x16, 12 replays
 *   radeon              one Radeon-like GPU at 0000:03:00.0 (5 processes), byte memory
 *                       calls NOT_SUPPORTED (VRAM comes from amdsmi_get_gpu_vram_usage); no
 *                       RAS (ECC and bad pages NOT_SUPPORTED); an idle link, x16 at 2500 MT/s
 *                       (Gen 1) of x16 Gen 4
 *   driver-not-loaded   amdsmi_init answers DRIVER_NOT_LOADED
 *   init-error          amdsmi_init answers INIT_ERROR
 *   no-gpus             init succeeds with 0 sockets (amdgpu loaded, no GPU)
 *   garbage             the radeon GPU, but every value is an all-ones sentinel, the
 *                       process list always claims 0xFFFFFFFF entries and the bad page count
 *                       is 0xFFFFFFFF
 *   garbage-sockets     the socket count query answers 0xFFFFFFFF
 *
 * Compile-time switches:
 *   -DFAKE_PID_ONLY        the 6.0.x / 6.1.0 process list: uint32 pids, details from
 *                          amdsmi_get_gpu_process_info (which only that form exports)
 *   -DFAKE_OMIT_SOME       no amdsmi_get_energy_count, amdsmi_get_gpu_board_info nor
 *                          amdsmi_get_gpu_process_list (a trimmed or different build)
 *   -DFAKE_VERSION_MAJOR/-DFAKE_VERSION_MINOR/-DFAKE_VERSION_BUILD  what get_lib_version says
 *   -DFAKE_POWER_LIMIT_WATTS  power_limit in whole W, as ROCm 6.0.x to 6.1.1 wrote it (their
 *                          smi_amdgpu_get_power_cap divided power1_cap by 1000000); without
 *                          it, µW, the raw power1_cap every release from 6.1.2 on writes
 *                          (src/backends/amdsmi/power_limit_unit.ts cites the sources)
 *
 * Init follows the pre-7.0.2 rule: one boolean, a second init is a no-op and the first
 * shutdown tears everything down. Handles carry the init epoch and are refused (INVAL) after
 * a shutdown, so a caller that keeps handles across a re-init is caught.
 *
 * Environment, read at amdsmi_init:
 *   FAKE_AMDSMI_INIT_SLEEP_MS  init blocks this long first (a slow driver load)
 *   FAKE_AMDSMI_COUNTS_FILE    after every init and shutdown, "init N shutdown M initialised I"
 *                              is written to this file (so a killed process leaves its counts)
 *
 * Scenario values are source data for the tests, which restate them as literals. Where they
 * come from a real capture (/work/shared/realdata/amd-smi/) the comment says which.
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep under -std=c11 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(FAKE_PID_ONLY)
#define GPUTOP_AMDSMI_PID_ONLY_LIST 1
#endif
#include "amdsmi_abi.h"

#define EXPORT __attribute__((visibility("default")))

#ifndef FAKE_VERSION_MAJOR
#error "define FAKE_VERSION_MAJOR"
#endif
#ifndef FAKE_VERSION_BUILD
#error "define FAKE_VERSION_BUILD"
#endif

/* Not-available sentinels: 0xFFFF in 6.x structs, UINT32_MAX in 7.x. */
#if ABI >= 70
#define NA32 0xFFFFFFFFu
#else
#define NA32 0xFFFFu
#endif
#define NA64 0xFFFFFFFFFFFFFFFFull

enum scenario {
  MI300, MI300_SICK, RADEON, DRIVER_NOT_LOADED, INIT_ERROR, NO_GPUS, GARBAGE, GARBAGE_SOCKETS
};

static const struct {
  const char *name;
  enum scenario value;
} SCENARIOS[] = {
    {"mi300", MI300},         {"mi300-sick", MI300_SICK}, {"radeon", RADEON},   {"driver-not-loaded", DRIVER_NOT_LOADED},
    {"init-error", INIT_ERROR}, {"no-gpus", NO_GPUS}, {"garbage", GARBAGE},
    {"garbage-sockets", GARBAGE_SOCKETS},
};

struct fake_process {
  const char *name;
  uint32_t pid;
  uint64_t vram, gtt, cpu, gfx_ns, enc_ns;
};

#define MAX_PROCS 8

struct fake_gpu {
  uint64_t domain;
  uint32_t bus, device, function;
  const char *uuid, *market_name, *product_name, *serial, *driver_version;
  uint32_t device_id;
  uint32_t gfx, umc, mm;            /* % */
  int has_bytes;                    /* amdsmi_get_gpu_memory_total/usage supported */
  uint64_t vram_total_b, vram_used_b, gtt_total_b, gtt_used_b;
  uint32_t vram_total_mib, vram_used_mib;
  int64_t temp_edge, temp_hotspot, temp_vram; /* degrees C; INT64_MIN = NOT_SUPPORTED */
  uint32_t current_w, average_w;    /* W */
  uint32_t limit_uw;                /* uW */
  uint64_t energy_count;
  float energy_resolution_uj;
  uint32_t gfx_mhz, mem_mhz;
  struct fake_process procs[MAX_PROCS];
  uint32_t proc_count;
};

#define UNSUPPORTED_TEMP INT64_MIN

/*
 * MI300X-like. GPU 0 from the `amd-smi monitor` capture of ROCm/amdsmi issue #130
 * (ROCm 6.4.0): 305 W, GPU_T 49 (hotspot; MI300 has no edge sensor), MEM_T 43,
 * GFX_CLK 2106 MHz, GFX% 97, MEM% 1, ENC/MM N/A, VRAM 3.0/191.7 GB (read as GiB:
 * 196288 MiB total, 3072 MiB used). Process 2266127 (no name, 1.9 GB VRAM) is that capture's
 * `amd-smi process` entry (1946 MiB chosen for 1.9 GB); TransferBench 420157 and rvs 420315
 * are the ROCm 6.2 changelog's process list. GPU 1 is the capture's second sample: 293 W,
 * GFX% 96, MEM% 0, VRAM 3.1 GiB used (3174 MiB).
 */
static const struct fake_gpu MI300_GPUS[2] = {
    {
        .domain = 0, .bus = 0x03, .device = 0, .function = 0,
        .uuid = "5cff74a1-0000-1000-8000-1f2e3d4c5b6a",
        .market_name = "AMD Instinct MI300X",
        .product_name = "MI300X-O OAM",
        .serial = "692325000101",
        .driver_version = "6.10.5",
        .device_id = 0x74a1,
        .gfx = 97, .umc = 1, .mm = NA32,
        .has_bytes = 1,
        .vram_total_b = 205822885888ull, /* 196288 MiB */
        .vram_used_b = 3221225472ull,    /* 3072 MiB */
        .gtt_total_b = 1082331758592ull,
        .gtt_used_b = 16777216ull,
        .vram_total_mib = 196288, .vram_used_mib = 3072,
        .temp_edge = UNSUPPORTED_TEMP, .temp_hotspot = 49, .temp_vram = 43,
        .current_w = 305, .average_w = NA32,
        .limit_uw = 750000000u, /* 750 W */
        .energy_count = 1000000000ull, .energy_resolution_uj = 15.259f,
        .gfx_mhz = 2106, .mem_mhz = 1300,
        .procs = {
            {"", 2266127, 2040528896ull, 0, 0, 0, 0},
            {"glxgears", 2001, 557494272ull, 23068672ull, 0, 39456116802ull, 0},
            {"TransferBench", 420157, 4294967296ull, 2097152ull, 0, 1000000000ull, 0},
            {"rvs", 420315, 1073741824ull, 0, 4096ull, 2500000000ull, 0},
            {"pt_main_thread", 3101, 8589934592ull, 33554432ull, 0, 9000000000ull, 0},
            {"python3", 3102, 268435456ull, 0, 0, 0, 0},
        },
        .proc_count = 6,
    },
    {
        .domain = 1, .bus = 0x83, .device = 0, .function = 0,
        .uuid = "a4ff74a1-0000-1000-8000-6a5b4c3d2e1f",
        .market_name = "AMD Instinct MI300X",
        .product_name = "MI300X-O OAM",
        .serial = "692325000102",
        .driver_version = "6.10.5",
        .device_id = 0x74a1,
        .gfx = 96, .umc = 0, .mm = NA32,
        .has_bytes = 1,
        .vram_total_b = 205822885888ull,
        .vram_used_b = 3328180224ull, /* 3174 MiB */
        .gtt_total_b = 1082331758592ull,
        .gtt_used_b = 0,
        .vram_total_mib = 196288, .vram_used_mib = 3174,
        .temp_edge = UNSUPPORTED_TEMP, .temp_hotspot = 49, .temp_vram = 43,
        .current_w = 293, .average_w = NA32,
        .limit_uw = 750000000u,
        .energy_count = 2000000000ull, .energy_resolution_uj = 15.259f,
        .gfx_mhz = 2106, .mem_mhz = 1300,
        .procs = {{"pt_main_thread", 3101, 1073741824ull, 0, 0, 500000000ull, 0}},
        .proc_count = 1,
    },
};

/*
 * Radeon-like (RDNA3 desktop). SOCKET_POWER 11 W is GPU 0 of the `amd-smi metric --power`
 * capture (ROCm/amdsmi CHANGELOG); edge 49 C matches the rocm-smi Radeon capture. On RDNA the
 * average socket power is the valid one and mm_activity is N/A. Processes 2001 and 2217 are
 * the glxgears clients of fixtures/linux/amdgpu-discrete (544428 KiB and 2068 KiB of VRAM).
 */
static const struct fake_gpu RADEON_GPU = {
    .domain = 0, .bus = 0x03, .device = 0, .function = 0,
    .uuid = "1eff744c-0000-1000-8000-0a0b0c0d0e0f",
    .market_name = "AMD Radeon RX 7900 XTX",
    .product_name = "Navi 31 [Radeon RX 7900 XT/7900 XTX]",
    .serial = "",
    .driver_version = "6.8.0-49-generic",
    .device_id = 0x744c,
    .gfx = 12, .umc = 3, .mm = NA32,
    .has_bytes = 0,
    .vram_total_mib = 24560, .vram_used_mib = 1130,
    .temp_edge = 49, .temp_hotspot = 58, .temp_vram = 62,
    .current_w = NA32, .average_w = 11,
    .limit_uw = 327000000u, /* 327 W */
    .energy_count = 123456789ull, .energy_resolution_uj = 15.259f,
    .gfx_mhz = 500, .mem_mhz = 96,
    .procs = {
        {"glxgears", 2001, 557494272ull, 23068672ull, 0, 39456116802ull, 0},
        {"glxgears", 2217, 2117632ull, 0, 0, 0, 0},
        {"blender", 5001, 3221225472ull, 67108864ull, 0, 120000000000ull, 0},
        {"ollama_llama_server", 5002, 8053063680ull, 0, 0, 0, 0},
        {"hashcat", 5003, 1048576ull, 0, 0, 1ull, 7ull},
    },
    .proc_count = 5,
};

static enum scenario scenario = MI300;
static int initialised = 0;
static uint32_t epoch = 1;
static uint32_t init_calls = 0, shutdown_calls = 0, process_list_calls = 0;

/* ---- handles ------------------------------------------------------------------------ */

/* kind 1 = socket, 2 = processor; index < 256; the epoch makes stale handles detectable. */
static void *make_handle(uint32_t kind, uint32_t index) {
  return (void *)(uintptr_t)(((uint64_t)epoch << 16) | (kind << 8) | index | 0x100000000ull);
}

static int handle_index(void *handle, uint32_t kind) {
  uint64_t value = (uint64_t)(uintptr_t)handle;
  if (!initialised || (value & 0x100000000ull) == 0) return -1;
  if (((value >> 16) & 0xFFFF) != (epoch & 0xFFFF) || ((value >> 8) & 0xFF) != kind) return -1;
  return (int)(value & 0xFF);
}

static uint32_t gpu_count(void) {
  switch (scenario) {
  case MI300: case MI300_SICK: return 2;
  case RADEON: case GARBAGE: return 1;
  default: return 0;
  }
}

static const struct fake_gpu *gpu_of(amdsmi_processor_handle handle) {
  int index = handle_index(handle, 2);
  if (index < 0 || (uint32_t)index >= gpu_count()) return NULL;
  return scenario == MI300 || scenario == MI300_SICK ? &MI300_GPUS[index] : &RADEON_GPU;
}

#define GPU_OR_FAIL(handle)                                                                \
  if (!initialised) return AMDSMI_STATUS_NOT_INIT;                                         \
  const struct fake_gpu *gpu = gpu_of(handle);                                             \
  if (gpu == NULL) return AMDSMI_STATUS_INVAL;

/* ---- lifecycle ---------------------------------------------------------------------- */

static void write_counts(void) {
  const char *path = getenv("FAKE_AMDSMI_COUNTS_FILE");
  if (path == NULL || path[0] == '\0') return;
  FILE *file = fopen(path, "w");
  if (file == NULL) return;
  fprintf(file, "init %u shutdown %u initialised %d\n", init_calls, shutdown_calls, initialised);
  fclose(file);
}

static amdsmi_status_t init_once(uint64_t flags);

EXPORT amdsmi_status_t amdsmi_init(uint64_t flags) {
  init_calls++;
  const char *sleep_ms = getenv("FAKE_AMDSMI_INIT_SLEEP_MS");
  if (sleep_ms != NULL && sleep_ms[0] != '\0') {
    long ms = strtol(sleep_ms, NULL, 10);
    struct timespec delay = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&delay, NULL);
  }
  amdsmi_status_t status = init_once(flags);
  write_counts();
  return status;
}

static amdsmi_status_t init_once(uint64_t flags) {
  if (flags != AMDSMI_INIT_AMD_GPUS) return AMDSMI_STATUS_INVAL;
  if (initialised) return AMDSMI_STATUS_SUCCESS; /* a no-op, not a count, before 7.0.2 */
  const char *name = getenv("FAKE_AMDSMI_SCENARIO");
  enum scenario chosen = MI300;
  if (name != NULL && name[0] != '\0') {
    size_t i;
    for (i = 0; i < sizeof SCENARIOS / sizeof SCENARIOS[0]; i++) {
      if (strcmp(SCENARIOS[i].name, name) == 0) break;
    }
    if (i == sizeof SCENARIOS / sizeof SCENARIOS[0]) {
      fprintf(stderr, "fake_amdsmi: unknown FAKE_AMDSMI_SCENARIO '%s'\n", name);
      return AMDSMI_STATUS_UNKNOWN_ERROR;
    }
    chosen = SCENARIOS[i].value;
  }
  if (chosen == DRIVER_NOT_LOADED) return AMDSMI_STATUS_DRIVER_NOT_LOADED;
  if (chosen == INIT_ERROR) return AMDSMI_STATUS_INIT_ERROR;
  scenario = chosen;
  initialised = 1;
  return AMDSMI_STATUS_SUCCESS;
}

EXPORT amdsmi_status_t amdsmi_shut_down(void) {
  shutdown_calls++;
  if (!initialised) {
    write_counts();
    return AMDSMI_STATUS_NOT_INIT;
  }
  initialised = 0; /* the first shutdown ends everything, however many inits */
  epoch++;
  write_counts();
  return AMDSMI_STATUS_SUCCESS;
}

EXPORT amdsmi_status_t amdsmi_status_code_to_string(amdsmi_status_t status, const char **text) {
  if (text == NULL) return AMDSMI_STATUS_INVAL;
  switch (status) {
  case AMDSMI_STATUS_SUCCESS: *text = "AMDSMI_STATUS_SUCCESS: Call succeeded"; break;
  case AMDSMI_STATUS_INVAL: *text = "AMDSMI_STATUS_INVAL: Invalid parameters"; break;
  case AMDSMI_STATUS_NOT_SUPPORTED:
    *text = "AMDSMI_STATUS_NOT_SUPPORTED: Command not supported";
    break;
  case AMDSMI_STATUS_OUT_OF_RESOURCES:
    *text = "AMDSMI_STATUS_OUT_OF_RESOURCES: Not enough memory";
    break;
  case AMDSMI_STATUS_INIT_ERROR:
    *text = "AMDSMI_STATUS_INIT_ERROR: Initialization error";
    break;
  case AMDSMI_STATUS_NOT_INIT: *text = "AMDSMI_STATUS_NOT_INIT: Device not initialized"; break;
  case AMDSMI_STATUS_DRIVER_NOT_LOADED:
    *text = "AMDSMI_STATUS_DRIVER_NOT_LOADED: Driver not loaded";
    break;
  default:
    *text = "An unknown error occurred";
    return AMDSMI_STATUS_UNKNOWN_ERROR;
  }
  return AMDSMI_STATUS_SUCCESS;
}

EXPORT amdsmi_status_t amdsmi_get_lib_version(amdsmi_version_t *version) {
#if ABI < 64
  if (!initialised) return AMDSMI_STATUS_NOT_INIT; /* 6.4 dropped this requirement */
#endif
  if (version == NULL) return AMDSMI_STATUS_INVAL;
  memset(version, 0, sizeof *version);
#if ABI < 70
  version->year = FAKE_VERSION_MAJOR;
  version->major = FAKE_VERSION_MINOR;
  version->minor = 0;
#else
  version->major = FAKE_VERSION_MAJOR;
  version->minor = FAKE_VERSION_MINOR;
#endif
  version->build = FAKE_VERSION_BUILD;
  return AMDSMI_STATUS_SUCCESS;
}

/* ---- enumeration -------------------------------------------------------------------- */

EXPORT amdsmi_status_t amdsmi_get_socket_handles(uint32_t *count, amdsmi_socket_handle *out) {
  if (!initialised) return AMDSMI_STATUS_NOT_INIT;
  if (count == NULL) return AMDSMI_STATUS_INVAL;
  if (scenario == GARBAGE_SOCKETS) {
    *count = 0xFFFFFFFFu;
    return AMDSMI_STATUS_SUCCESS;
  }
  uint32_t n = gpu_count(); /* one socket per GPU BDF */
  if (out == NULL) {
    *count = n;
    return AMDSMI_STATUS_SUCCESS;
  }
  uint32_t written = *count < n ? *count : n;
  for (uint32_t i = 0; i < written; i++) out[i] = make_handle(1, i);
  *count = written;
  return AMDSMI_STATUS_SUCCESS;
}

EXPORT amdsmi_status_t amdsmi_get_processor_handles(amdsmi_socket_handle socket, uint32_t *count,
                                                    amdsmi_processor_handle *out) {
  if (!initialised) return AMDSMI_STATUS_NOT_INIT;
  int index = handle_index(socket, 1);
  if (index < 0 || (uint32_t)index >= gpu_count() || count == NULL) return AMDSMI_STATUS_INVAL;
  if (out == NULL) {
    *count = 1;
    return AMDSMI_STATUS_SUCCESS;
  }
  if (*count >= 1) {
    out[0] = make_handle(2, (uint32_t)index);
    *count = 1;
  }
  return AMDSMI_STATUS_SUCCESS;
}

EXPORT amdsmi_status_t amdsmi_get_processor_type(amdsmi_processor_handle handle,
                                                 processor_type_t *type) {
  GPU_OR_FAIL(handle);
  (void)gpu;
  if (type == NULL) return AMDSMI_STATUS_INVAL;
  *type = AMDSMI_PROCESSOR_TYPE_AMD_GPU;
  return AMDSMI_STATUS_SUCCESS;
}

/* ---- identity ----------------------------------------------------------------------- */

EXPORT amdsmi_status_t amdsmi_get_gpu_device_bdf(amdsmi_processor_handle handle,
                                                 amdsmi_bdf_t *bdf) {
  GPU_OR_FAIL(handle);
  if (bdf == NULL) return AMDSMI_STATUS_INVAL;
  bdf->as_uint = 0;
  bdf->fields.domain_number = gpu->domain;
  bdf->fields.bus_number = gpu->bus;
  bdf->fields.device_number = gpu->device;
  bdf->fields.function_number = gpu->function;
  return AMDSMI_STATUS_SUCCESS;
}

EXPORT amdsmi_status_t amdsmi_get_gpu_device_uuid(amdsmi_processor_handle handle,
                                                  unsigned int *length, char *uuid) {
  GPU_OR_FAIL(handle);
  if (length == NULL || uuid == NULL || *length < AMDSMI_GPU_UUID_SIZE) return AMDSMI_STATUS_INVAL;
  if (scenario == GARBAGE) {
    memset(uuid, 0xFF, *length); /* no NUL at all: the reader must stop at the length */
    return AMDSMI_STATUS_SUCCESS;
  }
  snprintf(uuid, *length, "%s", gpu->uuid);
  return AMDSMI_STATUS_SUCCESS;
}

EXPORT amdsmi_status_t amdsmi_get_gpu_asic_info(amdsmi_processor_handle handle,
                                                amdsmi_asic_info_t *info) {
  GPU_OR_FAIL(handle);
  if (info == NULL) return AMDSMI_STATUS_INVAL;
  memset(info, 0, sizeof *info);
  snprintf(info->market_name, sizeof info->market_name, "%s", gpu->market_name);
  info->vendor_id = 0x1002;
  snprintf(info->vendor_name, sizeof info->vendor_name, "Advanced Micro Devices Inc. [AMD/ATI]");
  info->device_id = gpu->device_id;
  snprintf(info->asic_serial, sizeof info->asic_serial, "%s", gpu->serial);
  return AMDSMI_STATUS_SUCCESS;
}

#if !defined(FAKE_OMIT_SOME)
EXPORT amdsmi_status_t amdsmi_get_gpu_board_info(amdsmi_processor_handle handle,
                                                 amdsmi_board_info_t *info) {
  GPU_OR_FAIL(handle);
  if (info == NULL) return AMDSMI_STATUS_INVAL;
  memset(info, 0, sizeof *info);
  snprintf(info->product_name, sizeof info->product_name, "%s", gpu->product_name);
  return AMDSMI_STATUS_SUCCESS;
}
#endif

EXPORT amdsmi_status_t amdsmi_get_gpu_driver_info(amdsmi_processor_handle handle,
                                                  amdsmi_driver_info_t *info) {
  GPU_OR_FAIL(handle);
  if (info == NULL) return AMDSMI_STATUS_INVAL;
  memset(info, 0, sizeof *info);
  snprintf(info->driver_version, sizeof info->driver_version, "%s", gpu->driver_version);
  snprintf(info->driver_date, sizeof info->driver_date, "2015/01/01 00:00");
  snprintf(info->driver_name, sizeof info->driver_name, "amdgpu");
  return AMDSMI_STATUS_SUCCESS;
}

/* ---- metrics ------------------------------------------------------------------------ */

EXPORT amdsmi_status_t amdsmi_get_gpu_activity(amdsmi_processor_handle handle,
                                               amdsmi_engine_usage_t *usage) {
  GPU_OR_FAIL(handle);
  if (usage == NULL) return AMDSMI_STATUS_INVAL;
  memset(usage, 0, sizeof *usage);
  int junk = scenario == GARBAGE;
  usage->gfx_activity = junk ? 0xFFFFu : gpu->gfx;
  usage->umc_activity = junk ? 0xFFFFFFFFu : gpu->umc;
  usage->mm_activity = junk ? 0xFFFFu : gpu->mm;
  return AMDSMI_STATUS_SUCCESS;
}

EXPORT amdsmi_status_t amdsmi_get_gpu_memory_total(amdsmi_processor_handle handle,
                                                   amdsmi_memory_type_t type, uint64_t *total) {
  GPU_OR_FAIL(handle);
  if (total == NULL) return AMDSMI_STATUS_INVAL;
  if (!gpu->has_bytes) return AMDSMI_STATUS_NOT_SUPPORTED;
  if (type == AMDSMI_MEM_TYPE_VRAM) *total = gpu->vram_total_b;
  else if (type == AMDSMI_MEM_TYPE_GTT) *total = gpu->gtt_total_b;
  else return AMDSMI_STATUS_INVAL;
  return AMDSMI_STATUS_SUCCESS;
}

EXPORT amdsmi_status_t amdsmi_get_gpu_memory_usage(amdsmi_processor_handle handle,
                                                   amdsmi_memory_type_t type, uint64_t *used) {
  GPU_OR_FAIL(handle);
  if (used == NULL) return AMDSMI_STATUS_INVAL;
  if (!gpu->has_bytes) return AMDSMI_STATUS_NOT_SUPPORTED;
  if (type == AMDSMI_MEM_TYPE_VRAM) *used = gpu->vram_used_b;
  else if (type == AMDSMI_MEM_TYPE_GTT) *used = gpu->gtt_used_b;
  else return AMDSMI_STATUS_INVAL;
  return AMDSMI_STATUS_SUCCESS;
}

EXPORT amdsmi_status_t amdsmi_get_gpu_vram_usage(amdsmi_processor_handle handle,
                                                 amdsmi_vram_usage_t *usage) {
  GPU_OR_FAIL(handle);
  if (usage == NULL) return AMDSMI_STATUS_INVAL;
  memset(usage, 0, sizeof *usage);
  usage->vram_total = scenario == GARBAGE ? 0xFFFFFFFFu : gpu->vram_total_mib;
  usage->vram_used = scenario == GARBAGE ? 0xFFFFFFFFu : gpu->vram_used_mib;
  return AMDSMI_STATUS_SUCCESS;
}

EXPORT amdsmi_status_t amdsmi_get_temp_metric(amdsmi_processor_handle handle,
                                              amdsmi_temperature_type_t sensor,
                                              amdsmi_temperature_metric_t metric,
                                              int64_t *temperature) {
  GPU_OR_FAIL(handle);
  if (temperature == NULL || metric != AMDSMI_TEMP_CURRENT) return AMDSMI_STATUS_INVAL;
  int64_t value;
  switch (sensor) {
  case AMDSMI_TEMPERATURE_TYPE_EDGE: value = gpu->temp_edge; break;
  case AMDSMI_TEMPERATURE_TYPE_HOTSPOT: value = gpu->temp_hotspot; break;
  case AMDSMI_TEMPERATURE_TYPE_VRAM: value = gpu->temp_vram; break;
  default: return AMDSMI_STATUS_NOT_SUPPORTED;
  }
  if (value == UNSUPPORTED_TEMP) return AMDSMI_STATUS_NOT_SUPPORTED;
  *temperature = scenario == GARBAGE ? INT64_MAX : value;
  return AMDSMI_STATUS_SUCCESS;
}

EXPORT amdsmi_status_t amdsmi_get_power_info(amdsmi_processor_handle handle,
                                             amdsmi_power_info_t *info) {
  GPU_OR_FAIL(handle);
  if (info == NULL) return AMDSMI_STATUS_INVAL;
  memset(info, 0, sizeof *info);
  int junk = scenario == GARBAGE;
  info->current_socket_power = junk ? NA32 : gpu->current_w;
  info->average_socket_power = junk ? NA32 : gpu->average_w;
#if ABI >= 64
  info->socket_power = junk ? NA64 : (gpu->current_w != NA32 ? gpu->current_w : gpu->average_w);
#endif
  info->gfx_voltage = 768; /* mV, the power capture's GPU 0 */
#if defined(FAKE_POWER_LIMIT_WATTS)
  info->power_limit = junk ? 0xFFFFFFFFu : gpu->limit_uw / 1000000u;
#else
  info->power_limit = junk ? 0xFFFFFFFFu : gpu->limit_uw;
#endif
  return AMDSMI_STATUS_SUCCESS;
}

#if !defined(FAKE_OMIT_SOME)
EXPORT amdsmi_status_t amdsmi_get_energy_count(amdsmi_processor_handle handle, uint64_t *energy,
                                               float *resolution, uint64_t *timestamp) {
  GPU_OR_FAIL(handle);
  if (energy == NULL || resolution == NULL || timestamp == NULL) return AMDSMI_STATUS_INVAL;
  *energy = scenario == GARBAGE ? NA64 : gpu->energy_count;
  *resolution = gpu->energy_resolution_uj;
  *timestamp = 1700000000000000000ull;
  return AMDSMI_STATUS_SUCCESS;
}
#endif

EXPORT amdsmi_status_t amdsmi_get_clock_info(amdsmi_processor_handle handle,
                                             amdsmi_clk_type_t type, amdsmi_clk_info_t *info) {
  GPU_OR_FAIL(handle);
  if (info == NULL) return AMDSMI_STATUS_INVAL;
  memset(info, 0, sizeof *info);
  uint32_t mhz;
  if (type == AMDSMI_CLK_TYPE_GFX) mhz = gpu->gfx_mhz;
  else if (type == AMDSMI_CLK_TYPE_MEM) mhz = gpu->mem_mhz;
  else return AMDSMI_STATUS_NOT_SUPPORTED;
  if (scenario == GARBAGE) mhz = 0xFFFFFFFFu;
#if ABI >= 62
  info->clk = mhz;
#else
  info->cur_clk = mhz;
#endif
  info->min_clk = 100;
  info->max_clk = 3000;
  return AMDSMI_STATUS_SUCCESS;
}

/* ---- processes ---------------------------------------------------------------------- */

__attribute__((unused)) static void fill_proc(amdsmi_proc_info_t *info,
                                             const struct fake_process *p) {
  memset(info, 0, sizeof *info);
  snprintf(info->name, sizeof info->name, "%s", p->name);
  info->pid = p->pid;
  info->mem = p->vram + p->gtt + p->cpu;
  info->engine_usage.gfx = p->gfx_ns;
  info->engine_usage.enc = p->enc_ns;
  info->memory_usage.gtt_mem = p->gtt;
  info->memory_usage.cpu_mem = p->cpu;
  info->memory_usage.vram_mem = p->vram;
}

/*
 * The in/out count of 6.2+: *max == 0 (or no process) → *max = N, SUCCESS, list untouched;
 * otherwise up to *max entries written, *max = N, OUT_OF_RESOURCES when the buffer was short.
 */
#if defined(FAKE_PID_ONLY)
typedef amdsmi_process_handle_t list_entry_t;
#else
typedef amdsmi_proc_info_t list_entry_t;
#endif

#if !defined(FAKE_OMIT_SOME)
EXPORT amdsmi_status_t amdsmi_get_gpu_process_list(amdsmi_processor_handle handle,
                                                   uint32_t *max_processes, list_entry_t *list) {
  GPU_OR_FAIL(handle);
  process_list_calls++;
  if (max_processes == NULL) return AMDSMI_STATUS_INVAL;
  uint32_t n = gpu->proc_count;
  if (*max_processes == 0 || n == 0) {
    *max_processes = n;
    return AMDSMI_STATUS_SUCCESS;
  }
  if (list == NULL) return AMDSMI_STATUS_INVAL;
  uint32_t capacity = *max_processes;
  uint32_t written = capacity < n ? capacity : n;
  for (uint32_t i = 0; i < written; i++) {
#if defined(FAKE_PID_ONLY)
    list[i] = gpu->procs[i].pid;
#else
    fill_proc(&list[i], &gpu->procs[i]);
#endif
  }
  if (scenario == GARBAGE) {
    *max_processes = 0xFFFFFFFFu;
    return AMDSMI_STATUS_OUT_OF_RESOURCES;
  }
  *max_processes = n;
  return capacity < n ? AMDSMI_STATUS_OUT_OF_RESOURCES : AMDSMI_STATUS_SUCCESS;
}
#endif

#if defined(FAKE_PID_ONLY)
EXPORT amdsmi_status_t amdsmi_get_gpu_process_info(amdsmi_processor_handle handle,
                                                   amdsmi_process_handle_t pid,
                                                   amdsmi_proc_info_t *info) {
  GPU_OR_FAIL(handle);
  if (info == NULL) return AMDSMI_STATUS_INVAL;
  for (uint32_t i = 0; i < gpu->proc_count; i++) {
    if (gpu->procs[i].pid == pid) {
      fill_proc(info, &gpu->procs[i]);
      return AMDSMI_STATUS_SUCCESS;
    }
  }
  return AMDSMI_STATUS_NOT_FOUND;
}
#endif

/* ---- health ------------------------------------------------------------------------- */

struct fake_health {
  int has_ras;            /* ECC counts and bad pages; else NOT_SUPPORTED */
  uint64_t ecc_blocks;    /* amdsmi_gpu_block_t bits with ECC on: UMC 1, SDMA 2, GFX 4 */
  uint64_t corrected, uncorrected;
  uint32_t reserved_pages, pending_pages, unreservable_pages;
  uint16_t width, max_width;       /* lanes */
  uint32_t speed_mts, max_speed_mts; /* MT/s */
  uint64_t replays;
};

/* MI300X on its OAM link: x16 Gen 5 (32000 MT/s), RAS on for UMC, SDMA and GFX. */
static const struct fake_health MI300_HEALTHY = {
    .has_ras = 1, .ecc_blocks = 0x7,
    .width = 16, .max_width = 16, .speed_mts = 32000, .max_speed_mts = 32000,
};
/* The sick board: what issue #19 names as taking nodes out. */
static const struct fake_health MI300_SICK_HEALTH = {
    .has_ras = 1, .ecc_blocks = 0x7, .corrected = 5, .uncorrected = 2,
    .reserved_pages = 3, .pending_pages = 1, .unreservable_pages = 1,
    .width = 8, .max_width = 16, .speed_mts = 32000, .max_speed_mts = 32000, .replays = 12,
};
/* A desktop Radeon: no RAS; an idle link steps down to 2.5 GT/s. */
static const struct fake_health RADEON_HEALTH = {
    .has_ras = 0,
    .width = 16, .max_width = 16, .speed_mts = 2500, .max_speed_mts = 16000,
};
static const struct fake_health GARBAGE_HEALTH = {
    .has_ras = 1, .ecc_blocks = NA64, .corrected = NA64, .uncorrected = NA64,
    .width = 0xFFFF, .max_width = 0xFFFF, .speed_mts = 0xFFFFFFFFu,
    .max_speed_mts = 0xFFFFFFFFu, .replays = NA64,
};

static const struct fake_health *health_of(amdsmi_processor_handle handle) {
  if (scenario == GARBAGE) return &GARBAGE_HEALTH;
  if (scenario == RADEON) return &RADEON_HEALTH;
  if (scenario == MI300_SICK && handle_index(handle, 2) == 1) return &MI300_SICK_HEALTH;
  return &MI300_HEALTHY;
}

/* The calls each health read makes, for the slow-value cache tests. */
static uint32_t ecc_enabled_calls = 0, bad_page_calls = 0, pcie_info_calls = 0;

EXPORT amdsmi_status_t amdsmi_get_gpu_ecc_enabled(amdsmi_processor_handle handle,
                                                  uint64_t *enabled_blocks) {
  GPU_OR_FAIL(handle);
  (void)gpu;
  ecc_enabled_calls++;
  const struct fake_health *health = health_of(handle);
  if (!health->has_ras) return AMDSMI_STATUS_NOT_SUPPORTED;
  if (enabled_blocks == NULL) return AMDSMI_STATUS_INVAL;
  *enabled_blocks = health->ecc_blocks;
  return AMDSMI_STATUS_SUCCESS;
}

EXPORT amdsmi_status_t amdsmi_get_gpu_total_ecc_count(amdsmi_processor_handle handle,
                                                      amdsmi_error_count_t *ec) {
  GPU_OR_FAIL(handle);
  (void)gpu;
  const struct fake_health *health = health_of(handle);
  if (ec == NULL) return AMDSMI_STATUS_INVAL;
  if (!health->has_ras) return AMDSMI_STATUS_NOT_SUPPORTED;
  memset(ec, 0, sizeof *ec);
  ec->correctable_count = health->corrected;
  ec->uncorrectable_count = health->uncorrected;
  return AMDSMI_STATUS_SUCCESS;
}

/* Like the library: the count with a NULL list, then up to that many records (reserved
   first, then pending, then unreservable), whatever the count passed in. */
EXPORT amdsmi_status_t amdsmi_get_gpu_bad_page_info(amdsmi_processor_handle handle,
                                                    uint32_t *num_pages,
                                                    amdsmi_retired_page_record_t *info) {
  GPU_OR_FAIL(handle);
  (void)gpu;
  bad_page_calls++;
  const struct fake_health *health = health_of(handle);
  if (num_pages == NULL) return AMDSMI_STATUS_INVAL;
  if (!health->has_ras) return AMDSMI_STATUS_NOT_SUPPORTED;
  if (scenario == GARBAGE) {
    *num_pages = 0xFFFFFFFFu;
    return AMDSMI_STATUS_SUCCESS;
  }
  uint32_t total = health->reserved_pages + health->pending_pages + health->unreservable_pages;
  if (total == 0) return AMDSMI_STATUS_SUCCESS; /* the library leaves *num_pages alone */
  *num_pages = total;
  if (info == NULL) return AMDSMI_STATUS_SUCCESS;
  for (uint32_t i = 0; i < total; i++) {
    memset(&info[i], 0, sizeof info[i]);
    info[i].page_address = 0x1000000ull * (i + 1);
    info[i].page_size = 4096;
    if (i < health->reserved_pages) info[i].status = AMDSMI_MEM_PAGE_STATUS_RESERVED;
    else if (i < health->reserved_pages + health->pending_pages)
      info[i].status = AMDSMI_MEM_PAGE_STATUS_PENDING;
    else info[i].status = AMDSMI_MEM_PAGE_STATUS_UNRESERVABLE;
  }
  return AMDSMI_STATUS_SUCCESS;
}

#if ABI >= 61
EXPORT amdsmi_status_t amdsmi_get_pcie_info(amdsmi_processor_handle handle,
                                            amdsmi_pcie_info_t *info) {
  GPU_OR_FAIL(handle);
  (void)gpu;
  pcie_info_calls++;
  const struct fake_health *health = health_of(handle);
  if (info == NULL) return AMDSMI_STATUS_INVAL;
  memset(info, 0, sizeof *info);
  info->pcie_static.max_pcie_width = health->max_width;
  info->pcie_static.max_pcie_speed = health->max_speed_mts;
  info->pcie_metric.pcie_width = health->width;
  info->pcie_metric.pcie_speed = health->speed_mts;
  info->pcie_metric.pcie_replay_count = health->replays;
  return AMDSMI_STATUS_SUCCESS;
}
#endif

/* ---- test hooks --------------------------------------------------------------------- */

EXPORT uint32_t fake_amdsmi_init_calls(void) { return init_calls; }
EXPORT uint32_t fake_amdsmi_shutdown_calls(void) { return shutdown_calls; }
EXPORT uint32_t fake_amdsmi_process_list_calls(void) { return process_list_calls; }
EXPORT uint32_t fake_amdsmi_initialised(void) { return (uint32_t)initialised; }
EXPORT uint32_t fake_amdsmi_ecc_enabled_calls(void) { return ecc_enabled_calls; }
EXPORT uint32_t fake_amdsmi_bad_page_calls(void) { return bad_page_calls; }
EXPORT uint32_t fake_amdsmi_pcie_info_calls(void) { return pcie_info_calls; }
