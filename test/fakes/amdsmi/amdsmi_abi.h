/*
 * gputop's own minimal description of the AMD SMI ABI (libamd_smi), one layout generation
 * at a time: only the types, structs and constants that src/backends/amdsmi reads or passes.
 * Type names follow AMD SMI's so the fake library reads like code written against amdsmi.h.
 *
 * No real amdsmi.h is available here (Debian does not package it), so this header is NOT
 * checked against the vendor's: test/backends/amdsmi/layout_test.ts compiles it once per
 * generation and checks every size and offset against the figures in the project's reference
 * notes (gathered from the ctypes wrappers generated from each release's header and a gcc
 * re-declaration), and against src/backends/amdsmi/types.ts.
 *
 * Select the generation with -DGPUTOP_AMDSMI_ABI=60|61|62|63|64|70:
 *   60 = ROCm 6.0.x (lib 23.4)   61 = 6.1.x (24.5)   62 = 6.2.x (24.6)   63 = 6.3.x (24.7)
 *   64 = 6.4.x (25.x, .so.25)    70 = 7.x (26.x, .so.26)
 * Reserved arrays are sized so each struct has the documented size; their names are ours.
 */
#ifndef GPUTOP_AMDSMI_ABI_H
#define GPUTOP_AMDSMI_ABI_H

#include <stdbool.h>
#include <stdint.h>

#ifndef GPUTOP_AMDSMI_ABI
#error "define GPUTOP_AMDSMI_ABI (60, 61, 62, 63, 64 or 70)"
#endif

#define ABI GPUTOP_AMDSMI_ABI

/* amdsmi_status_t: an enum, 4 bytes. */
typedef uint32_t amdsmi_status_t;
#define AMDSMI_STATUS_SUCCESS 0
#define AMDSMI_STATUS_INVAL 1
#define AMDSMI_STATUS_NOT_SUPPORTED 2
#define AMDSMI_STATUS_NOT_YET_IMPLEMENTED 3
#define AMDSMI_STATUS_FAIL_LOAD_MODULE 4
#define AMDSMI_STATUS_FAIL_LOAD_SYMBOL 5
#define AMDSMI_STATUS_DRM_ERROR 6
#define AMDSMI_STATUS_API_FAILED 7
#define AMDSMI_STATUS_TIMEOUT 8
#define AMDSMI_STATUS_RETRY 9
#define AMDSMI_STATUS_NO_PERM 10
#define AMDSMI_STATUS_INTERRUPT 11
#define AMDSMI_STATUS_IO 12
#define AMDSMI_STATUS_ADDRESS_FAULT 13
#define AMDSMI_STATUS_FILE_ERROR 14
#define AMDSMI_STATUS_OUT_OF_RESOURCES 15
#define AMDSMI_STATUS_INTERNAL_EXCEPTION 16
#define AMDSMI_STATUS_INPUT_OUT_OF_BOUNDS 17
#define AMDSMI_STATUS_INIT_ERROR 18
#define AMDSMI_STATUS_REFCOUNT_OVERFLOW 19
#define AMDSMI_STATUS_BUSY 30
#define AMDSMI_STATUS_NOT_FOUND 31
#define AMDSMI_STATUS_NOT_INIT 32
#define AMDSMI_STATUS_NO_SLOT 33
#define AMDSMI_STATUS_DRIVER_NOT_LOADED 34
#define AMDSMI_STATUS_NO_DATA 40
#define AMDSMI_STATUS_INSUFFICIENT_SIZE 41
#define AMDSMI_STATUS_UNEXPECTED_SIZE 42
#define AMDSMI_STATUS_UNEXPECTED_DATA 43
#define AMDSMI_STATUS_UNKNOWN_ERROR 0xFFFFFFFF

/* amdsmi_init_flags_t (passed as uint64_t). */
#define AMDSMI_INIT_AMD_GPUS 2ULL

/* processor_type_t */
typedef uint32_t processor_type_t;
#define AMDSMI_PROCESSOR_TYPE_AMD_GPU 1

/* amdsmi_clk_type_t, amdsmi_temperature_type_t, amdsmi_temperature_metric_t,
   amdsmi_memory_type_t: enums, 4 bytes. */
typedef uint32_t amdsmi_clk_type_t;
#define AMDSMI_CLK_TYPE_GFX 0
#define AMDSMI_CLK_TYPE_MEM 4
typedef uint32_t amdsmi_temperature_type_t;
#define AMDSMI_TEMPERATURE_TYPE_EDGE 0
#define AMDSMI_TEMPERATURE_TYPE_HOTSPOT 1
#define AMDSMI_TEMPERATURE_TYPE_VRAM 2
typedef uint32_t amdsmi_temperature_metric_t;
#define AMDSMI_TEMP_CURRENT 0
typedef uint32_t amdsmi_memory_type_t;
#define AMDSMI_MEM_TYPE_VRAM 0
#define AMDSMI_MEM_TYPE_GTT 2

#define AMDSMI_GPU_UUID_SIZE 38

typedef void *amdsmi_socket_handle;
typedef void *amdsmi_processor_handle;
typedef uint32_t amdsmi_process_handle_t; /* the pid-only list of 6.0.x / 6.1.0 */

/* 8 bytes in every generation: function bits 0-2, device 3-7, bus 8-15, domain 16-63. */
typedef union {
  struct {
    uint64_t function_number : 3;
    uint64_t device_number : 5;
    uint64_t bus_number : 8;
    uint64_t domain_number : 48;
  } fields;
  uint64_t as_uint;
} amdsmi_bdf_t;

/* 24 bytes; A70 dropped `year` and moved the rest up. */
typedef struct {
#if ABI < 70
  uint32_t year;
#endif
  uint32_t major;
  uint32_t minor;
  uint32_t release;
  const char *build;
} amdsmi_version_t;

/* 64 bytes in every generation; percent, 0xFFFF when not available. */
typedef struct {
  uint32_t gfx_activity;
  uint32_t umc_activity;
  uint32_t mm_activity;
  uint32_t reserved[13];
} amdsmi_engine_usage_t;

/* 16 bytes; MiB. */
typedef struct {
  uint32_t vram_total;
  uint32_t vram_used;
  uint32_t reserved[2];
} amdsmi_vram_usage_t;

/* W for the socket powers, mV for voltages, uW for power_limit. */
typedef struct {
#if ABI >= 64
  uint64_t socket_power;
#endif
  uint32_t current_socket_power;
  uint32_t average_socket_power;
#if ABI >= 70
  uint64_t gfx_voltage;
  uint64_t soc_voltage;
  uint64_t mem_voltage;
  uint32_t power_limit;
  uint32_t ubb_power;
  uint64_t reserved[18];
#elif ABI >= 64
  uint32_t gfx_voltage;
  uint32_t soc_voltage;
  uint32_t mem_voltage;
  uint32_t power_limit;
  uint32_t reserved[2];
#else
  uint32_t gfx_voltage;
  uint32_t soc_voltage;
  uint32_t mem_voltage;
  uint32_t power_limit;
  uint32_t reserved[11];
#endif
} amdsmi_power_info_t;

/* 32 bytes; MHz. 6.2 renamed cur_clk to clk at the same offset. */
typedef struct {
#if ABI >= 62
  uint32_t clk;
  uint32_t min_clk;
  uint32_t max_clk;
  uint8_t clk_locked;
  uint8_t clk_deep_sleep;
#else
  uint32_t cur_clk;
  uint32_t min_clk;
  uint32_t max_clk;
  uint32_t sleep_clk;
#endif
  uint32_t reserved[4];
} amdsmi_clk_info_t;

#if ABI >= 64
#define GPUTOP_DRIVER_STRING 256
#else
#define GPUTOP_DRIVER_STRING 64
#endif

typedef struct {
#if ABI == 60
  char driver_name[GPUTOP_DRIVER_STRING];
  char driver_version[GPUTOP_DRIVER_STRING];
  char driver_date[GPUTOP_DRIVER_STRING];
#else
  char driver_version[GPUTOP_DRIVER_STRING];
  char driver_date[GPUTOP_DRIVER_STRING];
  char driver_name[GPUTOP_DRIVER_STRING];
#endif
} amdsmi_driver_info_t;

#if ABI >= 64
#define GPUTOP_PROC_STRING 256
#else
#define GPUTOP_PROC_STRING 32
#endif

typedef struct {
  char name[GPUTOP_PROC_STRING];
  uint32_t pid;
  uint64_t mem; /* bytes */
  struct {
    uint64_t gfx; /* ns, cumulative */
    uint64_t enc; /* ns, cumulative */
    uint32_t reserved[12];
  } engine_usage;
  struct {
    uint64_t gtt_mem;  /* bytes */
    uint64_t cpu_mem;  /* bytes */
    uint64_t vram_mem; /* bytes */
    uint32_t reserved[10];
  } memory_usage;
  char container_name[GPUTOP_PROC_STRING];
#if ABI >= 70
  uint32_t cu_occupancy;
  uint32_t evicted_time; /* ms */
  uint64_t sdma_usage;   /* us */
  uint32_t reserved[8];
#elif ABI >= 64
  uint32_t cu_occupancy;
  uint32_t reserved[11];
#else
  uint32_t reserved[4];
#endif
} amdsmi_proc_info_t;

typedef struct {
#if ABI >= 62
  char market_name[256];
#else
  char market_name[64];
#endif
  uint32_t vendor_id;
#if ABI >= 64
  char vendor_name[256];
#else
  char vendor_name[64];
#endif
  uint32_t subvendor_id;
  uint64_t device_id;
  uint32_t rev_id;
#if ABI >= 64
  char asic_serial[256];
#else
  char asic_serial[32];
#endif
#if ABI >= 62
  uint32_t oam_id;
#else
  uint16_t oam_id;
#endif
#if ABI >= 63
  uint32_t num_of_compute_units;
  uint64_t target_graphics_version;
#endif
#if ABI >= 70
  uint32_t subsystem_id;
  uint32_t reserved[21];
#elif ABI >= 64
  uint32_t reserved[22];
#elif ABI == 63
  uint32_t reserved[16];
#else
  uint32_t reserved[18];
#endif
} amdsmi_asic_info_t;

#if ABI == 60
#pragma pack(push, 1)
typedef struct {
  bool is_master;
  char model_number[32];
  char product_serial[32];
  char fru_id[32];
  char manufacturer_name[32];
  char product_name[128];
} amdsmi_board_info_t;
#pragma pack(pop)
#elif ABI == 61
typedef struct {
  char model_number[32];
  char product_serial[32];
  char fru_id[32];
  char product_name[128];
  char manufacturer_name[32];
  uint32_t reserved[32];
} amdsmi_board_info_t;
#elif ABI <= 63
typedef struct {
  char model_number[256];
  char product_serial[32];
  char fru_id[32];
  char product_name[256];
  char manufacturer_name[64];
  uint32_t reserved[32];
} amdsmi_board_info_t;
#else
typedef struct {
  char model_number[256];
  char product_serial[256];
  char fru_id[256];
  char product_name[256];
  char manufacturer_name[256];
#if ABI >= 70
  uint64_t reserved[64];
#else
  uint64_t reserved[32];
#endif
} amdsmi_board_info_t;
#endif

/* Health. ECC counts: u64 since the driver loaded; 6.0 had reserved[2], 6.1 added
   deferred_count and reserved[5]. */
typedef struct {
  uint64_t correctable_count;
  uint64_t uncorrectable_count;
#if ABI >= 61
  uint64_t deferred_count;
  uint64_t reserved[5];
#else
  uint64_t reserved[2];
#endif
} amdsmi_error_count_t;

/* amdsmi_memory_page_status_t */
typedef uint32_t amdsmi_memory_page_status_t;
#define AMDSMI_MEM_PAGE_STATUS_RESERVED 0
#define AMDSMI_MEM_PAGE_STATUS_PENDING 1
#define AMDSMI_MEM_PAGE_STATUS_UNRESERVABLE 2

typedef struct {
  uint64_t page_address;
  uint64_t page_size;
  amdsmi_memory_page_status_t status;
} amdsmi_retired_page_record_t;

#if ABI >= 61
/* amdsmi_card_form_factor_t */
typedef uint32_t amdsmi_card_form_factor_t;

/* 512 bytes from 6.1 on; widths in lanes, speeds in MT/s. 6.3 and 6.4 added members inside
   the reserved space (named here as in those releases). 6.0 has no amdsmi_get_pcie_info. */
typedef struct {
  struct {
    uint16_t max_pcie_width;
    uint32_t max_pcie_speed;
    uint32_t pcie_interface_version;
    amdsmi_card_form_factor_t slot_type;
#if ABI >= 64
    uint32_t max_pcie_interface_version;
    uint64_t reserved[9];
#else
    uint64_t reserved[10];
#endif
  } pcie_static;
  struct {
    uint16_t pcie_width;
    uint32_t pcie_speed;
    uint32_t pcie_bandwidth;
    uint64_t pcie_replay_count;
    uint64_t pcie_l0_to_recovery_count;
    uint64_t pcie_replay_roll_over_count;
    uint64_t pcie_nak_sent_count;
    uint64_t pcie_nak_received_count;
#if ABI >= 63
    uint32_t pcie_lc_perf_other_end_recovery_count;
    uint64_t reserved[12];
#else
    uint64_t reserved[13];
#endif
  } pcie_metric;
  uint64_t reserved[32];
} amdsmi_pcie_info_t;
#endif

/*
 * Prototypes of the entry points gputop calls (AMD SMI reference notes, §1.4). The fake
 * defines them, so the compiler holds it to these; test/backends/amdsmi/signature_test.ts
 * holds src/backends/amdsmi/symbols.ts to them.
 */
amdsmi_status_t amdsmi_init(uint64_t init_flags);
amdsmi_status_t amdsmi_shut_down(void);
amdsmi_status_t amdsmi_status_code_to_string(amdsmi_status_t status, const char **status_string);
amdsmi_status_t amdsmi_get_lib_version(amdsmi_version_t *version);
amdsmi_status_t amdsmi_get_socket_handles(uint32_t *socket_count,
                                          amdsmi_socket_handle *socket_handles);
amdsmi_status_t amdsmi_get_processor_handles(amdsmi_socket_handle socket_handle,
                                             uint32_t *processor_count,
                                             amdsmi_processor_handle *processor_handles);
amdsmi_status_t amdsmi_get_processor_type(amdsmi_processor_handle processor_handle,
                                          processor_type_t *processor_type);
amdsmi_status_t amdsmi_get_gpu_device_bdf(amdsmi_processor_handle processor_handle,
                                          amdsmi_bdf_t *bdf);
amdsmi_status_t amdsmi_get_gpu_device_uuid(amdsmi_processor_handle processor_handle,
                                           unsigned int *uuid_length, char *uuid);
amdsmi_status_t amdsmi_get_gpu_asic_info(amdsmi_processor_handle processor_handle,
                                         amdsmi_asic_info_t *info);
amdsmi_status_t amdsmi_get_gpu_board_info(amdsmi_processor_handle processor_handle,
                                          amdsmi_board_info_t *info);
amdsmi_status_t amdsmi_get_gpu_driver_info(amdsmi_processor_handle processor_handle,
                                           amdsmi_driver_info_t *info);
amdsmi_status_t amdsmi_get_gpu_activity(amdsmi_processor_handle processor_handle,
                                        amdsmi_engine_usage_t *info);
amdsmi_status_t amdsmi_get_gpu_memory_total(amdsmi_processor_handle processor_handle,
                                            amdsmi_memory_type_t mem_type, uint64_t *total);
amdsmi_status_t amdsmi_get_gpu_memory_usage(amdsmi_processor_handle processor_handle,
                                            amdsmi_memory_type_t mem_type, uint64_t *used);
amdsmi_status_t amdsmi_get_gpu_vram_usage(amdsmi_processor_handle processor_handle,
                                          amdsmi_vram_usage_t *info);
amdsmi_status_t amdsmi_get_temp_metric(amdsmi_processor_handle processor_handle,
                                       amdsmi_temperature_type_t sensor_type,
                                       amdsmi_temperature_metric_t metric, int64_t *temperature);
amdsmi_status_t amdsmi_get_power_info(amdsmi_processor_handle processor_handle,
                                      amdsmi_power_info_t *info);
amdsmi_status_t amdsmi_get_energy_count(amdsmi_processor_handle processor_handle,
                                        uint64_t *energy_accumulator, float *counter_resolution,
                                        uint64_t *timestamp);
amdsmi_status_t amdsmi_get_clock_info(amdsmi_processor_handle processor_handle,
                                      amdsmi_clk_type_t clk_type, amdsmi_clk_info_t *info);
amdsmi_status_t amdsmi_get_gpu_ecc_enabled(amdsmi_processor_handle processor_handle,
                                           uint64_t *enabled_blocks);
amdsmi_status_t amdsmi_get_gpu_total_ecc_count(amdsmi_processor_handle processor_handle,
                                               amdsmi_error_count_t *ec);
amdsmi_status_t amdsmi_get_gpu_bad_page_info(amdsmi_processor_handle processor_handle,
                                             uint32_t *num_pages,
                                             amdsmi_retired_page_record_t *info);
#if ABI >= 61
amdsmi_status_t amdsmi_get_pcie_info(amdsmi_processor_handle processor_handle,
                                     amdsmi_pcie_info_t *info);
#endif
#if defined(GPUTOP_AMDSMI_PID_ONLY_LIST)
/* 6.0.x / 6.1.0: the list holds pids; details per pid. */
amdsmi_status_t amdsmi_get_gpu_process_list(amdsmi_processor_handle processor_handle,
                                            uint32_t *max_processes,
                                            amdsmi_process_handle_t *list);
amdsmi_status_t amdsmi_get_gpu_process_info(amdsmi_processor_handle processor_handle,
                                            amdsmi_process_handle_t process,
                                            amdsmi_proc_info_t *info);
#else
/* 6.1.1 and later: the list holds amdsmi_proc_info_t. */
amdsmi_status_t amdsmi_get_gpu_process_list(amdsmi_processor_handle processor_handle,
                                            uint32_t *max_processes, amdsmi_proc_info_t *list);
#endif

#endif
