/**
 * Reads a child's stdout and stderr to their ends under one shared byte limit, and lets the
 * caller abandon a pipe that a process outside the child's group still holds open.
 */

export interface Collector {
  /** The bytes read, once the stream ended (or was abandoned). */
  done: Promise<Uint8Array>;
  /** Stops reading now and releases the pipe; `done` then settles with what was read. */
  abandon(): Promise<void>;
}

/** Reads `stream` to its end, counting into the shared `budget`; past `maxBytes` calls `overflow`. */
export function collect(
  stream: ReadableStream<Uint8Array>,
  budget: { bytes: number },
  maxBytes: number,
  overflow: () => void,
): Collector {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const done = (async () => {
    try {
      while (true) {
        const { done, value } = await reader.read();
        if (done) break;
        budget.bytes += value.byteLength;
        if (budget.bytes > maxBytes) {
          overflow();
          break;
        }
        chunks.push(value);
        size += value.byteLength;
      }
    } catch {
      // Cancelled or the pipe broke: what was read so far is all there is.
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return bytes;
  })();
  return {
    done,
    abandon: async () => {
      await reader.cancel().catch(() => undefined);
      await done;
    },
  };
}
