/**
 * A fixed-size ring of numbers (null for unknown): pushing past the capacity drops the oldest,
 * so a day of samples takes the same memory as a minute. Unknown is stored as NaN in the
 * typed array and read back as null, never 0.
 */
export class RingBuffer {
  readonly capacity: number;
  readonly #values: Float64Array;
  #next = 0;
  #length = 0;

  constructor(capacity: number) {
    this.capacity = Math.max(1, Math.floor(capacity));
    this.#values = new Float64Array(this.capacity);
  }

  get length(): number {
    return this.#length;
  }

  push(value: number | null): void {
    this.#values[this.#next] = value === null || !Number.isFinite(value) ? NaN : value;
    this.#next = (this.#next + 1) % this.capacity;
    this.#length = Math.min(this.capacity, this.#length + 1);
  }

  /** The newest `count` values (all by default), oldest first. */
  last(count = this.#length): (number | null)[] {
    const n = Math.min(Math.max(0, count), this.#length);
    const out: (number | null)[] = [];
    for (let i = n; i >= 1; i--) {
      const value = this.#values[(this.#next - i + this.capacity) % this.capacity]!;
      out.push(Number.isNaN(value) ? null : value);
    }
    return out;
  }

  /** A ring of another capacity holding the newest values of this one. */
  resized(capacity: number): RingBuffer {
    const ring = new RingBuffer(capacity);
    for (const value of this.last(ring.capacity)) ring.push(value);
    return ring;
  }
}
