/*
 * Prints the size and offsets of every AMD SMI struct gputop reads, as laid out by our
 * amdsmi_abi.h for one generation (-DGPUTOP_AMDSMI_ABI=NN), or by the vendor's amdsmi.h
 * (-DPROBE_VENDOR_HEADER, where one is installed), one "key value" per line. Keys use the
 * field names of src/backends/amdsmi/types.ts. Built by layout_test.ts.
 */
#include <stddef.h>
#include <stdio.h>

#ifdef PROBE_VENDOR_HEADER
/* The vendor's header for the generation named by -DGPUTOP_AMDSMI_ABI (layout_test.ts). */
#include <amd_smi/amdsmi.h>
#define ABI GPUTOP_AMDSMI_ABI
/* Names the vendor's headers gave a field we read by another: 6.0's asic_info calls oam_id
 * xgmi_physical_id; from 6.2 amdsmi_bdf_t's bit fields are an anonymous struct. */
#if ABI == 60
#define OAM_ID xgmi_physical_id
#endif
#if ABI >= 62
#define BDF_BITS(bdf) (bdf)
#endif
#else
#include "amdsmi_abi.h"
#endif
#ifndef OAM_ID
#define OAM_ID oam_id
#endif
#ifndef BDF_BITS
#define BDF_BITS(bdf) (bdf).fields
#endif

#define SIZE(key, T) printf(key ".size %zu\n", sizeof(T))
#define OFF(key, T, f) printf(key " %zu\n", offsetof(T, f))
#define LEN(key, T, f) printf(key " %zu\n", sizeof(((T *)0)->f))

int main(void) {
  printf("handle.size %zu\n", sizeof(amdsmi_processor_handle));
  printf("processHandle.size %zu\n", sizeof(amdsmi_process_handle_t));
  printf("status.size %zu\n", sizeof(amdsmi_status_t));
  SIZE("bdf", amdsmi_bdf_t);

  SIZE("version", amdsmi_version_t);
#if ABI < 70
  OFF("version.year", amdsmi_version_t, year);
#endif
  OFF("version.major", amdsmi_version_t, major);
  OFF("version.minor", amdsmi_version_t, minor);
  OFF("version.release", amdsmi_version_t, release);
  OFF("version.build", amdsmi_version_t, build);

  SIZE("engineUsage", amdsmi_engine_usage_t);
  OFF("engineUsage.gfxActivity", amdsmi_engine_usage_t, gfx_activity);
  OFF("engineUsage.umcActivity", amdsmi_engine_usage_t, umc_activity);
  OFF("engineUsage.mmActivity", amdsmi_engine_usage_t, mm_activity);

  SIZE("vramUsage", amdsmi_vram_usage_t);
  OFF("vramUsage.vramTotal", amdsmi_vram_usage_t, vram_total);
  OFF("vramUsage.vramUsed", amdsmi_vram_usage_t, vram_used);

  SIZE("power", amdsmi_power_info_t);
#if ABI >= 64
  OFF("power.socketPower", amdsmi_power_info_t, socket_power);
#endif
  OFF("power.currentSocketPower", amdsmi_power_info_t, current_socket_power);
  OFF("power.averageSocketPower", amdsmi_power_info_t, average_socket_power);
  OFF("power.gfxVoltage", amdsmi_power_info_t, gfx_voltage);
  OFF("power.powerLimit", amdsmi_power_info_t, power_limit);

  SIZE("clock", amdsmi_clk_info_t);
#if ABI >= 62
  OFF("clock.clk", amdsmi_clk_info_t, clk);
  OFF("clock.clkLocked", amdsmi_clk_info_t, clk_locked);
#else
  OFF("clock.clk", amdsmi_clk_info_t, cur_clk);
  OFF("clock.sleepClk", amdsmi_clk_info_t, sleep_clk);
#endif
  OFF("clock.minClk", amdsmi_clk_info_t, min_clk);
  OFF("clock.maxClk", amdsmi_clk_info_t, max_clk);

  SIZE("driverInfo", amdsmi_driver_info_t);
  OFF("driverInfo.driverVersion", amdsmi_driver_info_t, driver_version);
  OFF("driverInfo.driverDate", amdsmi_driver_info_t, driver_date);
  OFF("driverInfo.driverName", amdsmi_driver_info_t, driver_name);
  LEN("driverInfo.stringLength", amdsmi_driver_info_t, driver_version);

  SIZE("procInfo", amdsmi_proc_info_t);
  OFF("procInfo.name", amdsmi_proc_info_t, name);
  LEN("procInfo.nameLength", amdsmi_proc_info_t, name);
  OFF("procInfo.pid", amdsmi_proc_info_t, pid);
  OFF("procInfo.mem", amdsmi_proc_info_t, mem);
  OFF("procInfo.engineGfx", amdsmi_proc_info_t, engine_usage.gfx);
  OFF("procInfo.engineEnc", amdsmi_proc_info_t, engine_usage.enc);
  OFF("procInfo.gttMem", amdsmi_proc_info_t, memory_usage.gtt_mem);
  OFF("procInfo.cpuMem", amdsmi_proc_info_t, memory_usage.cpu_mem);
  OFF("procInfo.vramMem", amdsmi_proc_info_t, memory_usage.vram_mem);
  OFF("procInfo.containerName", amdsmi_proc_info_t, container_name);
#if ABI >= 64
  OFF("procInfo.cuOccupancy", amdsmi_proc_info_t, cu_occupancy);
#endif
#if ABI >= 70
  OFF("procInfo.sdmaUsage", amdsmi_proc_info_t, sdma_usage);
#endif

  SIZE("asicInfo", amdsmi_asic_info_t);
  OFF("asicInfo.marketName", amdsmi_asic_info_t, market_name);
  LEN("asicInfo.marketNameLength", amdsmi_asic_info_t, market_name);
  OFF("asicInfo.vendorId", amdsmi_asic_info_t, vendor_id);
  OFF("asicInfo.vendorName", amdsmi_asic_info_t, vendor_name);
  OFF("asicInfo.subvendorId", amdsmi_asic_info_t, subvendor_id);
  OFF("asicInfo.deviceId", amdsmi_asic_info_t, device_id);
  OFF("asicInfo.revId", amdsmi_asic_info_t, rev_id);
  OFF("asicInfo.asicSerial", amdsmi_asic_info_t, asic_serial);
  LEN("asicInfo.asicSerialLength", amdsmi_asic_info_t, asic_serial);
  OFF("asicInfo.oamId", amdsmi_asic_info_t, OAM_ID);
#if ABI >= 63
  OFF("asicInfo.numOfComputeUnits", amdsmi_asic_info_t, num_of_compute_units);
  OFF("asicInfo.targetGraphicsVersion", amdsmi_asic_info_t, target_graphics_version);
#endif
#if ABI >= 70
  OFF("asicInfo.subsystemId", amdsmi_asic_info_t, subsystem_id);
#endif

  SIZE("boardInfo", amdsmi_board_info_t);
  OFF("boardInfo.modelNumber", amdsmi_board_info_t, model_number);
  OFF("boardInfo.productSerial", amdsmi_board_info_t, product_serial);
  OFF("boardInfo.fruId", amdsmi_board_info_t, fru_id);
  OFF("boardInfo.productName", amdsmi_board_info_t, product_name);
  LEN("boardInfo.productNameLength", amdsmi_board_info_t, product_name);
  OFF("boardInfo.manufacturerName", amdsmi_board_info_t, manufacturer_name);

  SIZE("errorCount", amdsmi_error_count_t);
  OFF("errorCount.correctable", amdsmi_error_count_t, correctable_count);
  OFF("errorCount.uncorrectable", amdsmi_error_count_t, uncorrectable_count);

  SIZE("retiredPage", amdsmi_retired_page_record_t);
  OFF("retiredPage.status", amdsmi_retired_page_record_t, status);
  printf("const.pageReserved %d\n", (int)AMDSMI_MEM_PAGE_STATUS_RESERVED);
  printf("const.pagePending %d\n", (int)AMDSMI_MEM_PAGE_STATUS_PENDING);
  printf("const.pageUnreservable %d\n", (int)AMDSMI_MEM_PAGE_STATUS_UNRESERVABLE);

#if ABI >= 61
  SIZE("pcieInfo", amdsmi_pcie_info_t);
  OFF("pcieInfo.maxWidth", amdsmi_pcie_info_t, pcie_static.max_pcie_width);
  LEN("pcieInfo.maxWidthBytes", amdsmi_pcie_info_t, pcie_static.max_pcie_width);
  OFF("pcieInfo.maxSpeed", amdsmi_pcie_info_t, pcie_static.max_pcie_speed);
  OFF("pcieInfo.width", amdsmi_pcie_info_t, pcie_metric.pcie_width);
  LEN("pcieInfo.widthBytes", amdsmi_pcie_info_t, pcie_metric.pcie_width);
  OFF("pcieInfo.speed", amdsmi_pcie_info_t, pcie_metric.pcie_speed);
  OFF("pcieInfo.replayCount", amdsmi_pcie_info_t, pcie_metric.pcie_replay_count);
#endif

  /* The bit layout of amdsmi_bdf_t: domain 0x1234, bus 0xc1, device 0x1f, function 5. */
  amdsmi_bdf_t bdf = {0};
  BDF_BITS(bdf).domain_number = 0x1234;
  BDF_BITS(bdf).bus_number = 0xc1;
  BDF_BITS(bdf).device_number = 0x1f;
  BDF_BITS(bdf).function_number = 5;
  printf("const.bdfExample %llu\n", (unsigned long long)bdf.as_uint);
  return 0;
}
