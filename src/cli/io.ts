/**
 * The only place that writes to the console. Commands get an `Io` so tests can capture
 * output and so a closed pipe (`gputop | head`) ends quietly instead of with a stack trace.
 */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** True once a write to stdout found the reader gone (EPIPE); long-running commands stop. */
  outClosed?: () => boolean;
  /** Whether stdout is a terminal (colour, live view). */
  stdoutIsTerminal: boolean;
  env(name: string): string | undefined;
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
  };
}
