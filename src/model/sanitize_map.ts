/**
 * The map half of the final number guard (src/model/sanitize_snapshot.ts): per-region memory and
 * per-engine busy maps, each value checked by a rule.
 */

/** Returns the kept value, or undefined when the value breaks the rule. */
export type Rule = (value: number) => number | undefined;

export function check(value: unknown, rule: Rule): number | undefined {
  return typeof value === "number" ? rule(value) : undefined;
}

/**
 * The entries of `map` that pass `rule`; null when none is left (or it is not an object).
 * `onDrop` runs once per dropped entry. A map every entry of which passes unchanged (nearly
 * always) is returned as it is: no copy per process per sample in a long run.
 */
export function sanitizeMap(
  map: unknown,
  rule: Rule,
  onDrop: () => void,
): Record<string, number> | null {
  if (typeof map !== "object" || map === null || Array.isArray(map)) {
    onDrop();
    return null;
  }
  if (passesUnchanged(map as Record<string, unknown>, rule)) return map as Record<string, number>;
  const kept: Record<string, number> = {};
  let total = 0;
  for (const [key, value] of Object.entries(map)) {
    total++;
    const clean = check(value, rule);
    if (clean === undefined) onDrop();
    else kept[key] = clean;
  }
  return Object.keys(kept).length > 0 || total === 0 ? kept : null;
}

/** True when `rule` keeps every own value of `map` as it is (no entry array allocated). */
export function passesUnchanged(map: Record<string, unknown>, rule: Rule): boolean {
  for (const key in map) {
    if (!Object.hasOwn(map, key)) continue;
    const value = map[key];
    if (check(value, rule) !== value) return false;
  }
  return true;
}
