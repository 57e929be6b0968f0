/*
 * Prints the size and offsets of every NVML struct gputop reads, and the constants it
 * passes or compares, one "key value" per line. Built twice by layout_test.ts: against
 * the vendor's <nvml.h> (-DPROBE_VENDOR_HEADER) and against our nvml_abi.h.
 */
#ifdef PROBE_VENDOR_HEADER
#include <nvml.h>
#else
#include "nvml_abi.h"
#endif

#include "../layout_probe.h"

int main(void) {
  SIZE(nvmlReturn_t);
  SIZE(nvmlDevice_t);
  SIZE(nvmlDeviceArchitecture_t);

  SIZE(nvmlPciInfo_t);
  OFF(nvmlPciInfo_t, busIdLegacy);
  LEN(nvmlPciInfo_t, busIdLegacy);
  OFF(nvmlPciInfo_t, domain);
  OFF(nvmlPciInfo_t, bus);
  OFF(nvmlPciInfo_t, device);
  OFF(nvmlPciInfo_t, pciDeviceId);
  OFF(nvmlPciInfo_t, pciSubSystemId);
  OFF(nvmlPciInfo_t, busId);
  LEN(nvmlPciInfo_t, busId);

  SIZE(nvmlMemory_t);
  OFF(nvmlMemory_t, total);
  OFF(nvmlMemory_t, free);
  OFF(nvmlMemory_t, used);

  SIZE(nvmlMemory_v2_t);
  OFF(nvmlMemory_v2_t, version);
  OFF(nvmlMemory_v2_t, total);
  OFF(nvmlMemory_v2_t, reserved);
  OFF(nvmlMemory_v2_t, free);
  OFF(nvmlMemory_v2_t, used);

  SIZE(nvmlUtilization_t);
  OFF(nvmlUtilization_t, gpu);
  OFF(nvmlUtilization_t, memory);

  SIZE(nvmlProcessInfo_v1_t);
  OFF(nvmlProcessInfo_v1_t, pid);
  OFF(nvmlProcessInfo_v1_t, usedGpuMemory);

  SIZE(nvmlProcessInfo_v2_t);
  OFF(nvmlProcessInfo_v2_t, pid);
  OFF(nvmlProcessInfo_v2_t, usedGpuMemory);
  OFF(nvmlProcessInfo_v2_t, gpuInstanceId);
  OFF(nvmlProcessInfo_v2_t, computeInstanceId);

  SIZE(nvmlProcessInfo_t);
  OFF(nvmlProcessInfo_t, pid);
  OFF(nvmlProcessInfo_t, usedGpuMemory);
  OFF(nvmlProcessInfo_t, gpuInstanceId);
  OFF(nvmlProcessInfo_t, computeInstanceId);

#ifndef PROBE_VENDOR_HEADER
  /* Early-R535 layout: not in the 11.8 header, so only ours can be probed. */
  SIZE(gputopProcessInfoWide_t);
  OFF(gputopProcessInfoWide_t, pid);
  OFF(gputopProcessInfoWide_t, usedGpuMemory);
  OFF(gputopProcessInfoWide_t, gpuInstanceId);
  OFF(gputopProcessInfoWide_t, computeInstanceId);
  OFF(gputopProcessInfoWide_t, usedGpuCcProtectedMemory);
#endif

  SIZE(nvmlProcessUtilizationSample_t);
  OFF(nvmlProcessUtilizationSample_t, pid);
  OFF(nvmlProcessUtilizationSample_t, timeStamp);
  OFF(nvmlProcessUtilizationSample_t, smUtil);
  OFF(nvmlProcessUtilizationSample_t, memUtil);
  OFF(nvmlProcessUtilizationSample_t, encUtil);
  OFF(nvmlProcessUtilizationSample_t, decUtil);

  CONST(nvmlMemory_v2);
  printf("const.NVML_VALUE_NOT_AVAILABLE.u32 %u\n", (unsigned int)NVML_VALUE_NOT_AVAILABLE);
  printf("const.NVML_VALUE_NOT_AVAILABLE.u64 %llu\n",
         (unsigned long long)NVML_VALUE_NOT_AVAILABLE);
  CONST(NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE);
  CONST(NVML_SYSTEM_NVML_VERSION_BUFFER_SIZE);
  CONST(NVML_DEVICE_NAME_V2_BUFFER_SIZE);
  CONST(NVML_DEVICE_UUID_V2_BUFFER_SIZE);
  CONST(NVML_DEVICE_SERIAL_BUFFER_SIZE);
  CONST(NVML_DEVICE_PCI_BUS_ID_BUFFER_SIZE);
  CONST(NVML_DEVICE_PCI_BUS_ID_BUFFER_V2_SIZE);
  CONST(NVML_TEMPERATURE_GPU);
  CONST(NVML_CLOCK_GRAPHICS);
  CONST(NVML_CLOCK_MEM);
  CONST(NVML_PSTATE_15);
  CONST(NVML_PSTATE_UNKNOWN);
  CONST(NVML_DEVICE_MIG_DISABLE);
  CONST(NVML_DEVICE_MIG_ENABLE);
  CONST(NVML_DEVICE_ARCH_KEPLER);
  CONST(NVML_DEVICE_ARCH_MAXWELL);
  CONST(NVML_DEVICE_ARCH_PASCAL);
  CONST(NVML_DEVICE_ARCH_VOLTA);
  CONST(NVML_DEVICE_ARCH_TURING);
  CONST(NVML_DEVICE_ARCH_AMPERE);
  CONST(NVML_DEVICE_ARCH_ADA);
  CONST(NVML_DEVICE_ARCH_HOPPER);
  CONST(NVML_DEVICE_ARCH_UNKNOWN);

  SIZE(nvmlEnableState_t);
  SIZE(nvmlMemoryErrorType_t);
  SIZE(nvmlEccCounterType_t);
  SIZE(nvmlPageRetirementCause_t);
  CONST(NVML_FEATURE_ENABLED);
  CONST(NVML_MEMORY_ERROR_TYPE_CORRECTED);
  CONST(NVML_MEMORY_ERROR_TYPE_UNCORRECTED);
  CONST(NVML_VOLATILE_ECC);
  CONST(NVML_AGGREGATE_ECC);
  CONST(NVML_PAGE_RETIREMENT_CAUSE_MULTIPLE_SINGLE_BIT_ECC_ERRORS);
  CONST(NVML_PAGE_RETIREMENT_CAUSE_DOUBLE_BIT_ECC_ERROR);
  CONST(nvmlClocksThrottleReasonGpuIdle);
  CONST(nvmlClocksThrottleReasonApplicationsClocksSetting);
  CONST(nvmlClocksThrottleReasonSwPowerCap);
  CONST(nvmlClocksThrottleReasonHwSlowdown);
  CONST(nvmlClocksThrottleReasonSyncBoost);
  CONST(nvmlClocksThrottleReasonSwThermalSlowdown);
  CONST(nvmlClocksThrottleReasonHwThermalSlowdown);
  CONST(nvmlClocksThrottleReasonHwPowerBrakeSlowdown);
  CONST(nvmlClocksThrottleReasonDisplayClockSetting);

  SIZE(nvmlEventData_t);
  OFF(nvmlEventData_t, device);
  OFF(nvmlEventData_t, eventType);
  OFF(nvmlEventData_t, eventData);
  OFF(nvmlEventData_t, gpuInstanceId);
  OFF(nvmlEventData_t, computeInstanceId);
  CONST(nvmlEventTypeXidCriticalError);

  CONST(NVML_SUCCESS);
  CONST(NVML_ERROR_UNINITIALIZED);
  CONST(NVML_ERROR_INVALID_ARGUMENT);
  CONST(NVML_ERROR_NOT_SUPPORTED);
  CONST(NVML_ERROR_NO_PERMISSION);
  CONST(NVML_ERROR_ALREADY_INITIALIZED);
  CONST(NVML_ERROR_NOT_FOUND);
  CONST(NVML_ERROR_INSUFFICIENT_SIZE);
  CONST(NVML_ERROR_INSUFFICIENT_POWER);
  CONST(NVML_ERROR_DRIVER_NOT_LOADED);
  CONST(NVML_ERROR_TIMEOUT);
  CONST(NVML_ERROR_IRQ_ISSUE);
  CONST(NVML_ERROR_LIBRARY_NOT_FOUND);
  CONST(NVML_ERROR_FUNCTION_NOT_FOUND);
  CONST(NVML_ERROR_CORRUPTED_INFOROM);
  CONST(NVML_ERROR_GPU_IS_LOST);
  CONST(NVML_ERROR_RESET_REQUIRED);
  CONST(NVML_ERROR_OPERATING_SYSTEM);
  CONST(NVML_ERROR_LIB_RM_VERSION_MISMATCH);
  CONST(NVML_ERROR_IN_USE);
  CONST(NVML_ERROR_MEMORY);
  CONST(NVML_ERROR_NO_DATA);
  CONST(NVML_ERROR_VGPU_ECC_NOT_SUPPORTED);
  CONST(NVML_ERROR_INSUFFICIENT_RESOURCES);
  CONST(NVML_ERROR_FREQ_NOT_SUPPORTED);
  CONST(NVML_ERROR_ARGUMENT_VERSION_MISMATCH);
  CONST(NVML_ERROR_UNKNOWN);
  return 0;
}
