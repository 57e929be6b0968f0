/**
 * Critical Xid events in live modes (watch, top, serve). The event set lives with the
 * library lifetime: made after each init, freed before each shutdown; the devices of an
 * epoch are registered as they are listed. Each sample drains what arrived without waiting.
 * Counts are kept by device key (UUID), so they survive a lazy re-init's new handles.
 */
import type { DeviceReading } from "../../model/types.ts";
import type { NvmlEventCalls } from "./event_calls.ts";

/** Bounds one sample's drain, should a driver keep answering SUCCESS. */
const MAX_EVENTS_PER_SAMPLE = 256;

interface XidCount {
  total: number;
  last: number | null;
}

export class XidEventWatch {
  #set: Deno.PointerValue | null = null;
  /** This epoch's registered handles, by address → device key. */
  #registered = new Map<bigint, string>();
  /** Every device ever registered, across epochs. */
  readonly #counts = new Map<string, XidCount>();

  /** After an init: a fresh set (null, so the feature off, when the driver has none). */
  start(calls: NvmlEventCalls): void {
    this.#registered.clear();
    this.#set = calls.create();
  }

  /** Before a shutdown: the set is freed, its handles forgotten. */
  stop(calls: NvmlEventCalls): void {
    if (this.#set !== null) calls.free(this.#set);
    this.#set = null;
    this.#registered.clear();
  }

  /** Registers one listed device; a device that refuses keeps its fields null. */
  register(calls: NvmlEventCalls, handle: Deno.PointerValue, key: string): void {
    if (this.#set === null || handle === null) return;
    if (!calls.registerXid(handle, this.#set)) return;
    this.#registered.set(BigInt(Deno.UnsafePointer.value(handle)), key);
    if (!this.#counts.has(key)) this.#counts.set(key, { total: 0, last: null });
  }

  /** Counts every event that arrived since the last sample. */
  drain(calls: NvmlEventCalls): void {
    if (this.#set === null) return;
    for (let i = 0; i < MAX_EVENTS_PER_SAMPLE; i++) {
      const event = calls.next(this.#set);
      if (event === null) return;
      if (event === "other") continue;
      const key = this.#registered.get(event.device);
      const count = key === undefined ? undefined : this.#counts.get(key);
      if (count === undefined) continue;
      count.total++;
      count.last = event.xid;
    }
  }

  /** Sets the Xid fields of a device that was ever registered. */
  apply(reading: DeviceReading, key: string): void {
    const count = this.#counts.get(key);
    if (count === undefined) return;
    reading.xidEventsTotal = count.total;
    reading.lastXid = count.last;
  }
}
