/**
 * Device numbers that last for a long-running session (watch, top, serve): once a device
 * (known by its PCI address, UUID or host id) has an index it keeps it, a new device gets
 * the next number never given out, and a device that disappears keeps its number reserved.
 * Without this, a backend that opens late or misses one reading would shift every index,
 * and `-i 0` or a Prometheus `index` label would start to mean another GPU.
 */
export class StableDeviceIndexes {
  /** Every key ever seen ("pci:…", "uuid:…", "host:…", "local:…") → its device's index. */
  readonly #byKey = new Map<string, number>();
  #next = 0;

  /**
   * The indexes of one reading's devices, each given as its identity keys, in the order
   * new devices should be numbered (PCI order). Two devices of one reading never share an
   * index: a clash (keys that once named one device now naming two) gives the later one a
   * new number.
   */
  assign(keysPerDevice: readonly (readonly string[])[]): number[] {
    const used = new Set<number>();
    return keysPerDevice.map((keys) => {
      let index = keys.map((key) => this.#byKey.get(key)).find((known) => known !== undefined);
      if (index === undefined || used.has(index)) index = this.#next++;
      used.add(index);
      for (const key of keys) if (!this.#byKey.has(key)) this.#byKey.set(key, index);
      return index;
    });
  }
}
