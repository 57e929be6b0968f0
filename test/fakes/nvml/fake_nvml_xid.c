/*
 * The fake NVML's event side, included at the end of fake_nvml.c (it uses that file's
 * helpers). Every scenario answers the event calls; only "xid" has events to give:
 * at the third nvmlEventSetWait_v2 call on any set (watch's second line: it reads once
 * before its first), two critical Xid 79 events (GPU fallen off the bus) are queued on
 * GPU 0 of that set, if GPU 0 is registered there.
 * With no event queued a wait answers NVML_ERROR_TIMEOUT at once, whatever the timeout.
 * A set made before the last full shutdown is refused (UNINITIALIZED), so a lazy re-init
 * that kept its old set would see nothing.
 * -DFAKE_NVML_NO_EVENTS drops the four event symbols (a driver without them).
 */
#ifndef FAKE_NVML_NO_EVENTS

#define XID_FALLEN_OFF_BUS 79ULL
#define XID_QUEUE 8
/* watch reads once before its first line: the third wait is the second line's sample. */
#define XID_AT_WAIT 2

/* Waits on any set since the library loaded: a lazy re-init's new set carries on the count. */
static unsigned int event_waits = 0;

struct nvmlEventSet_st {
  /* The generation it was made in: a set from before a full shutdown is refused. */
  struct nvmlDevice_st *generation;
  unsigned long long registered[2]; /* event types by GPU index */
  nvmlEventData_t queue[XID_QUEUE];
  unsigned int queued;
};

EXPORT nvmlReturn_t nvmlEventSetCreate(nvmlEventSet_t *set) {
  if (refcount <= 0) return NVML_ERROR_UNINITIALIZED;
  if (set == NULL) return NVML_ERROR_INVALID_ARGUMENT;
  *set = calloc(1, sizeof **set);
  if (*set == NULL) return NVML_ERROR_UNKNOWN;
  (*set)->generation = current;
  return NVML_SUCCESS;
}

EXPORT nvmlReturn_t nvmlDeviceRegisterEvents(nvmlDevice_t device, unsigned long long types,
                                             nvmlEventSet_t set) {
  int index = device_index(device);
  if (set == NULL || index < 0 || index > 1) return NVML_ERROR_INVALID_ARGUMENT;
  if (set->generation != current) return NVML_ERROR_UNINITIALIZED;
  set->registered[index] |= types;
  return NVML_SUCCESS;
}

static void queue_xid(nvmlEventSet_t set, int index, unsigned long long xid) {
  if (set->queued >= XID_QUEUE || !(set->registered[index] & nvmlEventTypeXidCriticalError)) {
    return;
  }
  nvmlEventData_t *event = &set->queue[set->queued++];
  event->device = &current[index];
  event->eventType = nvmlEventTypeXidCriticalError;
  event->eventData = xid;
  event->gpuInstanceId = 0xFFFFFFFFU;
  event->computeInstanceId = 0xFFFFFFFFU;
}

EXPORT nvmlReturn_t nvmlEventSetWait_v2(nvmlEventSet_t set, nvmlEventData_t *data,
                                        unsigned int timeoutms) {
  (void)timeoutms;
  if (set == NULL || data == NULL) return NVML_ERROR_INVALID_ARGUMENT;
  if (set->generation != current) return NVML_ERROR_UNINITIALIZED;
  if (event_waits++ == XID_AT_WAIT && scenario == XID) {
    queue_xid(set, 0, XID_FALLEN_OFF_BUS);
    queue_xid(set, 0, XID_FALLEN_OFF_BUS);
  }
  if (set->queued == 0) return NVML_ERROR_TIMEOUT;
  *data = set->queue[0];
  set->queued--;
  memmove(&set->queue[0], &set->queue[1], set->queued * sizeof set->queue[0]);
  return NVML_SUCCESS;
}

EXPORT nvmlReturn_t nvmlEventSetFree(nvmlEventSet_t set) {
  if (set == NULL) return NVML_ERROR_INVALID_ARGUMENT;
  free(set);
  return NVML_SUCCESS;
}

#endif
