/**
 * The AMD SMI entry points this backend calls: a minimal table for `Deno.dlopen`. Types:
 * `amdsmi_status_t` and enums by value → u32, `uint64_t` by value → u64, handles (`void*`)
 * → pointer, any `T*` → buffer, `size_t` → usize.
 *
 * Required: init, shutdown and the two handle lists. A file without them is not AMD SMI and
 * is refused at load. Every getter is `optional: true`: a build without it gives null fields,
 * never a failed load. `amdsmi_get_gpu_process_info` exists only in the pid-only process-list
 * ABI of 6.0.x / 6.1.0; whether it is exported is how that ABI is told apart (the soname is
 * `.so.24` in both). Never add `rsmi_*` here, nor load librocm_smi64 beside this library:
 * libamd_smi embeds its own rocm_smi and both export the same `rsmi_*` symbols.
 */

const OPTIONAL = { optional: true } as const;

export const AMDSMI_SYMBOLS = {
  // amdsmi_status_t amdsmi_init(uint64_t init_flags);
  amdsmi_init: { parameters: ["u64"], result: "u32" },
  // amdsmi_status_t amdsmi_shut_down(void);
  amdsmi_shut_down: { parameters: [], result: "u32" },
  // amdsmi_status_t amdsmi_get_socket_handles(uint32_t *socket_count,
  //                                           amdsmi_socket_handle *socket_handles);
  amdsmi_get_socket_handles: { parameters: ["buffer", "buffer"], result: "u32" },
  // amdsmi_status_t amdsmi_get_processor_handles(amdsmi_socket_handle socket_handle,
  //     uint32_t *processor_count, amdsmi_processor_handle *processor_handles);
  amdsmi_get_processor_handles: { parameters: ["pointer", "buffer", "buffer"], result: "u32" },

  // amdsmi_status_t amdsmi_status_code_to_string(amdsmi_status_t status,
  //                                              const char **status_string);
  amdsmi_status_code_to_string: { parameters: ["u32", "buffer"], result: "u32", ...OPTIONAL },
  // amdsmi_status_t amdsmi_get_lib_version(amdsmi_version_t *version);
  amdsmi_get_lib_version: { parameters: ["buffer"], result: "u32", ...OPTIONAL },
  // amdsmi_status_t amdsmi_get_processor_type(amdsmi_processor_handle, processor_type_t *);
  amdsmi_get_processor_type: { parameters: ["pointer", "buffer"], result: "u32", ...OPTIONAL },
  // amdsmi_status_t amdsmi_get_gpu_device_bdf(amdsmi_processor_handle, amdsmi_bdf_t *bdf);
  amdsmi_get_gpu_device_bdf: { parameters: ["pointer", "buffer"], result: "u32", ...OPTIONAL },
  // amdsmi_status_t amdsmi_get_gpu_device_uuid(amdsmi_processor_handle,
  //                                            unsigned int *uuid_length, char *uuid);
  amdsmi_get_gpu_device_uuid: {
    parameters: ["pointer", "buffer", "buffer"],
    result: "u32",
    ...OPTIONAL,
  },
  // amdsmi_status_t amdsmi_get_gpu_asic_info(amdsmi_processor_handle, amdsmi_asic_info_t *);
  amdsmi_get_gpu_asic_info: { parameters: ["pointer", "buffer"], result: "u32", ...OPTIONAL },
  // amdsmi_status_t amdsmi_get_gpu_board_info(amdsmi_processor_handle, amdsmi_board_info_t *);
  amdsmi_get_gpu_board_info: { parameters: ["pointer", "buffer"], result: "u32", ...OPTIONAL },
  // amdsmi_status_t amdsmi_get_gpu_driver_info(amdsmi_processor_handle, amdsmi_driver_info_t *);
  amdsmi_get_gpu_driver_info: { parameters: ["pointer", "buffer"], result: "u32", ...OPTIONAL },
  // amdsmi_status_t amdsmi_get_gpu_activity(amdsmi_processor_handle, amdsmi_engine_usage_t *);
  amdsmi_get_gpu_activity: { parameters: ["pointer", "buffer"], result: "u32", ...OPTIONAL },
  // amdsmi_status_t amdsmi_get_gpu_memory_total(amdsmi_processor_handle,
  //                                             amdsmi_memory_type_t mem_type, uint64_t *total);
  amdsmi_get_gpu_memory_total: {
    parameters: ["pointer", "u32", "buffer"],
    result: "u32",
    ...OPTIONAL,
  },
  // amdsmi_status_t amdsmi_get_gpu_memory_usage(amdsmi_processor_handle,
  //                                             amdsmi_memory_type_t mem_type, uint64_t *used);
  amdsmi_get_gpu_memory_usage: {
    parameters: ["pointer", "u32", "buffer"],
    result: "u32",
    ...OPTIONAL,
  },
  // amdsmi_status_t amdsmi_get_gpu_vram_usage(amdsmi_processor_handle, amdsmi_vram_usage_t *);
  amdsmi_get_gpu_vram_usage: { parameters: ["pointer", "buffer"], result: "u32", ...OPTIONAL },
  // amdsmi_status_t amdsmi_get_temp_metric(amdsmi_processor_handle,
  //     amdsmi_temperature_type_t sensor_type, amdsmi_temperature_metric_t metric,
  //     int64_t *temperature);   (degrees C, despite older headers saying millidegrees)
  amdsmi_get_temp_metric: {
    parameters: ["pointer", "u32", "u32", "buffer"],
    result: "u32",
    ...OPTIONAL,
  },
  // amdsmi_status_t amdsmi_get_power_info(amdsmi_processor_handle, amdsmi_power_info_t *);
  amdsmi_get_power_info: { parameters: ["pointer", "buffer"], result: "u32", ...OPTIONAL },
  // amdsmi_status_t amdsmi_get_energy_count(amdsmi_processor_handle,
  //     uint64_t *energy_accumulator, float *counter_resolution, uint64_t *timestamp);
  amdsmi_get_energy_count: {
    parameters: ["pointer", "buffer", "buffer", "buffer"],
    result: "u32",
    ...OPTIONAL,
  },
  // amdsmi_status_t amdsmi_get_clock_info(amdsmi_processor_handle, amdsmi_clk_type_t clk_type,
  //                                       amdsmi_clk_info_t *info);
  amdsmi_get_clock_info: { parameters: ["pointer", "u32", "buffer"], result: "u32", ...OPTIONAL },
  // 6.1.1+: amdsmi_status_t amdsmi_get_gpu_process_list(amdsmi_processor_handle,
  //             uint32_t *max_processes, amdsmi_proc_info_t *list);
  // 6.0.x / 6.1.0: the same, but list is amdsmi_process_handle_t * (uint32 pids).
  amdsmi_get_gpu_process_list: {
    parameters: ["pointer", "buffer", "buffer"],
    result: "u32",
    ...OPTIONAL,
  },
  // 6.0.x / 6.1.0 only: amdsmi_status_t amdsmi_get_gpu_process_info(amdsmi_processor_handle,
  //                         amdsmi_process_handle_t process, amdsmi_proc_info_t *info);
  amdsmi_get_gpu_process_info: {
    parameters: ["pointer", "u32", "buffer"],
    result: "u32",
    ...OPTIONAL,
  },
  // Health (ROCm/amdsmi include/amd_smi/amdsmi.h, rocm-6.0.0 to amd-staging; 7.0.2 wrapper):
  // amdsmi_status_t amdsmi_get_gpu_ecc_enabled(amdsmi_processor_handle,
  //                                            uint64_t *enabled_blocks);   (a block mask)
  amdsmi_get_gpu_ecc_enabled: { parameters: ["pointer", "buffer"], result: "u32", ...OPTIONAL },
  // amdsmi_status_t amdsmi_get_gpu_total_ecc_count(amdsmi_processor_handle,
  //                                                amdsmi_error_count_t *ec);
  amdsmi_get_gpu_total_ecc_count: {
    parameters: ["pointer", "buffer"],
    result: "u32",
    ...OPTIONAL,
  },
  // amdsmi_status_t amdsmi_get_gpu_bad_page_info(amdsmi_processor_handle,
  //     uint32_t *num_pages, amdsmi_retired_page_record_t *info);
  amdsmi_get_gpu_bad_page_info: {
    parameters: ["pointer", "buffer", "buffer"],
    result: "u32",
    ...OPTIONAL,
  },
  // 6.1+: amdsmi_status_t amdsmi_get_pcie_info(amdsmi_processor_handle, amdsmi_pcie_info_t *);
  amdsmi_get_pcie_info: { parameters: ["pointer", "buffer"], result: "u32", ...OPTIONAL },
} as const satisfies Deno.ForeignLibraryInterface;

/** The loaded functions (`null` for an optional one the library does not export). */
export type AmdsmiSymbols = Deno.DynamicLibrary<typeof AMDSMI_SYMBOLS>["symbols"];

/** The getters that fill one struct for a processor handle. */
export type HandleStructGetter =
  | "amdsmi_get_gpu_asic_info"
  | "amdsmi_get_gpu_board_info"
  | "amdsmi_get_gpu_driver_info"
  | "amdsmi_get_gpu_activity"
  | "amdsmi_get_gpu_vram_usage"
  | "amdsmi_get_power_info"
  | "amdsmi_get_gpu_total_ecc_count"
  | "amdsmi_get_pcie_info";
