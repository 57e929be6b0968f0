/*
 * Prints the size and offsets of every Level Zero struct gputop reads or writes, and the
 * constants it passes or compares, one "key value" per line. Built twice by
 * test/backends/level-zero/layout_test.ts: against the vendor's <level_zero/ze_api.h> and
 * <level_zero/zes_api.h> (-DPROBE_VENDOR_HEADER) and against our ze_abi.h.
 */
#ifdef PROBE_VENDOR_HEADER
#include <level_zero/ze_api.h>
#include <level_zero/zes_api.h>
#include <level_zero/loader/ze_loader.h>
#else
#include "ze_abi.h"
#endif

#include "../layout_probe.h"

int main(void) {
  SIZE(ze_result_t);
  SIZE(ze_bool_t);
  SIZE(ze_device_handle_t);

  SIZE(zes_device_properties_t);
  OFF(zes_device_properties_t, stype);
  OFF(zes_device_properties_t, pNext);
  OFF(zes_device_properties_t, core);
  OFF(zes_device_properties_t, core.stype);
  OFF(zes_device_properties_t, core.pNext);
  OFF(zes_device_properties_t, core.vendorId);
  OFF(zes_device_properties_t, core.deviceId);
  OFF(zes_device_properties_t, core.flags);
  OFF(zes_device_properties_t, core.uuid);
  OFF(zes_device_properties_t, core.name);
  LEN(zes_device_properties_t, core.uuid);
  LEN(zes_device_properties_t, core.name);
  OFF(zes_device_properties_t, numSubdevices);
  OFF(zes_device_properties_t, serialNumber);
  OFF(zes_device_properties_t, modelName);
  OFF(zes_device_properties_t, driverVersion);
  LEN(zes_device_properties_t, serialNumber);
  LEN(zes_device_properties_t, driverVersion);
  SIZE(ze_device_properties_t);

  SIZE(zes_pci_properties_t);
  OFF(zes_pci_properties_t, address.domain);
  OFF(zes_pci_properties_t, address.bus);
  OFF(zes_pci_properties_t, address.device);
  OFF(zes_pci_properties_t, address.function);
  OFF(zes_pci_properties_t, maxSpeed.gen);
  OFF(zes_pci_properties_t, maxSpeed.width);
  OFF(zes_pci_properties_t, haveReplayCounters);
  SIZE(zes_pci_state_t);
  OFF(zes_pci_state_t, speed.gen);
  OFF(zes_pci_state_t, speed.width);
  SIZE(zes_pci_stats_t);
  OFF(zes_pci_stats_t, replayCounter);
  SIZE(zes_ras_properties_t);
  OFF(zes_ras_properties_t, type);
  OFF(zes_ras_properties_t, onSubdevice);
  SIZE(zes_ras_state_t);
  OFF(zes_ras_state_t, category);
  LEN(zes_ras_state_t, category);

  SIZE(zes_mem_properties_t);
  OFF(zes_mem_properties_t, location);
  OFF(zes_mem_properties_t, physicalSize);
  SIZE(zes_mem_state_t);
  OFF(zes_mem_state_t, pNext);
  OFF(zes_mem_state_t, free);
  OFF(zes_mem_state_t, health);
  /* The member named `size` (allocatable bytes), not to be confused with sizeof. */
  printf("zes_mem_state_t.field.size %zu\n", offsetof(zes_mem_state_t, size));

  SIZE(zes_engine_properties_t);
  OFF(zes_engine_properties_t, type);
  OFF(zes_engine_properties_t, onSubdevice);
  OFF(zes_engine_properties_t, subdeviceId);
  SIZE(zes_engine_stats_t);
  OFF(zes_engine_stats_t, activeTime);
  OFF(zes_engine_stats_t, timestamp);

  SIZE(zes_freq_properties_t);
  OFF(zes_freq_properties_t, type);
  OFF(zes_freq_properties_t, onSubdevice);
  OFF(zes_freq_properties_t, min);
  OFF(zes_freq_properties_t, max);
  SIZE(zes_freq_state_t);
  OFF(zes_freq_state_t, actual);
  OFF(zes_freq_state_t, throttleReasons);

  SIZE(zes_temp_properties_t);
  OFF(zes_temp_properties_t, type);
  OFF(zes_temp_properties_t, onSubdevice);

  SIZE(zes_power_sustained_limit_t);
  OFF(zes_power_sustained_limit_t, enabled);
  OFF(zes_power_sustained_limit_t, power);
  SIZE(zes_power_energy_counter_t);
  OFF(zes_power_energy_counter_t, energy);
  OFF(zes_power_energy_counter_t, timestamp);

  SIZE(zes_process_state_t);
  OFF(zes_process_state_t, processId);
  OFF(zes_process_state_t, memSize);
  OFF(zes_process_state_t, sharedSize);
  OFF(zes_process_state_t, engines);

  SIZE(zel_component_version_t);
  OFF(zel_component_version_t, component_name);
  LEN(zel_component_version_t, component_name);
  OFF(zel_component_version_t, spec_version);
  OFF(zel_component_version_t, component_lib_version.major);
  OFF(zel_component_version_t, component_lib_version.minor);
  OFF(zel_component_version_t, component_lib_version.patch);

  CONST(ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES);
  CONST(ZES_STRUCTURE_TYPE_DEVICE_PROPERTIES);
  CONST(ZES_STRUCTURE_TYPE_PCI_PROPERTIES);
  CONST(ZES_STRUCTURE_TYPE_ENGINE_PROPERTIES);
  CONST(ZES_STRUCTURE_TYPE_FREQ_PROPERTIES);
  CONST(ZES_STRUCTURE_TYPE_MEM_PROPERTIES);
  CONST(ZES_STRUCTURE_TYPE_TEMP_PROPERTIES);
  CONST(ZES_STRUCTURE_TYPE_PROCESS_STATE);
  CONST(ZES_STRUCTURE_TYPE_FREQ_STATE);
  CONST(ZES_STRUCTURE_TYPE_MEM_STATE);
  CONST(ZES_STRUCTURE_TYPE_RAS_PROPERTIES);
  CONST(ZES_STRUCTURE_TYPE_PCI_STATE);
  CONST(ZES_STRUCTURE_TYPE_RAS_STATE);
  CONST(ZES_MEM_HEALTH_UNKNOWN);
  CONST(ZES_MEM_HEALTH_CRITICAL);
  CONST(ZES_MEM_HEALTH_REPLACE);
  CONST(ZES_RAS_ERROR_TYPE_CORRECTABLE);
  CONST(ZES_RAS_ERROR_TYPE_UNCORRECTABLE);
  CONST(ZES_FREQ_THROTTLE_REASON_FLAG_AVE_PWR_CAP);
  CONST(ZES_FREQ_THROTTLE_REASON_FLAG_BURST_PWR_CAP);
  CONST(ZES_FREQ_THROTTLE_REASON_FLAG_CURRENT_LIMIT);
  CONST(ZES_FREQ_THROTTLE_REASON_FLAG_THERMAL_LIMIT);
  CONST(ZES_FREQ_THROTTLE_REASON_FLAG_PSU_ALERT);
  CONST(ZES_FREQ_THROTTLE_REASON_FLAG_SW_RANGE);
  CONST(ZES_FREQ_THROTTLE_REASON_FLAG_HW_RANGE);
  CONST(ZE_DEVICE_PROPERTY_FLAG_INTEGRATED);
  CONST(ZES_ENGINE_GROUP_ALL);
  CONST(ZES_ENGINE_GROUP_COMPUTE_ALL);
  CONST(ZES_ENGINE_GROUP_MEDIA_ALL);
  CONST(ZES_ENGINE_GROUP_COPY_ALL);
  CONST(ZES_ENGINE_GROUP_3D_RENDER_COMPUTE_ALL);
  CONST(ZES_ENGINE_GROUP_RENDER_ALL);
  CONST(ZES_ENGINE_GROUP_3D_ALL);
  CONST(ZES_ENGINE_TYPE_FLAG_OTHER);
  CONST(ZES_ENGINE_TYPE_FLAG_COMPUTE);
  CONST(ZES_ENGINE_TYPE_FLAG_3D);
  CONST(ZES_ENGINE_TYPE_FLAG_MEDIA);
  CONST(ZES_ENGINE_TYPE_FLAG_DMA);
  CONST(ZES_ENGINE_TYPE_FLAG_RENDER);
  CONST(ZES_FREQ_DOMAIN_GPU);
  CONST(ZES_FREQ_DOMAIN_MEMORY);
  CONST(ZES_TEMP_SENSORS_GLOBAL);
  CONST(ZES_TEMP_SENSORS_GPU);
  CONST(ZES_TEMP_SENSORS_MEMORY);
  CONST(ZES_MEM_LOC_DEVICE);
  CONST(ZE_RESULT_ERROR_UNINITIALIZED);
  CONST(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE);
  CONST(ZE_RESULT_ERROR_INVALID_SIZE);
  CONST(ZE_RESULT_ERROR_DEVICE_LOST);
  CONST(ZE_RESULT_ERROR_DEPENDENCY_UNAVAILABLE);
  CONST(ZE_RESULT_ERROR_NOT_AVAILABLE);
  return 0;
}
