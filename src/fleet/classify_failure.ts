/**
 * Why a host could not be read, in the words of `hosts[].status` and a short `detail`. Deno's
 * fetch reports connection failures as a TypeError whose message carries the OS or TLS error
 * ("tcp connect error: Connection refused (os error 111)", "invalid peer certificate:
 * UnknownIssuer", "failed to lookup address information"); only those words are read here.
 */
import { errorMessage } from "../model/errors.ts";
import type { HostStatus } from "../model/types.ts";

export interface HostFailure {
  status: HostStatus;
  detail: string;
}

/** A failure before any answer came: no connection, no TLS, no such host. */
export function connectFailure(error: unknown): HostFailure {
  const message = causeChain(error);
  if (/refused/i.test(message)) return { status: "refused", detail: "connection refused" };
  if (/certificate|tls|ssl|handshake/i.test(message)) {
    return { status: "refused", detail: `TLS: ${shortCause(message)} (see --host-ca)` };
  }
  if (/lookup|resolve|dns|name or service/i.test(message)) {
    return { status: "refused", detail: "host name not found" };
  }
  return { status: "refused", detail: shortCause(message) };
}

/** `timeoutMs` as the user wrote it, roughly: `3s`, `250ms`. */
export function timeoutFailure(timeoutMs: number): HostFailure {
  const shown = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000}s` : `${timeoutMs}ms`;
  return { status: "timeout", detail: `no answer within ${shown}` };
}

/** The error's message and its causes' ("fetch failed" alone says nothing), innermost last. */
function causeChain(error: unknown): string {
  const messages: string[] = [];
  for (let e = error, depth = 0; e !== undefined && e !== null && depth < 5; depth++) {
    messages.push(errorMessage(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  return messages.join(": ");
}

/** The innermost clause of a fetch error, e.g. "Connection reset by peer (os error 104)". */
function shortCause(message: string): string {
  const last = message.split(/: /).at(-1)?.trim() ?? message;
  return last.length > 100 ? `${last.slice(0, 99)}…` : last;
}
