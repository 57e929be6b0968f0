/**
 * `--listen HOST:PORT` (also `[::1]:PORT`, `:PORT` for the default host, or a bare PORT).
 * The default host is loopback; binding any other address is the user's explicit choice. So
 * `:PORT` is loopback too, although many Go and Prometheus tools read it as every interface:
 * an exporter reachable from the network must be asked for by name (`0.0.0.0:PORT`, `[::]:PORT`).
 */
import { UsageError } from "../platform/usage_error.ts";

export const DEFAULT_LISTEN_HOST = "127.0.0.1";
/**
 * Not 9400 (dcgm-exporter), 9835 (nvidia_gpu_exporter) or 9445 (nvidia_smi_exporter), the
 * GPU exporters a host is likely to run already.
 */
export const DEFAULT_LISTEN_PORT = 9757;

export interface ListenAddress {
  hostname: string;
  port: number;
}

export function parseListenAddress(text: string): ListenAddress {
  const value = text;
  const bad = (why: string) =>
    new UsageError(`invalid value for --listen: '${text}' (${why}; expected HOST:PORT)`);
  let host: string;
  let portText: string;
  const bracketed = /^\[([^\]]+)\]:(\d+)$/.exec(value);
  if (/^\[[^\]]*\]:?$/.test(value)) throw bad("no port after the brackets");
  if (bracketed) {
    host = bracketed[1]!;
    portText = bracketed[2]!;
  } else if (/^\d+$/.test(value)) {
    host = DEFAULT_LISTEN_HOST;
    portText = value;
  } else {
    const colon = value.lastIndexOf(":");
    if (colon < 0) throw bad("no port");
    host = value.slice(0, colon) || DEFAULT_LISTEN_HOST;
    portText = value.slice(colon + 1);
    if (host.includes(":")) throw bad("an IPv6 address goes in brackets, as [::1]:PORT");
  }
  if (!/^\d+$/.test(portText)) throw bad("port is not a number");
  const port = Number(portText);
  if (port < 0 || port > 65535) throw bad("port out of range");
  if (!/^[A-Za-z0-9.:_-]+$/.test(host)) throw bad("bad host");
  return { hostname: host, port };
}

/**
 * Is this a loopback address (127.0.0.0/8, ::1, localhost)? Anything else, a wildcard
 * included, can be reached from another machine.
 */
export function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}
