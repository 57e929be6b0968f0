/**
 * The only place that writes to the console. Commands get an `Io` so tests can capture
 * output and so a closed pipe (`gputop | head`) ends quietly instead of with a stack trace.
 */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Whether stdout is a terminal (colour, live view). */
  stdoutIsTerminal: boolean;
  env(name: string): string | undefined;
}

const encoder = new TextEncoder();

function writeAll(stream: { writeSync(p: Uint8Array): number }, text: string): void {
  const bytes = encoder.encode(text);
  let offset = 0;
  try {
    while (offset < bytes.length) offset += stream.writeSync(bytes.subarray(offset));
  } catch (error) {
    // The reader went away (EPIPE); there is nobody left to tell.
    if (error instanceof Deno.errors.BrokenPipe) return;
    throw error;
  }
}

export function denoIo(): Io {
  return {
    out: (text) => writeAll(Deno.stdout, text),
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
