/**
 * One host's `/snapshot`, read with a deadline (the whole exchange, body included, ends by
 * `timeoutMs`), a size limit, and the bearer token when there is one; the answer is checked
 * against the snapshot schema. Nothing here throws: every outcome is a `HostReading`.
 */
import type { HostEntry, Snapshot } from "../model/types.ts";
import { SnapshotSchema } from "../model/schema.ts";
import { sanitizeSnapshot } from "../model/sanitize_snapshot.ts";
import { readBoundedBody } from "./bounded_body.ts";
import { connectFailure, type HostFailure, timeoutFailure } from "./classify_failure.ts";
import type { HostTarget } from "./host_target.ts";

export interface ReadHostOptions {
  timeoutMs: number;
  /** Sent as `Authorization: Bearer <token>`; null sends none. */
  token: string | null;
  /** For `--host-ca`: a client that trusts that CA too. */
  client?: Deno.HttpClient;
  maxBytes: number;
}

export interface HostReading {
  entry: HostEntry;
  /** The host's reading when `entry.status` is ok, else null. */
  snapshot: Snapshot | null;
}

export async function readHost(target: HostTarget, options: ReadHostOptions): Promise<HostReading> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let outcome: Snapshot | HostFailure;
  try {
    outcome = await exchange(target, options, signal);
  } catch (error) {
    outcome = signal.aborted ? timeoutFailure(options.timeoutMs) : connectFailure(error);
  }
  if ("schemaVersion" in outcome) {
    return { entry: { host: target.host, status: "ok", detail: null }, snapshot: outcome };
  }
  return { entry: { host: target.host, ...outcome }, snapshot: null };
}

async function exchange(
  target: HostTarget,
  options: ReadHostOptions,
  signal: AbortSignal,
): Promise<Snapshot | HostFailure> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.token !== null) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(target.snapshotUrl, {
    headers,
    signal,
    redirect: "manual",
    ...(options.client ? { client: options.client } : {}),
  });
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    const why = options.token === null
      ? "no token given (--token-file or GPUTOP_TOKEN)"
      : "token refused";
    return { status: "unauthorized", detail: `HTTP ${response.status}: ${why}` };
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    return {
      status: "invalid",
      detail: `HTTP ${response.status} from ${new URL(target.snapshotUrl).pathname}`,
    };
  }
  let body: Uint8Array | null;
  try {
    body = await readBoundedBody(response.body, options.maxBytes);
  } catch (error) {
    if (signal.aborted) throw error;
    return { status: "invalid", detail: "answer cut short" };
  }
  if (body === null) {
    return { status: "invalid", detail: `answer larger than ${options.maxBytes >> 20} MiB` };
  }
  return parseSnapshot(body);
}

function parseSnapshot(body: Uint8Array): Snapshot | HostFailure {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return { status: "invalid", detail: "answer is not JSON" };
  }
  const parsed = SnapshotSchema.safeParse(json);
  // A host's numbers meet the same plausibility rules as a local reading's (a broken or
  // hostile host); a gputop serve answer has met them already, and passes unchanged.
  if (parsed.success) return sanitizeSnapshot(parsed.data);
  const issue = parsed.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? "" : ` at ${issue.path.join(".")}`;
  return {
    status: "invalid",
    detail: `not a gputop snapshot${where}: ${issue?.message ?? "?"}`.slice(0, 160),
  };
}
