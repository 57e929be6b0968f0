/**
 * An `Io` for the live view's tests: a terminal of a chosen size, keys pushed by the test,
 * signals raised by the test, and every write and raw-mode change recorded.
 */
import type { Io, IoSignal, TerminalSize } from "../../src/platform/io.ts";

export class FakeTerminalIo implements Io {
  output = "";
  errors = "";
  rawModes: boolean[] = [];
  stdoutIsTerminal = true;
  stdinIsTerminal = true;
  size: TerminalSize = { columns: 80, rows: 24 };
  readonly #handlers = new Map<IoSignal, Set<() => void>>();
  readonly #keys: string[] = [];
  #wake: (() => void) | null = null;
  #closed = false;

  out(text: string): void {
    this.output += text;
  }
  err(text: string): void {
    this.errors += text;
  }
  env(_name: string): string | undefined {
    return undefined;
  }
  terminalSize(): TerminalSize {
    return this.size;
  }
  setRawMode(raw: boolean): void {
    this.rawModes.push(raw);
  }
  async *input(): AsyncIterable<Uint8Array> {
    const encoder = new TextEncoder();
    while (true) {
      const key = this.#keys.shift();
      if (key !== undefined) {
        yield encoder.encode(key);
        continue;
      }
      if (this.#closed) return;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
  }
  onSignal(signal: IoSignal, handler: () => void): () => void {
    const set = this.#handlers.get(signal) ?? new Set();
    set.add(handler);
    this.#handlers.set(signal, set);
    return () => set.delete(handler);
  }

  /** Types `text` as if on the keyboard. */
  press(text: string): void {
    this.#keys.push(text);
    this.#wake?.();
  }
  closeInput(): void {
    this.#closed = true;
    this.#wake?.();
  }
  raise(signal: IoSignal): void {
    for (const handler of this.#handlers.get(signal) ?? []) handler();
  }
  listenerCount(): number {
    return [...this.#handlers.values()].reduce((sum, set) => sum + set.size, 0);
  }
}
