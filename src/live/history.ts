/**
 * The recent past of each device for the `top` charts: one fixed-size ring per metric
 * (utilization, memory used, power, temperature). The capacity follows the terminal width
 * (one column per sample, so a full-width chart is full); memory stays bounded however long
 * `top` runs: rings never grow, and a device gone from the reading takes its rings with it.
 */
import type { Device, ListedDevice, Snapshot } from "../model/types.ts";
import { RingBuffer } from "./ring_buffer.ts";

export const HISTORY_METRICS = ["utilization", "memory", "power", "temperature"] as const;
export type HistoryMetric = typeof HISTORY_METRICS[number];

/** Bounds on the samples kept per metric, whatever the terminal's width. */
export const MIN_HISTORY_SAMPLES = 16;
export const MAX_HISTORY_SAMPLES = 1000;

/** The values of one device, oldest first, null where unknown. */
export type DeviceSeries = Readonly<Record<HistoryMetric, readonly (number | null)[]>>;

/** What the frame reads from the history: pure data, so the frame stays a pure function. */
export interface HistoryView {
  /** The series of the device with this id; empty series for a device not seen. */
  seriesOf(deviceId: string): DeviceSeries;
}

function metricOf(device: Device, metric: HistoryMetric): number | null {
  switch (metric) {
    case "utilization":
      return device.utilizationPercent;
    case "memory":
      return device.memoryUsedBytes;
    case "power":
      return device.powerWatts;
    case "temperature":
      return device.temperatureCelsius;
  }
}

type Rings = Record<HistoryMetric, RingBuffer>;

export function historyCapacityFor(columns: number): number {
  return Math.min(MAX_HISTORY_SAMPLES, Math.max(MIN_HISTORY_SAMPLES, Math.floor(columns)));
}

export class History implements HistoryView {
  #capacity: number;
  #rings = new Map<string, Rings>();

  constructor(capacity: number) {
    this.#capacity = Math.max(1, Math.floor(capacity));
  }

  get capacity(): number {
    return this.#capacity;
  }

  /** The device ids held (for tests of the bound). */
  get deviceIds(): string[] {
    return [...this.#rings.keys()];
  }

  /** The rings of one device (for tests of the bound). */
  ringsOf(deviceId: string): Readonly<Rings> | undefined {
    return this.#rings.get(deviceId);
  }

  /** Keeps the newest samples in rings of a new capacity (after a resize). */
  resize(capacity: number): void {
    const next = Math.max(1, Math.floor(capacity));
    if (next === this.#capacity) return;
    this.#capacity = next;
    for (const [id, rings] of this.#rings) {
      const resized = {} as Rings;
      for (const metric of HISTORY_METRICS) resized[metric] = rings[metric].resized(next);
      this.#rings.set(id, resized);
    }
  }

  /** Forgets every sample (a replay stepped back refills it). */
  clear(): void {
    this.#rings.clear();
  }

  push(snapshot: Snapshot): void {
    const seen = new Set<string>();
    for (const device of snapshot.devices) {
      const key = historyKey(device);
      seen.add(key);
      let rings = this.#rings.get(key);
      if (rings === undefined) {
        rings = {} as Rings;
        for (const metric of HISTORY_METRICS) rings[metric] = new RingBuffer(this.#capacity);
        this.#rings.set(key, rings);
      }
      for (const metric of HISTORY_METRICS) rings[metric].push(metricOf(device, metric));
    }
    for (const id of [...this.#rings.keys()]) if (!seen.has(id)) this.#rings.delete(id);
  }

  seriesOf(deviceId: string): DeviceSeries {
    const rings = this.#rings.get(deviceId);
    return {
      utilization: rings?.utilization.last() ?? [],
      memory: rings?.memory.last() ?? [],
      power: rings?.power.last() ?? [],
      temperature: rings?.temperature.last() ?? [],
    };
  }
}

/** A device's history: by its id, and with `--hosts` its host too (ids repeat across hosts). */
export function historyKey(device: ListedDevice): string {
  return device.host === undefined ? device.id : `${device.host} ${device.id}`;
}
