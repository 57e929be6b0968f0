/**
 * The file `gputop record` writes: one JSON line per reading, gzip when the name ends in
 * `.gz`. Each line reaches the file before the next reading is taken (the gzip stream is
 * flushed after every line, so a crash loses at most the reading being written). With a
 * maximum size, once a line takes the file to it the file is closed (a gzip file gets its
 * trailer) and moved to its rotated name (`rec.jsonl` → `rec.jsonl.1`, `rec.jsonl.gz` →
 * `rec.jsonl.1.gz`, replacing an older one), and a new file begun; so every file is whole,
 * none is more than one line past the size, and the disk holds at most two files' worth.
 */

export function isGzipPath(path: string): boolean {
  return path.endsWith(".gz");
}

export function rotatedPath(path: string): string {
  return isGzipPath(path) ? `${path.slice(0, -3)}.1.gz` : `${path}.1`;
}

interface Gzip {
  writer: WritableStreamDefaultWriter<BufferSource>;
  reader: ReadableStreamDefaultReader<Uint8Array<ArrayBuffer>>;
}

export class RecordFile {
  readonly path: string;
  readonly #maxSizeBytes: number | null;
  #file: Deno.FsFile | null = null;
  #gzip: Gzip | null = null;
  #sizeBytes = 0;

  private constructor(path: string, maxSizeBytes: number | null) {
    this.path = path;
    this.#maxSizeBytes = maxSizeBytes;
  }

  /** Creates (or truncates) the file; throws the system's error when it cannot. */
  static async open(path: string, maxSizeBytes: number | null): Promise<RecordFile> {
    const file = new RecordFile(path, maxSizeBytes);
    await file.#start();
    return file;
  }

  async #start(): Promise<void> {
    this.#file = await Deno.open(this.path, { write: true, create: true, truncate: true });
    this.#sizeBytes = 0;
    if (isGzipPath(this.path)) {
      const stream = new CompressionStream("gzip");
      this.#gzip = { writer: stream.writable.getWriter(), reader: stream.readable.getReader() };
    }
  }

  /** Writes one line (ending in a newline) and flushes it to the file. */
  async writeLine(line: string): Promise<void> {
    await this.#writeAll(await this.#encode(new TextEncoder().encode(line)));
    if (this.#maxSizeBytes !== null && this.#sizeBytes >= this.#maxSizeBytes) {
      await this.#finish();
      await Deno.rename(this.path, rotatedPath(this.path));
      await this.#start();
    }
  }

  /** The bytes a line adds to the file: itself, or its gzip output flushed to a byte boundary. */
  async #encode(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
    if (this.#gzip === null) return bytes;
    // Deno's CompressionStream flushes after each chunk: one chunk in, its output out.
    void this.#gzip.writer.write(bytes);
    const { value } = await this.#gzip.reader.read();
    return value ?? new Uint8Array();
  }

  async #writeAll(bytes: Uint8Array): Promise<void> {
    let written = 0;
    while (written < bytes.length) written += await this.#file!.write(bytes.subarray(written));
    this.#sizeBytes += bytes.length;
  }

  /** Ends the gzip stream (its trailer) and closes the file. */
  async #finish(): Promise<void> {
    if (this.#gzip !== null) {
      const closing = this.#gzip.writer.close();
      for (;;) {
        const { value, done } = await this.#gzip.reader.read();
        if (done) break;
        await this.#writeAll(value);
      }
      await closing;
      this.#gzip = null;
    }
    this.#file?.close();
    this.#file = null;
  }

  async close(): Promise<void> {
    await this.#finish();
  }
}
