/**
 * The Linux DRM backend: GPUs from `/sys/class/drm` (any driver; amdgpu, i915 and xe in
 * depth), NPUs and other compute accelerators from `/sys/class/accel` (any driver, none in
 * depth: `read_accel.ts`), and per-process memory and engine use from `/proc/<pid>/fdinfo`
 * (accel clients print the same DRM keys on their `/dev/accel/accel<N>` fds). It needs no vendor
 * library, so it is the baseline every Linux reading starts from; vendor backends add to it.
 *
 * Per sample:
 * - devices: sysfs, one DeviceReading per PCI card or SoC GPU (`read_device.ts`) and per
 *   accel device (`read_accel.ts`); device id = PCI address, or the platform device name
 *   (`fde60000.gpu`) for a SoC GPU; an accel node without a `device` link is skipped and
 *   counted in the detail;
 * - watts from two energy readings when the driver has no power file (i915, xe);
 * - processes: the fdinfo sampler's usages, placed on the devices listed here;
 * - device `engines`: per engine class, the sum over that device's processes (clamped to
 *   100). For i915/xe and SoC GPUs, which have no busy file, `utilizationPercent` is the
 *   busiest class of that map, so it is derived from clients and null until two samples
 *   give rates.
 */
import { DRM_INFO } from "./info.ts";
import { joinPath } from "../../linux/path_join.ts";
import type { BackendReading, ProcessReading } from "../../model/types.ts";
import { errorMessage } from "../../model/errors.ts";
import { readLineOrNull } from "../../linux/read_file.ts";
import {
  DrmProcessSampler,
  type DrmProcessUsage,
  type DrmSampleResult,
} from "../../linux/fdinfo/drm_process_sampler.ts";
import { scanPathOf } from "../../linux/fdinfo/choose_proc_reader.ts";
import { FDINFO_CAP_BYTES } from "../../linux/fdinfo/scan_drm_clients.ts";
import { capLabel } from "../../linux/bounded_read.ts";
import { listDrmCards } from "../../linux/sysfs/drm_cards.ts";
import { listAccelDevices } from "../../linux/sysfs/accel_devices.ts";
import type { Backend, BackendContext, BackendDescriptor, BackendOpenResult } from "../backend.ts";
import { type DrmDeviceSample, readDrmDevice } from "./read_device.ts";
import { readAccelDevice } from "./read_accel.ts";
import { noDrmDeviceResult } from "./no_device.ts";
import { ProcessReadings } from "./process_readings.ts";
import { REOPEN_FILES_HOOK } from "../../linux/keep_open_hook.ts";

/** What the backend needs from the fdinfo side; the real one walks /proc. */
export interface ProcessSampler {
  sample(): DrmSampleResult;
  /** Frees what sampling holds open (kept-open fdinfo files). */
  close?(): void;
}

interface EnergyMark {
  microjoules: bigint;
  atMs: number;
}

export class DrmBackend implements Backend {
  readonly id = "drm" as const;
  readonly #ctx: BackendContext;
  readonly #makeSampler: (ctx: BackendContext) => ProcessSampler;
  #sampler: ProcessSampler | null = null;
  #energy = new Map<string, EnergyMark>();
  /** An idle process's reading is the last sample's. */
  readonly #readings = new ProcessReadings();

  constructor(ctx: BackendContext, makeSampler: (ctx: BackendContext) => ProcessSampler) {
    this.#ctx = ctx;
    this.#makeSampler = makeSampler;
  }

  open(): Promise<BackendOpenResult> {
    const sysRoot = this.#ctx.sysRoot;
    if (listDrmCards(sysRoot).length === 0 && listAccelDevices(sysRoot).devices.length === 0) {
      return Promise.resolve(noDrmDeviceResult(this.#ctx));
    }
    const version = readLineOrNull(joinPath(this.#ctx.procRoot, "sys", "kernel", "osrelease"));
    this.#sampler = this.#makeSampler(this.#ctx);
    return Promise.resolve({ status: "ok", detail: null, library: null, version });
  }

  read(): Promise<BackendReading> {
    const timestampMs = Date.now();
    const nowMs = this.#ctx.nowMs();
    const sysRoot = this.#ctx.sysRoot;
    const samples = listDrmCards(sysRoot).map((card) => readDrmDevice(card, sysRoot));
    for (const sample of samples) this.#addPowerFromEnergy(sample, nowMs);
    const accel = listAccelDevices(sysRoot);
    const cardIds = new Set(samples.map((s) => s.reading.localId));
    for (const device of accel.devices) {
      if (!cardIds.has(device.busId)) samples.push(readAccelDevice(device));
    }

    const notes: string[] = [];
    if (accel.withoutDevice > 0) {
      notes.push(`${accel.withoutDevice} accel nodes without a device link skipped`);
    }
    let result: DrmSampleResult | null = null;
    try {
      result = this.#sampler?.sample() ?? null;
    } catch (error) {
      notes.push(`processes not read: ${errorMessage(error)}`);
    }
    const byId = new Map(samples.map((s) => [s.reading.localId, s]));
    const processes: ProcessReading[] = [];
    this.#readings.begin();
    const usagesByDevice = new Map<string, DrmProcessUsage[]>();
    let unplaced = 0;
    for (const usage of result?.usages ?? []) {
      const key = usage.deviceKey ?? usage.pciBusId;
      const device = key === null ? undefined : byId.get(key);
      if (device === undefined) {
        // A client with nothing to show (a compositor on a display-only card: DRM core
        // keys only) is not worth a note.
        if (usage.memoryByRegion !== null || usage.engines !== null) unplaced++;
        continue;
      }
      processes.push(
        this.#readings.readingOf(usage, device.reading.localId, device.integrated),
      );
      const list = usagesByDevice.get(device.reading.localId);
      if (list === undefined) usagesByDevice.set(device.reading.localId, [usage]);
      else list.push(usage);
    }
    this.#readings.end();
    for (const sample of samples) {
      addClientEngines(sample, usagesByDevice.get(sample.reading.localId) ?? []);
    }

    notes.push(...skipNotes(result, unplaced));
    return Promise.resolve({
      timestampMs,
      devices: samples.map((s) => s.reading),
      processes,
      detail: notes.length > 0 ? notes.join("; ") : null,
    });
  }

  close(): void {
    this.#sampler?.close?.();
    this.#sampler = null;
    this.#energy.clear();
  }

  /** Watts = Δenergy / Δt when the driver gives energy but no power reading (i915, xe). */
  #addPowerFromEnergy(sample: DrmDeviceSample, nowMs: number): void {
    const id = sample.reading.localId;
    const microjoules = sample.energyMicrojoules;
    if (microjoules === null) return;
    const previous = this.#energy.get(id);
    this.#energy.set(id, { microjoules, atMs: nowMs });
    const known = sample.reading.powerWatts;
    if ((known !== null && known !== undefined) || previous === undefined) return;
    const elapsedMs = nowMs - previous.atMs;
    // A counter that went backwards (driver reload, wrap) gives no figure this time.
    if (elapsedMs <= 0 || microjoules < previous.microjoules) return;
    const watts = Number(microjoules - previous.microjoules) / (elapsedMs * 1000);
    sample.reading.powerWatts = Math.round(watts * 1000) / 1000;
  }
}

/** What the sample skipped or left unknown, for the detail; unreadable processes first. */
function skipNotes(result: DrmSampleResult | null, unplaced: number): string[] {
  const notes: string[] = [];
  const unreadable = result?.unreadableProcesses ?? 0;
  if (unreadable > 0) notes.push(`${unreadable} processes not readable; run as root to see all`);
  const ignoredLines = result?.ignoredFdinfoLines ?? 0;
  if (ignoredLines > 0) {
    notes.push(`${ignoredLines} fdinfo values not usable (malformed or too large), left unknown`);
  }
  const oversize = result?.oversizeFdinfos ?? 0;
  if (oversize > 0) {
    notes.push(`${oversize} DRM fds skipped: fdinfo over ${capLabel(FDINFO_CAP_BYTES)}`);
  }
  if (unplaced > 0) notes.push(`${unplaced} process usages on devices not listed were ignored`);
  return notes;
}

/**
 * Device `engines` = per class, the sum over its processes, clamped to 100; null while no
 * process has a rate for any class. For devices without a busy counter of their own (i915,
 * xe, SoC GPUs without a devfreq `load`) the busiest class is also the device utilisation.
 */
function addClientEngines(sample: DrmDeviceSample, usages: readonly DrmProcessUsage[]): void {
  const reading = sample.reading;
  let engines: Record<string, number> | null = null;
  for (const usage of usages) {
    if (usage.engines === null) continue;
    engines ??= {};
    // for…in, not Object.entries: no array per process per sample.
    for (const name in usage.engines) {
      engines[name] = Math.min(100, (engines[name] ?? 0) + usage.engines[name]!);
    }
  }
  // A map with no class says nothing (counters that did not move): unknown, not idle.
  const values = engines === null ? [] : Object.values(engines);
  reading.engines = values.length > 0 ? engines : null;
  if (sample.utilisationFromClients) {
    reading.utilizationPercent = values.length > 0 ? Math.max(...values) : null;
    reading.utilizationSource = "processes";
  }
}

export const drmBackend: BackendDescriptor = {
  ...DRM_INFO,
  create: (ctx) =>
    new DrmBackend(
      ctx,
      (c) =>
        new DrmProcessSampler({
          procRoot: c.procRoot,
          sysRoot: c.sysRoot,
          nowMs: () => c.nowMs(),
          rescanIntervalMs: c.rescanIntervalMs,
          scan: scanPathOf(c.env("GPUTOP_SCAN")),
          // Bench and test hook only (`keep_open_hook.ts`).
          reopenFiles: c.env(REOPEN_FILES_HOOK) === "1",
        }),
    ),
};
