/**
 * NVML's event-set calls (event_symbols.ts), as xid_events.ts uses them. Each answers a
 * plain value rather than throwing: an event set is an extra, and a driver that lacks the
 * calls or refuses one only turns the Xid fields off, never fails a reading.
 */
import { NvmlReturn } from "./return_codes.ts";
import type { NvmlSymbols } from "./symbols.ts";
import { EVENT_DATA, EVENT_TYPE_XID_CRITICAL_ERROR } from "./types.ts";

/** One critical Xid event: the device's handle address and the Xid number. */
export interface XidEvent {
  device: bigint;
  xid: number;
}

/** Waits never block: a sample asks what arrived since the last one, and moves on. */
const NO_WAIT_MS = 0;

export class NvmlEventCalls {
  readonly #symbols: NvmlSymbols;
  readonly #data = new Uint8Array(EVENT_DATA.size);

  constructor(symbols: NvmlSymbols) {
    this.#symbols = symbols;
  }

  /** A new event set, or null when the driver lacks the calls or would not make one. */
  create(): Deno.PointerValue | null {
    const s = this.#symbols;
    if (!s.nvmlEventSetCreate || !s.nvmlDeviceRegisterEvents) return null;
    if (!s.nvmlEventSetWait_v2 || !s.nvmlEventSetFree) return null;
    const out = new BigUint64Array(1);
    if (s.nvmlEventSetCreate(out) !== NvmlReturn.SUCCESS || out[0] === 0n) return null;
    return Deno.UnsafePointer.create(out[0]!);
  }

  /** Registers `device` for critical Xid events on `set`; false when it refused. */
  registerXid(device: Deno.PointerValue, set: Deno.PointerValue): boolean {
    const register = this.#symbols.nvmlDeviceRegisterEvents;
    if (!register) return false;
    return register(device, EVENT_TYPE_XID_CRITICAL_ERROR, set) === NvmlReturn.SUCCESS;
  }

  /**
   * The next event waiting on `set`: an Xid event, "other" for another type, or null when
   * none is waiting (TIMEOUT) or the wait failed.
   */
  next(set: Deno.PointerValue): XidEvent | "other" | null {
    const wait = this.#symbols.nvmlEventSetWait_v2;
    if (!wait || wait(set, this.#data, NO_WAIT_MS) !== NvmlReturn.SUCCESS) return null;
    const view = new DataView(this.#data.buffer);
    const type = view.getBigUint64(EVENT_DATA.eventType, true);
    if ((type & EVENT_TYPE_XID_CRITICAL_ERROR) === 0n) return "other";
    return {
      device: view.getBigUint64(EVENT_DATA.device, true),
      xid: Number(view.getBigUint64(EVENT_DATA.eventData, true)),
    };
  }

  free(set: Deno.PointerValue): void {
    this.#symbols.nvmlEventSetFree?.(set);
  }
}
