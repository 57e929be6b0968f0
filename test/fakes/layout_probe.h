/*
 * The printers the NVML and Level Zero layout probes share: one "key value" line each, read
 * by the layout tests (probeLines in c_library.ts). Keys are the C names, so a vendor build
 * and a build against our own header print the same keys.
 */
#ifndef GPUTOP_LAYOUT_PROBE_H
#define GPUTOP_LAYOUT_PROBE_H

#include <stddef.h>
#include <stdio.h>

#define SIZE(T) printf(#T ".size %zu\n", sizeof(T))
#define OFF(T, f) printf(#T "." #f " %zu\n", offsetof(T, f))
#define LEN(T, f) printf(#T "." #f ".length %zu\n", sizeof(((T *)0)->f))
#define CONST(c) printf("const." #c " %llu\n", (unsigned long long)(c))

#endif
