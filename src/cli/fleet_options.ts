/**
 * `--hosts` and the options that go with it, validated into `FleetOptions`. With `--hosts` the
 * hosts read their own GPUs, so the options that say how to read this machine's are usage
 * errors there; the host options without `--hosts` are usage errors too (never ignored).
 */
import { type HostTarget, hostTargets } from "../fleet/host_target.ts";
import { errorMessage } from "../model/errors.ts";
import { UsageError } from "../platform/usage_error.ts";
import type { OptionValue } from "./option_spec.ts";
import { parseDurationMs } from "./parse_duration.ts";
import { readTokenFile } from "../serve/bearer_token.ts";

export interface FleetOptions {
  targets: HostTarget[];
  timeoutMs: number;
  /** From `--token-file`, else GPUTOP_TOKEN; null: no token sent. */
  token: string | null;
  /** `--host-ca`: PEM text of the extra CA certificates to trust. */
  caCerts: string | null;
}

export const DEFAULT_HOST_TIMEOUT_MS = 3000;

/** Options that read this machine; meaningless with --hosts, where each host reads its own. */
const LOCAL_ONLY = [
  "backends",
  "root",
  "proc-root",
  "sys-root",
  "lazy-init",
  "sample-window",
  "rescan-interval",
];

const WITH_HOSTS_ONLY = ["host-timeout", "token-file", "host-ca"];

/** The fleet to read, or null when neither --hosts nor --hosts-file was given. */
export function fleetOptionsOf(
  values: Readonly<Record<string, OptionValue>>,
  env: (name: string) => string | undefined,
): FleetOptions | null {
  const lists = stringsOf(values.hosts);
  const file = lastString(values["hosts-file"]);
  if (lists.length === 0 && file === undefined) {
    const stray = WITH_HOSTS_ONLY.find((name) => values[name] !== undefined);
    if (stray !== undefined) throw new UsageError(`--${stray} needs --hosts or --hosts-file`);
    return null;
  }
  const local = LOCAL_ONLY.find((name) => values[name] !== undefined);
  if (local !== undefined) {
    throw new UsageError(`--${local} reads this machine; it cannot go with --hosts`);
  }
  const targets = hostTargets(lists, file === undefined ? null : readHostsFile(file));
  if (targets.length === 0) throw new UsageError("--hosts names no host");
  const timeout = lastString(values["host-timeout"]);
  const tokenFile = lastString(values["token-file"]);
  const ca = lastString(values["host-ca"]);
  return {
    targets,
    timeoutMs: timeout === undefined ? DEFAULT_HOST_TIMEOUT_MS : hostTimeoutMs(timeout),
    token: tokenFile !== undefined ? readTokenFile(tokenFile) : tokenFromEnv(env),
    caCerts: ca === undefined ? null : readCaFile(ca),
  };
}

function hostTimeoutMs(text: string): number {
  const ms = parseDurationMs("--host-timeout", text);
  if (ms <= 0) throw new UsageError(`invalid value for --host-timeout: '${text}' (above 0)`);
  return ms;
}

function tokenFromEnv(env: (name: string) => string | undefined): string | null {
  const token = (env("GPUTOP_TOKEN") ?? "").trim();
  return token === "" ? null : token;
}

function readHostsFile(path: string): { path: string; text: string } {
  try {
    return { path, text: Deno.readTextFileSync(path) };
  } catch (error) {
    throw new UsageError(`invalid value for --hosts-file: '${path}' (${errorMessage(error)})`);
  }
}

function readCaFile(path: string): string {
  let text: string;
  try {
    text = Deno.readTextFileSync(path);
  } catch (error) {
    throw new UsageError(`invalid value for --host-ca: '${path}' (${errorMessage(error)})`);
  }
  if (!text.includes("-----BEGIN CERTIFICATE-----")) {
    throw new UsageError(`invalid value for --host-ca: '${path}' (no PEM certificate in it)`);
  }
  return text;
}

function stringsOf(value: OptionValue): string[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter((v): v is string => typeof v === "string");
}

function lastString(value: OptionValue): string | undefined {
  return stringsOf(value).at(-1);
}
