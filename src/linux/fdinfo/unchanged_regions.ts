/**
 * Memory regions that a parse shares with the parse before it: a region whose five sizes are
 * those of the same region in the file parsed just before (a driver's `cpu` region is all
 * zeros in nearly every file, a process's clients often print the same `gtt`) becomes the
 * earlier parse's object instead of a copy of it. A full scan keeps every parse until it ends
 * (~580 B each, of which 64 per region), and the scavenges that copy what it keeps are a
 * large share of its time; a reused region is one object less to keep. Results are read only
 * (the sampler sums the sizes; nothing writes a region after its parse), so sharing one is
 * safe; the byte parser's builder never writes into a finished parse's objects.
 *
 * Drafts: the byte parser's builder fills a region into a draft (`draft`), one of a few
 * objects reused from parse to parse, and `share` turns each draft into the last parse's
 * region when the sizes are the same, else into a new copy: a region equal to the last file's
 * is then never allocated at all (allocation, not only what is kept, sets how often the
 * young generation is scavenged during a scan). No draft outlives `share`.
 */
import type { FdinfoRegionMemory } from "./parsed_fdinfo.ts";

function sameSizes(a: FdinfoRegionMemory, b: FdinfoRegionMemory): boolean {
  return a.totalBytes === b.totalBytes && a.sharedBytes === b.sharedBytes &&
    a.residentBytes === b.residentBytes && a.purgeableBytes === b.purgeableBytes &&
    a.activeBytes === b.activeBytes;
}

function copyOf(region: FdinfoRegionMemory): FdinfoRegionMemory {
  return {
    totalBytes: region.totalBytes,
    sharedBytes: region.sharedBytes,
    residentBytes: region.residentBytes,
    purgeableBytes: region.purgeableBytes,
    activeBytes: region.activeBytes,
  };
}

function emptyRegion(): FdinfoRegionMemory {
  return {
    totalBytes: null,
    sharedBytes: null,
    residentBytes: null,
    purgeableBytes: null,
    activeBytes: null,
  };
}

/** Drafts per parse at most (a file names 3–6 regions); past them, regions are made outright. */
const MAX_DRAFTS = 16;

/** The regions of the last parse; one per parser whose parses run one after another. */
export class UnchangedRegions {
  #last: Readonly<Record<string, FdinfoRegionMemory>> = {};
  readonly #drafts: FdinfoRegionMemory[] = [];
  /** Drafts handed out since the last `share`. */
  #used = 0;

  /** An empty region to fill during a parse; `share` replaces it in the parse's result. */
  draft(): FdinfoRegionMemory {
    if (this.#used === MAX_DRAFTS) return emptyRegion();
    if (this.#used === this.#drafts.length) this.#drafts.push(emptyRegion());
    const region = this.#drafts[this.#used++]!;
    region.totalBytes = region.sharedBytes = region.residentBytes = null;
    region.purgeableBytes = region.activeBytes = null;
    return region;
  }

  /** Forgets the drafts handed out (a parse that made no result: they went nowhere). */
  discardDrafts(): void {
    this.#used = 0;
  }

  /**
   * Puts the last parse's region object in `memory` (a finished parse's own record, or its
   * shared frozen empty one) wherever its sizes are the same, and a copy of each other draft;
   * then `memory` is the last.
   */
  share(memory: Record<string, FdinfoRegionMemory>): void {
    const last = this.#last;
    for (const name in memory) {
      const region = memory[name]!;
      const before = last[name];
      if (before !== undefined && before !== region && sameSizes(before, region)) {
        memory[name] = before;
      } else if (this.#isDraft(region)) {
        memory[name] = copyOf(region);
      }
    }
    this.#used = 0;
    this.#last = memory;
  }

  #isDraft(region: FdinfoRegionMemory): boolean {
    for (let i = 0; i < this.#used; i++) if (this.#drafts[i] === region) return true;
    return false;
  }
}
