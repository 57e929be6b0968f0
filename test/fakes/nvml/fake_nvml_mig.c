/*
 * The fake NVML's MIG side, included at the end of fake_nvml.c (it uses that file's
 * helpers). In the mig scenarios GPU 0 is in MIG mode: MIG_DEVICES are its MIG devices,
 * by slot of nvmlDeviceGetMigDeviceHandleByIndex; slots MIG_SLOTS..MAX_MIG_SLOTS-1 are
 * empty (NOT_FOUND), as unconfigured slots are. A MIG device answers name, UUID, memory,
 * its instance ids and its own processes; what belongs to the parent (sensors, clocks,
 * utilisation) answers NOT_SUPPORTED. The parent's process lists hold every MIG device's
 * processes with their instance ids, as the real library's do.
 */

#define MAX_MIG_SLOTS 7
#define MIG_PARENT_ONLY                                                                        \
  (F_SERIAL | F_UTILIZATION | F_CODEC | F_TEMPERATURE | F_POWER | F_ENERGY | F_CLOCK |         \
   F_MAX_CLOCK | F_FAN | F_PSTATE | F_PCIE | F_ARCH | F_MIG | F_SAMPLES)

static const struct nvmlDevice_st MIG_DEVICES[MIG_SLOTS] = {
    {
        .name = "NVIDIA A100-SXM4-80GB MIG 3g.40gb",
        .uuid = "MIG-1a2b3c4d-5e6f-5a7b-8c9d-0e1f2a3b4c5d",
        .total = 42949672960ULL,
        .reserved = 0,
        .free_v2 = 39728447488ULL,
        .used_v2 = 3221225472ULL,
        .free_v1 = 39728447488ULL,
        .used_v1 = 3221225472ULL,
        .unsupported = MIG_PARENT_ONLY,
        .is_mig = 1,
        .mig_parent = 0,
        .gpu_instance = 1,
        .compute_instance = 0,
        .compute = {{4242, 2147483648ULL}},
        .compute_count = 1,
        .graphics_count = 0,
    },
    {
        .name = "NVIDIA A100-SXM4-80GB MIG 1g.10gb",
        .uuid = "MIG-9f8e7d6c-5b4a-5392-8170-6f5e4d3c2b1a",
        .total = 10737418240ULL,
        .reserved = 0,
        .free_v2 = 9126805504ULL,
        .used_v2 = 1610612736ULL,
        .free_v1 = 9126805504ULL,
        .used_v1 = 1610612736ULL,
        .unsupported = MIG_PARENT_ONLY,
        .is_mig = 1,
        .mig_parent = 0,
        .gpu_instance = 9,
        .compute_instance = 0,
        .compute = {{5151, 1073741824ULL}, {9090, 536870912ULL}},
        .compute_count = 2,
        .graphics_count = 0,
    },
};

static void new_mig_generation(void) {
  current_mig = malloc(sizeof MIG_DEVICES);
  if (current_mig == NULL) abort();
  memcpy(current_mig, MIG_DEVICES, sizeof MIG_DEVICES);
  if (!mig_scenario()) return;
  current[0].mig = NVML_DEVICE_MIG_ENABLE;
  current[0].unsupported |= F_UTILIZATION | F_CODEC | F_SAMPLES;
}

/* The MIG devices configured on GPU 0 in this scenario (none in mig-no-instances). */
static unsigned int configured_slots(void) {
  return mig_scenario() && scenario != MIG_NO_INSTANCES ? MIG_SLOTS : 0;
}

/*
 * A MIG-mode parent's list: every MIG device's list, each entry with its instance ids.
 * Returns 1 (and the answer in *status) when `device` is such a parent.
 */
static int mig_parent_lists(nvmlDevice_t device, int kind, unsigned int *count, void *infos,
                            size_t stride, nvmlReturn_t *status) {
  if (device_index(device) != 0 || device->mig != NVML_DEVICE_MIG_ENABLE) return 0;
  unsigned int n = 0;
  for (unsigned int slot = 0; slot < configured_slots(); slot++) {
    n += kind == 0 ? current_mig[slot].compute_count : current_mig[slot].graphics_count;
  }
  if (n > 0 && (infos == NULL || *count < n)) {
    *count = n;
    *status = NVML_ERROR_INSUFFICIENT_SIZE;
    return 1;
  }
  unsigned int written = 0;
  for (unsigned int slot = 0; slot < configured_slots(); slot++) {
    const struct nvmlDevice_st *mig = &current_mig[slot];
    const struct fake_process *list = kind == 0 ? mig->compute : mig->graphics;
    unsigned int length = kind == 0 ? mig->compute_count : mig->graphics_count;
    for (unsigned int i = 0; i < length; i++) write_entry(infos, stride, written++, &list[i], mig);
  }
  *count = written;
  *status = NVML_SUCCESS;
  return 1;
}

EXPORT nvmlReturn_t nvmlDeviceGetMaxMigDeviceCount(nvmlDevice_t device, unsigned int *count) {
  nvmlReturn_t status = gate(device, F_MIG);
  if (status != NVML_SUCCESS) return status;
  if (device->is_mig) return NVML_ERROR_INVALID_ARGUMENT;
  return get_u32(device, F_MIG, device->mig == NVML_DEVICE_MIG_ENABLE ? MAX_MIG_SLOTS : 0, count);
}

EXPORT nvmlReturn_t nvmlDeviceGetMigDeviceHandleByIndex(nvmlDevice_t device, unsigned int index,
                                                        nvmlDevice_t *migDevice) {
  nvmlReturn_t status = gate(device, F_MIG);
  if (status != NVML_SUCCESS) return status;
  if (migDevice == NULL || device->is_mig || index >= MAX_MIG_SLOTS) {
    return NVML_ERROR_INVALID_ARGUMENT;
  }
  if (device_index(device) != 0 || device->mig != NVML_DEVICE_MIG_ENABLE) {
    return NVML_ERROR_NOT_FOUND;
  }
  if (scenario == MIG_HANDLE_FAILS && index == 0) return NVML_ERROR_UNKNOWN;
  if (index >= configured_slots()) return NVML_ERROR_NOT_FOUND;
  *migDevice = &current_mig[index];
  return NVML_SUCCESS;
}

EXPORT nvmlReturn_t nvmlDeviceIsMigDeviceHandle(nvmlDevice_t device, unsigned int *isMigDevice) {
  nvmlReturn_t status = gate(device, F_IDENTITY);
  if (status != NVML_SUCCESS) return status;
  if (isMigDevice == NULL) return NVML_ERROR_INVALID_ARGUMENT;
  *isMigDevice = device->is_mig ? 1 : 0;
  return NVML_SUCCESS;
}

static nvmlReturn_t instance_id(nvmlDevice_t device, unsigned int value, unsigned int *id) {
  nvmlReturn_t status = gate(device, F_IDENTITY);
  if (status != NVML_SUCCESS) return status;
  if (id == NULL || !device->is_mig) return NVML_ERROR_INVALID_ARGUMENT;
  *id = value;
  return NVML_SUCCESS;
}

EXPORT nvmlReturn_t nvmlDeviceGetGpuInstanceId(nvmlDevice_t device, unsigned int *id) {
  return instance_id(device, device == NULL ? 0 : device->gpu_instance, id);
}

EXPORT nvmlReturn_t nvmlDeviceGetComputeInstanceId(nvmlDevice_t device, unsigned int *id) {
  return instance_id(device, device == NULL ? 0 : device->compute_instance, id);
}

EXPORT nvmlReturn_t nvmlDeviceGetDeviceHandleFromMigDeviceHandle(nvmlDevice_t migDevice,
                                                                 nvmlDevice_t *device) {
  nvmlReturn_t status = gate(migDevice, F_IDENTITY);
  if (status != NVML_SUCCESS) return status;
  if (device == NULL || !migDevice->is_mig) return NVML_ERROR_INVALID_ARGUMENT;
  *device = &current[migDevice->mig_parent];
  return NVML_SUCCESS;
}
