/**
 * Keeps a vendor library's devices in the order first seen: handles are resolved again after
 * every init (the library may list them differently), and each device keeps its place by a
 * key that outlives the handle (UUID, else PCI address).
 */
export class StableOrder {
  readonly #keys: string[] = [];

  /** `found` sorted by when each key was first seen; new keys go last, in listed order. */
  sort<T extends { key: string }>(found: T[]): T[] {
    for (const { key } of found) if (!this.#keys.includes(key)) this.#keys.push(key);
    return found.sort((a, b) => this.#keys.indexOf(a.key) - this.#keys.indexOf(b.key));
  }
}
