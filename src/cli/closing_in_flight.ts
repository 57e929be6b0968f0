/**
 * Session closes still waiting when a one-shot command has written its output. A one-shot
 * command prints its reading first and closes after (a vendor init still pending at the
 * deadline may take up to CLOSE_WAIT_MS more to return and be shut down): the entry point
 * awaits these before `Deno.exit`, so the output is not held back by the close and the
 * close is not cut short by the exit. Imports nothing, so start-up stays light.
 */
const inFlight = new Set<Promise<void>>();

/** Keeps the process alive (through the entry point) until `closing` settles. */
export function trackClosing(closing: Promise<void>): void {
  const tracked = closing.catch(() => undefined).finally(() => inFlight.delete(tracked));
  inFlight.add(tracked);
}

/** Resolves once every tracked close has settled. */
export async function closingDone(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}
