/**
 * A snapshot source that `p` can pause: while paused it answers with the reading it last
 * took and reads no backend, so pausing stops the sampling itself, not just the drawing.
 * The same object comes back, so the history does not count it twice.
 */
import type { Snapshot } from "../model/types.ts";
import type { SnapshotSource } from "../session/sampler.ts";

export class PausableSource implements SnapshotSource {
  readonly #source: SnapshotSource;
  #last: Snapshot | null = null;
  paused = false;

  constructor(source: SnapshotSource) {
    this.#source = source;
  }

  async sample(): Promise<Snapshot> {
    if (this.paused && this.#last !== null) return this.#last;
    this.#last = await this.#source.sample();
    return this.#last;
  }

  close(): void | Promise<void> {
    return this.#source.close();
  }
}
