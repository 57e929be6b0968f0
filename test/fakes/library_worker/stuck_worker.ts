/**
 * A stand-in for src/backends/library_worker.ts whose reads never return: it opens "ok", then
 * a read holds its thread in a loop (as a vendor call that never returns holds the real
 * worker's), so nothing after it, a close included, is ever taken.
 */
interface Scope {
  onmessage: ((event: MessageEvent<{ kind: string; id: number }>) => void) | null;
  postMessage(reply: unknown): void;
}
const scope = globalThis as unknown as Scope;

scope.onmessage = ({ data }) => {
  if (data.kind === "open") {
    const value = { status: "ok", detail: null, library: "libstuck.so", version: null };
    scope.postMessage({ id: data.id, ok: true, value });
  } else if (data.kind === "read") {
    for (;;) {
      // held, as by a call into a wedged driver
    }
  }
};
