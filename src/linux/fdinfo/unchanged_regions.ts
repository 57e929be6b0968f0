/**
 * Memory regions that a parse shares with the parse before it: a region whose five sizes are
 * those of the same region in the file parsed just before (a driver's `cpu` region is all
 * zeros in nearly every file, a process's clients often print the same `gtt`) becomes the
 * earlier parse's object instead of a copy of it. A full scan keeps every parse until it ends
 * (~580 B each, of which 64 per region), and the scavenges that copy what it keeps are a
 * large share of its time; a reused region is one object less to keep. Results are read only
 * (the sampler sums the sizes; nothing writes a region after its parse), so sharing one is
 * safe; the byte parser's builder never writes into a finished parse's objects.
 */
import type { FdinfoRegionMemory } from "./parsed_fdinfo.ts";

function sameSizes(a: FdinfoRegionMemory, b: FdinfoRegionMemory): boolean {
  return a.totalBytes === b.totalBytes && a.sharedBytes === b.sharedBytes &&
    a.residentBytes === b.residentBytes && a.purgeableBytes === b.purgeableBytes &&
    a.activeBytes === b.activeBytes;
}

/** The regions of the last parse; one per parser whose parses run one after another. */
export class UnchangedRegions {
  #last: Readonly<Record<string, FdinfoRegionMemory>> = {};

  /**
   * Puts the last parse's region object in `memory` (a finished parse's own record, or its
   * shared frozen empty one) wherever its sizes are the same; then `memory` is the last.
   */
  share(memory: Record<string, FdinfoRegionMemory>): void {
    const last = this.#last;
    for (const name in memory) {
      const before = last[name];
      if (before !== undefined && before !== memory[name] && sameSizes(before, memory[name]!)) {
        memory[name] = before;
      }
    }
    this.#last = memory;
  }
}
