/*
 * gputop's own minimal description of the Level Zero (core + Sysman) ABI: only the types,
 * structs and constants src/backends/level-zero reads or passes, for the fake loader and
 * the layout probe. Names follow the spec so one probe source compiles against either this
 * file or the vendor's ze_api.h / zes_api.h (test/backends/level-zero/layout_test.ts
 * compares the two). Layouts: x86_64 / aarch64 LP64, ze_bool_t is one byte, enums 4 bytes.
 */
#ifndef GPUTOP_ZE_ABI_H
#define GPUTOP_ZE_ABI_H

#include <stdint.h>

typedef uint8_t ze_bool_t;

typedef enum _ze_result_t {
  ZE_RESULT_SUCCESS = 0,
  ZE_RESULT_ERROR_DEVICE_LOST = 0x70000001,
  ZE_RESULT_ERROR_INSUFFICIENT_PERMISSIONS = 0x70010000,
  ZE_RESULT_ERROR_NOT_AVAILABLE = 0x70010001,
  ZE_RESULT_ERROR_DEPENDENCY_UNAVAILABLE = 0x70020000,
  ZE_RESULT_ERROR_UNINITIALIZED = 0x78000001,
  ZE_RESULT_ERROR_UNSUPPORTED_VERSION = 0x78000002,
  ZE_RESULT_ERROR_UNSUPPORTED_FEATURE = 0x78000003,
  ZE_RESULT_ERROR_INVALID_ARGUMENT = 0x78000004,
  ZE_RESULT_ERROR_INVALID_NULL_HANDLE = 0x78000005,
  ZE_RESULT_ERROR_INVALID_NULL_POINTER = 0x78000007,
  ZE_RESULT_ERROR_INVALID_SIZE = 0x78000008,
  ZE_RESULT_ERROR_INVALID_ENUMERATION = 0x7800000c,
  ZE_RESULT_ERROR_UNKNOWN = 0x7ffffffe,
  ZE_RESULT_FORCE_UINT32 = 0x7fffffff
} ze_result_t;

typedef uint32_t ze_init_flags_t;
typedef uint32_t ze_api_version_t;

typedef struct _ze_driver_handle_t *ze_driver_handle_t;
typedef struct _ze_device_handle_t *ze_device_handle_t;
typedef ze_driver_handle_t zes_driver_handle_t;
typedef ze_device_handle_t zes_device_handle_t;
typedef struct _zes_pwr_handle_t *zes_pwr_handle_t;
typedef struct _zes_freq_handle_t *zes_freq_handle_t;
typedef struct _zes_engine_handle_t *zes_engine_handle_t;
typedef struct _zes_mem_handle_t *zes_mem_handle_t;
typedef struct _zes_temp_handle_t *zes_temp_handle_t;
typedef struct _zes_ras_handle_t *zes_ras_handle_t;

/* The stype values this backend sets (core and Sysman enums). */
#define ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES 0x3
#define ZES_STRUCTURE_TYPE_DEVICE_PROPERTIES 0x1
#define ZES_STRUCTURE_TYPE_PCI_PROPERTIES 0x2
#define ZES_STRUCTURE_TYPE_ENGINE_PROPERTIES 0x5
#define ZES_STRUCTURE_TYPE_FREQ_PROPERTIES 0x9
#define ZES_STRUCTURE_TYPE_MEM_PROPERTIES 0xb
#define ZES_STRUCTURE_TYPE_TEMP_PROPERTIES 0x14
#define ZES_STRUCTURE_TYPE_PROCESS_STATE 0x16
#define ZES_STRUCTURE_TYPE_FREQ_STATE 0x1b
#define ZES_STRUCTURE_TYPE_MEM_STATE 0x1e
#define ZES_STRUCTURE_TYPE_RAS_PROPERTIES 0xf
#define ZES_STRUCTURE_TYPE_PCI_STATE 0x17
#define ZES_STRUCTURE_TYPE_RAS_STATE 0x22

#define ZE_MAX_DEVICE_UUID_SIZE 16
#define ZE_MAX_DEVICE_NAME 256
#define ZES_STRING_PROPERTY_SIZE 64
#define ZE_DEVICE_PROPERTY_FLAG_INTEGRATED 1

/* zes_engine_group_t */
#define ZES_ENGINE_GROUP_ALL 0
#define ZES_ENGINE_GROUP_COMPUTE_ALL 1
#define ZES_ENGINE_GROUP_MEDIA_ALL 2
#define ZES_ENGINE_GROUP_COPY_ALL 3
#define ZES_ENGINE_GROUP_COMPUTE_SINGLE 4
#define ZES_ENGINE_GROUP_RENDER_SINGLE 5
#define ZES_ENGINE_GROUP_3D_RENDER_COMPUTE_ALL 11
#define ZES_ENGINE_GROUP_RENDER_ALL 12
#define ZES_ENGINE_GROUP_3D_ALL 13

/* zes_engine_type_flag_t (process engine set) */
#define ZES_ENGINE_TYPE_FLAG_OTHER 1
#define ZES_ENGINE_TYPE_FLAG_COMPUTE 2
#define ZES_ENGINE_TYPE_FLAG_3D 4
#define ZES_ENGINE_TYPE_FLAG_MEDIA 8
#define ZES_ENGINE_TYPE_FLAG_DMA 16
#define ZES_ENGINE_TYPE_FLAG_RENDER 32

#define ZES_FREQ_DOMAIN_GPU 0
#define ZES_FREQ_DOMAIN_MEMORY 1
#define ZES_TEMP_SENSORS_GLOBAL 0
#define ZES_TEMP_SENSORS_GPU 1
#define ZES_TEMP_SENSORS_MEMORY 2
#define ZES_MEM_LOC_SYSTEM 0
#define ZES_MEM_LOC_DEVICE 1

/* zes_mem_health_t */
#define ZES_MEM_HEALTH_UNKNOWN 0
#define ZES_MEM_HEALTH_OK 1
#define ZES_MEM_HEALTH_DEGRADED 2
#define ZES_MEM_HEALTH_CRITICAL 3
#define ZES_MEM_HEALTH_REPLACE 4

/* zes_ras_error_type_t; the state holds one count per zes_ras_error_cat_t */
#define ZES_RAS_ERROR_TYPE_CORRECTABLE 0
#define ZES_RAS_ERROR_TYPE_UNCORRECTABLE 1
#define ZES_MAX_RAS_ERROR_CATEGORY_COUNT 7

/* zes_freq_throttle_reason_flag_t */
#define ZES_FREQ_THROTTLE_REASON_FLAG_AVE_PWR_CAP 1
#define ZES_FREQ_THROTTLE_REASON_FLAG_BURST_PWR_CAP 2
#define ZES_FREQ_THROTTLE_REASON_FLAG_CURRENT_LIMIT 4
#define ZES_FREQ_THROTTLE_REASON_FLAG_THERMAL_LIMIT 8
#define ZES_FREQ_THROTTLE_REASON_FLAG_PSU_ALERT 16
#define ZES_FREQ_THROTTLE_REASON_FLAG_SW_RANGE 32
#define ZES_FREQ_THROTTLE_REASON_FLAG_HW_RANGE 64

typedef struct _ze_device_uuid_t {
  uint8_t id[ZE_MAX_DEVICE_UUID_SIZE];
} ze_device_uuid_t;

typedef struct _ze_device_properties_t {
  uint32_t stype;
  void *pNext;
  uint32_t type;
  uint32_t vendorId;
  uint32_t deviceId;
  uint32_t flags;
  uint32_t subdeviceId;
  uint32_t coreClockRate;
  uint64_t maxMemAllocSize;
  uint32_t maxHardwareContexts;
  uint32_t maxCommandQueuePriority;
  uint32_t numThreadsPerEU;
  uint32_t physicalEUSimdWidth;
  uint32_t numEUsPerSubslice;
  uint32_t numSubslicesPerSlice;
  uint32_t numSlices;
  uint64_t timerResolution;
  uint32_t timestampValidBits;
  uint32_t kernelTimestampValidBits;
  ze_device_uuid_t uuid;
  char name[ZE_MAX_DEVICE_NAME];
} ze_device_properties_t;

typedef struct _zes_device_properties_t {
  uint32_t stype;
  void *pNext;
  ze_device_properties_t core;
  uint32_t numSubdevices;
  char serialNumber[ZES_STRING_PROPERTY_SIZE];
  char boardNumber[ZES_STRING_PROPERTY_SIZE];
  char brandName[ZES_STRING_PROPERTY_SIZE];
  char modelName[ZES_STRING_PROPERTY_SIZE];
  char vendorName[ZES_STRING_PROPERTY_SIZE];
  char driverVersion[ZES_STRING_PROPERTY_SIZE];
} zes_device_properties_t;

typedef struct _zes_pci_address_t {
  uint32_t domain;
  uint32_t bus;
  uint32_t device;
  uint32_t function;
} zes_pci_address_t;

typedef struct _zes_pci_speed_t {
  int32_t gen;
  int32_t width;
  int64_t maxBandwidth;
} zes_pci_speed_t;

typedef struct _zes_pci_properties_t {
  uint32_t stype;
  void *pNext;
  zes_pci_address_t address;
  zes_pci_speed_t maxSpeed;
  ze_bool_t haveBandwidthCounters;
  ze_bool_t havePacketCounters;
  ze_bool_t haveReplayCounters;
} zes_pci_properties_t;

typedef struct _zes_pci_state_t {
  uint32_t stype;
  const void *pNext;
  uint32_t status;
  uint32_t qualityIssues;
  uint32_t stabilityIssues;
  zes_pci_speed_t speed;
} zes_pci_state_t;

typedef struct _zes_pci_stats_t {
  uint64_t timestamp;
  uint64_t replayCounter;
  uint64_t packetCounter;
  uint64_t rxCounter;
  uint64_t txCounter;
  zes_pci_speed_t speed;
} zes_pci_stats_t;

typedef struct _zes_ras_properties_t {
  uint32_t stype;
  void *pNext;
  uint32_t type;
  ze_bool_t onSubdevice;
  uint32_t subdeviceId;
} zes_ras_properties_t;

typedef struct _zes_ras_state_t {
  uint32_t stype;
  const void *pNext;
  uint64_t category[ZES_MAX_RAS_ERROR_CATEGORY_COUNT];
} zes_ras_state_t;

typedef struct _zes_mem_properties_t {
  uint32_t stype;
  void *pNext;
  uint32_t type;
  ze_bool_t onSubdevice;
  uint32_t subdeviceId;
  uint32_t location;
  uint64_t physicalSize;
  int32_t busWidth;
  int32_t numChannels;
} zes_mem_properties_t;

typedef struct _zes_mem_state_t {
  uint32_t stype;
  const void *pNext;
  uint32_t health;
  uint64_t free;
  uint64_t size;
} zes_mem_state_t;

typedef struct _zes_engine_properties_t {
  uint32_t stype;
  void *pNext;
  uint32_t type;
  ze_bool_t onSubdevice;
  uint32_t subdeviceId;
} zes_engine_properties_t;

typedef struct _zes_engine_stats_t {
  uint64_t activeTime;
  uint64_t timestamp;
} zes_engine_stats_t;

typedef struct _zes_freq_properties_t {
  uint32_t stype;
  void *pNext;
  uint32_t type;
  ze_bool_t onSubdevice;
  uint32_t subdeviceId;
  ze_bool_t canControl;
  ze_bool_t isThrottleEventSupported;
  double min;
  double max;
} zes_freq_properties_t;

typedef struct _zes_freq_state_t {
  uint32_t stype;
  const void *pNext;
  double currentVoltage;
  double request;
  double tdp;
  double efficient;
  double actual;
  uint32_t throttleReasons;
} zes_freq_state_t;

typedef struct _zes_temp_properties_t {
  uint32_t stype;
  void *pNext;
  uint32_t type;
  ze_bool_t onSubdevice;
  uint32_t subdeviceId;
  double maxTemperature;
  ze_bool_t isCriticalTempSupported;
  ze_bool_t isThreshold1Supported;
  ze_bool_t isThreshold2Supported;
} zes_temp_properties_t;

typedef struct _zes_power_sustained_limit_t {
  ze_bool_t enabled;
  int32_t power;
  int32_t interval;
} zes_power_sustained_limit_t;

typedef struct _zes_power_burst_limit_t {
  ze_bool_t enabled;
  int32_t power;
} zes_power_burst_limit_t;

typedef struct _zes_power_peak_limit_t {
  int32_t powerAC;
  int32_t powerDC;
} zes_power_peak_limit_t;

typedef struct _zes_power_energy_counter_t {
  uint64_t energy;
  uint64_t timestamp;
} zes_power_energy_counter_t;

typedef struct _zes_process_state_t {
  uint32_t stype;
  const void *pNext;
  uint32_t processId;
  uint64_t memSize;
  uint64_t sharedSize;
  uint32_t engines;
} zes_process_state_t;

/* loader/ze_loader.h */
#define ZEL_COMPONENT_STRING_SIZE 64

typedef struct _zel_version {
  int major;
  int minor;
  int patch;
} zel_version_t;

typedef struct zel_component_version {
  char component_name[ZEL_COMPONENT_STRING_SIZE];
  ze_api_version_t spec_version;
  zel_version_t component_lib_version;
} zel_component_version_t;

#endif
