/*
 * The fake NVML's health side, included at the end of fake_nvml.c (it uses that file's
 * helpers). Only the healthy and sick scenarios answer these calls; every other scenario
 * answers NOT_SUPPORTED, as a consumer board does, so their readings keep health unknown.
 *
 *   GPU 0 (A100, Ampere): remapped rows; retired pages NOT_SUPPORTED (Ampere has none)
 *     healthy  ECC on; volatile 0 / 0, aggregate 12 corrected / 0 uncorrected; rows 0 / 0;
 *              reasons GpuIdle; link max gen 4 x16; 0 replays
 *     sick     ECC on; volatile 5 corrected / 2 uncorrected, aggregate 40 / 3; rows 1
 *              corrected + 2 uncorrected, remap pending, none failed; reasons SwPowerCap |
 *              HwThermalSlowdown | bit 0x400 (no name: "other"); link x8 (fake_nvml.c) of
 *              max gen 4 x16; 7 replays
 *   GPU 1 (L40S), both scenarios: the pre-Ampere path: remapped rows NOT_SUPPORTED, retired
 *     pages 1 (multiple single-bit) + 0 (double-bit), none pending; ECC on, volatile 0 / 0,
 *     aggregate NOT_SUPPORTED; reasons none; link max gen 4 x8; 0 replays
 *
 * -DFAKE_NVML_NO_EVENT_REASONS drops nvmlDeviceGetCurrentClocksEventReasons (drivers before
 * R535 export only the older ...ThrottleReasons name).
 */

struct fake_health {
  unsigned long long ecc[2][2]; /* [error type][counter type] */
  int aggregate_supported;
  int remapped_supported;
  unsigned int rows_corrected, rows_uncorrected, rows_pending, rows_failed;
  unsigned int retired[2]; /* by nvmlPageRetirementCause_t */
  unsigned long long reasons;
  unsigned int max_gen, max_width, replays;
};

static const struct fake_health HEALTHY_GPUS[2] = {
    {.ecc = {{0, 12}, {0, 0}},
     .aggregate_supported = 1,
     .remapped_supported = 1,
     .reasons = nvmlClocksThrottleReasonGpuIdle,
     .max_gen = 4,
     .max_width = 16},
    {.retired = {1, 0}, .max_gen = 4, .max_width = 8},
};

static const struct fake_health SICK_GPU0 = {
    .ecc = {{5, 40}, {2, 3}},
    .aggregate_supported = 1,
    .remapped_supported = 1,
    .rows_corrected = 1,
    .rows_uncorrected = 2,
    .rows_pending = 1,
    .reasons = nvmlClocksThrottleReasonSwPowerCap | nvmlClocksThrottleReasonHwThermalSlowdown |
               0x400ULL,
    .max_gen = 4,
    .max_width = 16,
    .replays = 7,
};

/* Calls answered, for the tests (fakeNvmlHealthCalls): 0 nvmlDeviceGetEccMode,
 * 1 nvmlDeviceGetTotalEccErrors volatile, 2 the same aggregate; since the library loaded. */
static unsigned int health_calls[3];

/* The device's health data, or NULL with *status set when the call must fail. */
static const struct fake_health *health_of(nvmlDevice_t device, nvmlReturn_t *status) {
  *status = gate(device, F_IDENTITY);
  if (*status != NVML_SUCCESS) return NULL;
  int index = device_index(device);
  if ((scenario != HEALTHY && scenario != SICK) || index < 0 || index > 1) {
    *status = NVML_ERROR_NOT_SUPPORTED;
    return NULL;
  }
  return scenario == SICK && index == 0 ? &SICK_GPU0 : &HEALTHY_GPUS[index];
}

EXPORT nvmlReturn_t nvmlDeviceGetEccMode(nvmlDevice_t device, nvmlEnableState_t *current,
                                         nvmlEnableState_t *pending) {
  nvmlReturn_t status;
  if (health_of(device, &status) == NULL) return status;
  if (current == NULL || pending == NULL) return NVML_ERROR_INVALID_ARGUMENT;
  health_calls[0]++;
  *current = NVML_FEATURE_ENABLED;
  *pending = NVML_FEATURE_ENABLED;
  return NVML_SUCCESS;
}

EXPORT nvmlReturn_t nvmlDeviceGetTotalEccErrors(nvmlDevice_t device,
                                                nvmlMemoryErrorType_t errorType,
                                                nvmlEccCounterType_t counterType,
                                                unsigned long long *eccCounts) {
  nvmlReturn_t status;
  const struct fake_health *health = health_of(device, &status);
  if (health == NULL) return status;
  if (eccCounts == NULL || (unsigned int)errorType > 1 || (unsigned int)counterType > 1) {
    return NVML_ERROR_INVALID_ARGUMENT;
  }
  health_calls[counterType == NVML_AGGREGATE_ECC ? 2 : 1]++;
  if (counterType == NVML_AGGREGATE_ECC && !health->aggregate_supported) {
    return NVML_ERROR_NOT_SUPPORTED;
  }
  *eccCounts = health->ecc[errorType][counterType];
  return NVML_SUCCESS;
}

EXPORT nvmlReturn_t nvmlDeviceGetRemappedRows(nvmlDevice_t device, unsigned int *corrRows,
                                              unsigned int *uncRows, unsigned int *isPending,
                                              unsigned int *failureOccurred) {
  nvmlReturn_t status;
  const struct fake_health *health = health_of(device, &status);
  if (health == NULL) return status;
  if (!health->remapped_supported) return NVML_ERROR_NOT_SUPPORTED;
  if (corrRows == NULL || uncRows == NULL || isPending == NULL || failureOccurred == NULL) {
    return NVML_ERROR_INVALID_ARGUMENT;
  }
  *corrRows = health->rows_corrected;
  *uncRows = health->rows_uncorrected;
  *isPending = health->rows_pending;
  *failureOccurred = health->rows_failed;
  return NVML_SUCCESS;
}

/* As the real call: pageCount in = buffer size, out = pages of that cause. */
EXPORT nvmlReturn_t nvmlDeviceGetRetiredPages(nvmlDevice_t device,
                                              nvmlPageRetirementCause_t cause,
                                              unsigned int *pageCount,
                                              unsigned long long *addresses) {
  nvmlReturn_t status;
  const struct fake_health *health = health_of(device, &status);
  if (health == NULL) return status;
  if (health->remapped_supported) return NVML_ERROR_NOT_SUPPORTED;
  if (pageCount == NULL || (unsigned int)cause > 1) return NVML_ERROR_INVALID_ARGUMENT;
  unsigned int pages = health->retired[cause];
  if (*pageCount < pages) {
    *pageCount = pages;
    return NVML_ERROR_INSUFFICIENT_SIZE;
  }
  if (pages > 0 && addresses == NULL) return NVML_ERROR_INVALID_ARGUMENT;
  for (unsigned int i = 0; i < pages; i++) addresses[i] = 0x1000ULL * (i + 1);
  *pageCount = pages;
  return NVML_SUCCESS;
}

EXPORT nvmlReturn_t nvmlDeviceGetRetiredPagesPendingStatus(nvmlDevice_t device,
                                                           nvmlEnableState_t *isPending) {
  nvmlReturn_t status;
  const struct fake_health *health = health_of(device, &status);
  if (health == NULL) return status;
  if (health->remapped_supported) return NVML_ERROR_NOT_SUPPORTED;
  if (isPending == NULL) return NVML_ERROR_INVALID_ARGUMENT;
  *isPending = NVML_FEATURE_DISABLED;
  return NVML_SUCCESS;
}

static nvmlReturn_t clock_reasons(nvmlDevice_t device, unsigned long long *reasons) {
  nvmlReturn_t status;
  const struct fake_health *health = health_of(device, &status);
  if (health == NULL) return status;
  if (reasons == NULL) return NVML_ERROR_INVALID_ARGUMENT;
  *reasons = health->reasons;
  return NVML_SUCCESS;
}

EXPORT nvmlReturn_t nvmlDeviceGetCurrentClocksThrottleReasons(nvmlDevice_t device,
                                                              unsigned long long *reasons) {
  return clock_reasons(device, reasons);
}

#if !defined(FAKE_NVML_NO_EVENT_REASONS)
EXPORT nvmlReturn_t nvmlDeviceGetCurrentClocksEventReasons(nvmlDevice_t device,
                                                           unsigned long long *reasons) {
  return clock_reasons(device, reasons);
}
#endif

static nvmlReturn_t health_u32(nvmlDevice_t device, size_t offset, unsigned int *out) {
  nvmlReturn_t status;
  const struct fake_health *health = health_of(device, &status);
  if (health == NULL) return status;
  if (out == NULL) return NVML_ERROR_INVALID_ARGUMENT;
  *out = *(const unsigned int *)((const char *)health + offset);
  return NVML_SUCCESS;
}

EXPORT nvmlReturn_t nvmlDeviceGetMaxPcieLinkGeneration(nvmlDevice_t device,
                                                       unsigned int *maxLinkGen) {
  return health_u32(device, offsetof(struct fake_health, max_gen), maxLinkGen);
}

EXPORT nvmlReturn_t nvmlDeviceGetMaxPcieLinkWidth(nvmlDevice_t device,
                                                  unsigned int *maxLinkWidth) {
  return health_u32(device, offsetof(struct fake_health, max_width), maxLinkWidth);
}

EXPORT nvmlReturn_t nvmlDeviceGetPcieReplayCounter(nvmlDevice_t device, unsigned int *value) {
  return health_u32(device, offsetof(struct fake_health, replays), value);
}

/* ---- test hook (not NVML) ------------------------------------------------------------- */

EXPORT unsigned int fakeNvmlHealthCalls(unsigned int which) {
  return which < 3 ? health_calls[which] : 0;
}
