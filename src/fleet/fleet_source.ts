/**
 * `top --hosts`: a snapshot source (what `top`'s sampler reads) over the hosts. Each sample asks
 * every host that has no request in flight, waits for the answers at most `waitMs`, and returns
 * what has arrived: a host still answering keeps its last reading, with how old it is in its
 * `hosts` entry's detail, so one slow host never holds the screen back; a host whose request
 * failed shows its status and no devices until it answers again.
 */
import type { HostEntry, Snapshot } from "../model/types.ts";
import type { HostTarget } from "./host_target.ts";
import { mergeHostReadings } from "./merge_hosts.ts";
import { type HostReading, readHost, type ReadHostOptions } from "./read_host.ts";

interface HostState {
  target: HostTarget;
  /** The last finished request's reading, and when it finished (ms since the epoch). */
  last: HostReading | null;
  lastAtMs: number;
  inFlight: Promise<void> | null;
}

export class FleetSource {
  readonly #states: HostState[];
  readonly #options: ReadHostOptions;
  readonly #waitMs: number;
  readonly #ids: readonly string[] | null;
  readonly #onClose: () => void;

  constructor(
    targets: readonly HostTarget[],
    options: ReadHostOptions & {
      waitMs: number;
      ids: readonly string[] | null;
      onClose?: () => void;
    },
  ) {
    this.#states = targets.map((target) => ({ target, last: null, lastAtMs: 0, inFlight: null }));
    this.#options = options;
    this.#waitMs = options.waitMs;
    this.#ids = options.ids;
    this.#onClose = options.onClose ?? (() => {});
  }

  async sample(): Promise<Snapshot> {
    for (const state of this.#states) {
      state.inFlight ??= readHost(state.target, this.#options).then((reading) => {
        state.last = reading;
        state.lastAtMs = Date.now();
        state.inFlight = null;
      });
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => timer = setTimeout(resolve, this.#waitMs));
    const pending = this.#states.flatMap((s) => (s.inFlight === null ? [] : [s.inFlight]));
    await Promise.race([Promise.all(pending), waited]);
    clearTimeout(timer);
    return this.#compose(Date.now());
  }

  close(): void {
    this.#onClose();
  }

  #compose(nowMs: number): Snapshot {
    const readings = this.#states.map((state): HostReading => {
      const { last, target } = state;
      if (last === null) {
        return {
          entry: { host: target.host, status: "timeout", detail: "no answer yet" },
          snapshot: null,
        };
      }
      if (state.inFlight === null || last.snapshot === null) return last;
      const ageS = Math.round((nowMs - state.lastAtMs) / 1000);
      const entry: HostEntry = { ...last.entry, detail: `waiting; reading from ${ageS}s ago` };
      return { entry, snapshot: last.snapshot };
    });
    return mergeHostReadings(readings, this.#ids, new Date(nowMs).toISOString()).snapshot;
  }
}
