/**
 * The only place that touches the console. Commands get an `Io` so tests can capture
 * output and so a closed pipe (`gputop | head`) ends quietly instead of with a stack trace.
 * The live view (`top`) also needs the terminal's size, raw key input and signals
 * (resize, interrupt, terminate); those come through here too, so nothing else calls Deno's
 * console APIs.
 */
export interface TerminalSize {
  columns: number;
  rows: number;
}

/** Signals a long-running command listens for. */
export type IoSignal = "SIGINT" | "SIGTERM" | "SIGHUP" | "SIGWINCH";

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** True once a write to stdout found the reader gone (EPIPE); long-running commands stop. */
  outClosed?: () => boolean;
  /** Whether stdout is a terminal (colour, live view). */
  stdoutIsTerminal: boolean;
  env(name: string): string | undefined;
  /** Whether stdin is a terminal (the live view reads keys from it). */
  stdinIsTerminal: boolean;
  /** Columns and rows of the terminal on stdout, or null when it is not one. */
  terminalSize(): TerminalSize | null;
  /** Raw mode on stdin: keys arrive one by one, unechoed, Ctrl-C as a byte. */
  setRawMode(raw: boolean): void;
  /** Bytes typed on stdin, as they arrive; ends when stdin closes. */
  input(): AsyncIterable<Uint8Array>;
  /**
   * Calls `handler` on `signal`; returns the function that removes it. A signal the platform
   * does not have (SIGWINCH on Windows) is ignored.
   */
  onSignal(signal: IoSignal, handler: () => void): () => void;
}

const encoder = new TextEncoder();

/** Writes everything; false when the reader went away (EPIPE): there is nobody left to tell. */
function writeAll(stream: { writeSync(p: Uint8Array): number }, text: string): boolean {
  const bytes = encoder.encode(text);
  let offset = 0;
  try {
    while (offset < bytes.length) offset += stream.writeSync(bytes.subarray(offset));
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.BrokenPipe) return false;
    throw error;
  }
}

async function* readStdin(): AsyncIterable<Uint8Array> {
  const buffer = new Uint8Array(1024);
  while (true) {
    let count: number | null;
    try {
      count = await Deno.stdin.read(buffer);
    } catch {
      return;
    }
    if (count === null) return;
    yield buffer.slice(0, count);
  }
}

export function denoIo(): Io {
  let outClosed = false;
  return {
    out: (text) => {
      if (!outClosed && !writeAll(Deno.stdout, text)) outClosed = true;
    },
    outClosed: () => outClosed,
    err: (text) => writeAll(Deno.stderr, text),
    stdoutIsTerminal: Deno.stdout.isTerminal(),
    env: (name) => {
      try {
        return Deno.env.get(name);
      } catch {
        return undefined;
      }
    },
    stdinIsTerminal: Deno.stdin.isTerminal(),
    terminalSize: () => {
      try {
        return Deno.consoleSize();
      } catch {
        return null;
      }
    },
    setRawMode: (raw) => {
      try {
        Deno.stdin.setRaw(raw);
      } catch {
        // Not a terminal any more (closed): nothing to restore.
      }
    },
    input: readStdin,
    onSignal: (signal, handler) => {
      try {
        Deno.addSignalListener(signal, handler);
      } catch {
        return () => {};
      }
      return () => {
        try {
          Deno.removeSignalListener(signal, handler);
        } catch {
          // already gone
        }
      };
    },
  };
}
