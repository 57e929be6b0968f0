/**
 * `--json` output. The snapshot is rebuilt key by key from the schema's key lists before it is
 * stringified, so that:
 * - every schema key is present, in schema order, with `null` for a missing value
 *   (never left out as `undefined`);
 * - NaN, Infinity and -Infinity become `null` (JSON has no such numbers);
 * - keys the schema does not know are dropped.
 * Record-valued fields (engines, sources, temperaturesCelsius, memoryByRegion) keep their
 * own keys; their values are cleaned the same way.
 */
import {
  BACKEND_STATUS_FIELDS,
  DEVICE_FIELDS,
  HOST_ENTRY_FIELDS,
  PROCESS_FIELDS,
  SNAPSHOT_FIELDS,
} from "../model/schema_ids.ts";
import type { Snapshot } from "../model/types.ts";

// Schema key lists from the zod-free `schema_ids.ts` (checked against the schema by a test).
const SNAPSHOT_KEYS: readonly string[] = SNAPSHOT_FIELDS;
const BACKEND_KEYS: readonly string[] = BACKEND_STATUS_FIELDS;
const DEVICE_KEYS: readonly string[] = DEVICE_FIELDS;
const PROCESS_KEYS: readonly string[] = PROCESS_FIELDS;

/** Any value made JSON-safe: undefined and non-finite numbers → null, recursively. */
export function jsonSafe(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (typeof value === "object") {
    const source = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    // `for…in` over own keys: the same keys and order as `Object.entries`, without an array
    // of pairs per object (a snapshot of thousands of processes has tens of thousands).
    for (const key in source) if (Object.hasOwn(source, key)) out[key] = jsonSafe(source[key]);
    return out;
  }
  return null; // functions, symbols
}

function pick(value: unknown, keys: readonly string[]): Record<string, unknown> {
  const source: Record<string, unknown> = typeof value === "object" && value !== null
    ? value as Record<string, unknown>
    : {};
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = jsonSafe(source[key]);
  return out;
}

/**
 * Each item's schema keys, then its `host` where it has one (read through `--hosts`): the key
 * is optional in the schema, so a local reading prints exactly what it always has.
 */
function pickAll(values: unknown, keys: readonly string[]): Record<string, unknown>[] {
  if (!Array.isArray(values)) return [];
  return values.map((value) => {
    const out = pick(value, keys);
    const host = (value as { host?: unknown } | null)?.host;
    if (typeof host === "string") out.host = host;
    return out;
  });
}

/** Top-level keys whose lists `pickAll` rebuilds, so the first pass leaves them alone. */
const LIST_KEYS: ReadonlySet<string> = new Set(["backends", "devices", "processes"]);

/** The snapshot as a plain JSON-safe object with every schema key, in schema order. */
export function normalizeSnapshot(snapshot: Snapshot): Record<string, unknown> {
  // Keys in schema order first (a list's slot holds null until its own pass fills it): a
  // `jsonSafe` of the lists here would copy every process only to throw the copy away.
  const source = snapshot as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of SNAPSHOT_KEYS) out[key] = LIST_KEYS.has(key) ? null : jsonSafe(source[key]);
  out.backends = pickAll(snapshot.backends, BACKEND_KEYS);
  out.devices = pickAll(snapshot.devices, DEVICE_KEYS);
  out.processes = pickAll(snapshot.processes, PROCESS_KEYS);
  if (snapshot.hosts !== undefined) out.hosts = pickAll(snapshot.hosts, HOST_ENTRY_FIELDS);
  return out;
}

/** Pretty JSON (2-space indent), ending with a newline. */
export function renderJson(snapshot: Snapshot): string {
  return JSON.stringify(normalizeSnapshot(snapshot), null, 2) + "\n";
}

/** Compact JSON on one line, ending with a newline (one line per sample in watch mode). */
export function renderJsonLine(snapshot: Snapshot): string {
  return JSON.stringify(normalizeSnapshot(snapshot)) + "\n";
}
