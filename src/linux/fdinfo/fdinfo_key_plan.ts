/**
 * What an fdinfo key means to the parser (`fdinfo_builder.ts`), worked out once per distinct key
 * and kept: it depends on the key alone (prefix, engine or region name, whether that name is
 * safe), while whether a line is a repeat and whether its value parses are decided per parse.
 * The same few dozen keys fill every file, so a parse looks each up instead of running the
 * prefix tests, slices and name checks again. The cache holds only these pure results (so parses
 * stay re-entrant) and at most KEY_PLAN_CACHE_SIZE keys (a hostile tree's endless distinct keys
 * are then planned each time).
 */
import { hasWhitespace, isSafeName } from "./fdinfo_chars.ts";
import type { FdinfoRegionMemory } from "./parsed_fdinfo.ts";

export type CounterRecord = "engineBusyNs" | "engineCycles" | "engineTotalCycles";
export type FrequencyRecord = "engineMaxFreqHz" | "engineCurFreqHz";

export type KeyPlan =
  /** A key every fdinfo file has, DRM or not (`pos`, `flags`, `mnt_id`, `ino`): dropped. */
  | { kind: "generic" }
  /**
   * Any other key outside `drm-`: legacy amdgpu or unknown, decided per line from the value and
   * what the key alone says: a legacy memory key (`<pl> mem`), whitespace in it, a safe name.
   */
  | { kind: "other"; legacyMemory: boolean; whitespace: boolean; safe: boolean }
  /** Always unusable (whitespace in a `drm-` key, an unsafe engine or region name). */
  | { kind: "ignored" }
  | { kind: "driver" | "pdev" | "clientId" | "clientName" }
  | { kind: "counter"; record: CounterRecord; name: string; allowNs: boolean }
  | { kind: "capacity"; name: string }
  | { kind: "frequency"; record: FrequencyRecord; name: string }
  | { kind: "memory"; region: string; field: keyof FdinfoRegionMemory }
  /** `drm-memory-<region>`, the deprecated alias of resident. */
  | { kind: "alias"; region: string }
  /** Any other `drm-` key, kept under `unknown` by its full key. */
  | { kind: "drmUnknown" };

export type OtherKeyPlan = Extract<KeyPlan, { kind: "other" }>;

export const KEY_PLAN_CACHE_SIZE = 4096;
const GENERIC: KeyPlan = { kind: "generic" };
const GENERIC_KEYS: ReadonlySet<string> = new Set(["pos", "flags", "mnt_id", "ino"]);
const IGNORED: KeyPlan = { kind: "ignored" };
const FIXED: Readonly<Record<string, KeyPlan>> = {
  "driver": { kind: "driver" },
  "pdev": { kind: "pdev" },
  "client-id": { kind: "clientId" },
  "client-name": { kind: "clientName" },
};

/**
 * Memory keys: drm-<category>-<region>, by key prefix (after `drm-`). `memory-` is the
 * deprecated alias of resident and handled apart.
 */
const MEMORY_PREFIXES: readonly (readonly [string, keyof FdinfoRegionMemory])[] = [
  ["total-", "totalBytes"],
  ["shared-", "sharedBytes"],
  ["resident-", "residentBytes"],
  ["purgeable-", "purgeableBytes"],
  ["active-", "activeBytes"],
];

const plans = new Map<string, KeyPlan>();

export function keyPlanOf(key: string): KeyPlan {
  const cached = plans.get(key);
  if (cached !== undefined) return cached;
  const plan = uniform(planKey(key));
  if (plans.size < KEY_PLAN_CACHE_SIZE) plans.set(key, plan);
  return plan;
}

/** Every field any plan has, in one order (`uniform`). */
export const PLAN_FIELDS = [
  "kind",
  "legacyMemory",
  "whitespace",
  "safe",
  "record",
  "name",
  "allowNs",
  "region",
  "field",
] as const;

/**
 * `plan` with every field of every kind, in one order (those of other kinds null): all plans
 * then share one hidden class, so the parser's reads of `plan.kind`, `plan.name`, … on every
 * line are monomorphic loads; ten kinds of object made them megamorphic (a stub-cache lookup
 * per read).
 */
function uniform(plan: KeyPlan): KeyPlan {
  const fields = plan as Partial<Record<(typeof PLAN_FIELDS)[number], unknown>>;
  return {
    kind: plan.kind,
    legacyMemory: fields.legacyMemory ?? null,
    whitespace: fields.whitespace ?? null,
    safe: fields.safe ?? null,
    record: fields.record ?? null,
    name: fields.name ?? null,
    allowNs: fields.allowNs ?? null,
    region: fields.region ?? null,
    field: fields.field ?? null,
  } as KeyPlan;
}

function named(plan: KeyPlan & { name: string }): KeyPlan {
  return isSafeName(plan.name) ? plan : IGNORED;
}

/**
 * The branches of the DRM keys, in the order that decides: longer prefixes first
 * ("engine-capacity-" before "engine-", "total-cycles-" before "total-" and "cycles-").
 */
function planKey(key: string): KeyPlan {
  if (!key.startsWith("drm-")) {
    if (GENERIC_KEYS.has(key)) return GENERIC;
    const legacyMemory = key.endsWith(" mem");
    return { kind: "other", legacyMemory, whitespace: hasWhitespace(key), safe: isSafeName(key) };
  }
  if (hasWhitespace(key)) return IGNORED;
  const name = key.slice(4);
  const fixed = Object.hasOwn(FIXED, name) ? FIXED[name] : undefined;
  if (fixed !== undefined) return fixed;
  if (name.startsWith("engine-capacity-")) return named({ kind: "capacity", name: name.slice(16) });
  if (name.startsWith("engine-")) {
    return named({ kind: "counter", record: "engineBusyNs", name: name.slice(7), allowNs: true });
  }
  if (name.startsWith("total-cycles-")) {
    return named({
      kind: "counter",
      record: "engineTotalCycles",
      name: name.slice(13),
      allowNs: false,
    });
  }
  if (name.startsWith("cycles-")) {
    return named({ kind: "counter", record: "engineCycles", name: name.slice(7), allowNs: false });
  }
  if (name.startsWith("maxfreq-")) {
    return named({ kind: "frequency", record: "engineMaxFreqHz", name: name.slice(8) });
  }
  if (name.startsWith("curfreq-")) {
    return named({ kind: "frequency", record: "engineCurFreqHz", name: name.slice(8) });
  }
  for (const [prefix, field] of MEMORY_PREFIXES) {
    if (!name.startsWith(prefix)) continue;
    const region = name.slice(prefix.length);
    return isSafeName(region) ? { kind: "memory", region, field } : IGNORED;
  }
  if (name.startsWith("memory-")) {
    const region = name.slice(7);
    return isSafeName(region) ? { kind: "alias", region } : IGNORED;
  }
  return { kind: "drmUnknown" };
}
