/** A child process's output stream, decoded as it comes and kept whole. */
export class StreamText {
  /** Everything read so far. */
  text = "";
  readonly #reader: ReadableStreamDefaultReader<string>;

  constructor(stream: ReadableStream<Uint8Array>) {
    this.#reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  }

  /** Reads the next chunk into `text`; false once the stream has closed. */
  async more(): Promise<boolean> {
    const { value, done } = await this.#reader.read();
    if (done) return false;
    this.text += value;
    return true;
  }

  /** Reads until the stream closes; all of its text. */
  async rest(): Promise<string> {
    while (await this.more()) {
      // each chunk is added to `text`
    }
    return this.text;
  }

  /** Stops reading and closes the read end, as `head` does when it has had enough. */
  cancel(): Promise<void> {
    return this.#reader.cancel();
  }
}
