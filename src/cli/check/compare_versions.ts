/**
 * Driver versions compared as dotted numbers: 535.261.03 ≥ 535.104 because 261 > 104.
 * Missing trailing parts count as 0 (535 = 535.0.0). Non-numeric text between numbers is a
 * separator, so `550.54.14-1` compares as 550.54.14.1.
 */
export function versionParts(text: string): number[] | null {
  const parts = text.match(/\d+/g);
  return parts === null ? null : parts.map(Number);
}

/** Negative, zero or positive as `a` is older than, equal to or newer than `b`. */
export function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
