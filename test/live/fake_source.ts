/**
 * A stand-in for a session: counts readings and closes, and lets a test hold a reading
 * pending (`hold()`) to prove nothing waits on it.
 */
import type { SnapshotSource } from "../../src/session/sampler.ts";
import type { Snapshot } from "../../src/model/types.ts";
import { makeSnapshot } from "../render/snapshot_builder.ts";

export class FakeSource implements SnapshotSource {
  samples = 0;
  closes = 0;
  #held: { promise: Promise<void>; release: () => void } | null = null;

  constructor(readonly make: (n: number) => Snapshot = () => makeSnapshot()) {}

  /** Readings from now on wait until `release()`. */
  hold(): () => void {
    let release = () => {};
    const promise = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.#held = { promise, release };
    return () => {
      this.#held = null;
      release();
    };
  }

  async sample(): Promise<Snapshot> {
    this.samples++;
    const n = this.samples;
    if (this.#held) await this.#held.promise;
    return this.make(n);
  }

  close(): void {
    this.closes++;
  }
}

export const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));
