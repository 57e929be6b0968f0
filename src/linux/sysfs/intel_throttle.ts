/**
 * Why an Intel GT runs below its requested clock, from the driver's 0/1 flag files:
 *
 * - i915: `cardN/gt/gt<N>/throttle_reason_<name>` (intel_gt_sysfs_pm.c);
 * - xe: `device/tile<T>/gt<G>/freq0/throttle/reason_<name>` (xe_gt_throttle.c).
 *
 * `status` is set when any reason is, so it is not a reason itself. Each name maps to the
 * shared vocabulary (`model/health_vocabulary.ts`): pl1/pl2/pl4 → power-cap; thermal, ratl
 * (running-average thermal limit) and vr_thermalert → thermal; prochot → hardware-slowdown;
 * vr_tdc → current-limit; any other set flag → other. The union over every GT is reported:
 * [] when flags were read and none is set, null when the driver has no such files.
 */
import type { ClockEventReason } from "../../model/health_vocabulary.ts";
import { joinPath } from "../path_join.ts";
import { listDirOrNull, readIntOrNull } from "../read_file.ts";

const REASON_OF_FLAG: Readonly<Record<string, ClockEventReason>> = {
  pl1: "power-cap",
  pl2: "power-cap",
  pl4: "power-cap",
  thermal: "thermal",
  ratl: "thermal",
  "vr_thermalert": "thermal",
  prochot: "hardware-slowdown",
  "vr_tdc": "current-limit",
};

/** Flag files in `dir` named `<prefix><flag>` → the reasons of those set; null when none read. */
function reasonsIn(dir: string, prefix: string): Set<ClockEventReason> | null {
  let read = false;
  const reasons = new Set<ClockEventReason>();
  for (const name of listDirOrNull(dir) ?? []) {
    if (!name.startsWith(prefix)) continue;
    const flag = name.slice(prefix.length);
    if (flag === "status") continue;
    const value = readIntOrNull(joinPath(dir, name));
    if (value === null) continue;
    read = true;
    if (value !== 0) reasons.add(REASON_OF_FLAG[flag] ?? "other");
  }
  return read ? reasons : null;
}

/** The reasons over `dirs`, in a stable order; null when no directory had a readable flag. */
function union(dirs: readonly string[], prefix: string): ClockEventReason[] | null {
  let all: Set<ClockEventReason> | null = null;
  for (const dir of dirs) {
    const reasons = reasonsIn(dir, prefix);
    if (reasons === null) continue;
    all = new Set([...(all ?? []), ...reasons]);
  }
  return all === null ? null : [...all].sort();
}

export function readI915ClockEventReasons(cardPath: string): ClockEventReason[] | null {
  const gtRoot = joinPath(cardPath, "gt");
  const gts = numbered(gtRoot, "gt").map((gt) => joinPath(gtRoot, gt));
  return union(gts, "throttle_reason_");
}

export function readXeClockEventReasons(devicePath: string): ClockEventReason[] | null {
  const dirs = numbered(devicePath, "tile").flatMap((tile) =>
    numbered(joinPath(devicePath, tile), "gt").map((gt) =>
      joinPath(devicePath, tile, gt, "freq0", "throttle")
    )
  );
  return union(dirs, "reason_");
}

/** Entries `<prefix>N` of `dir`, by N. */
function numbered(dir: string, prefix: string): string[] {
  const pattern = new RegExp(`^${prefix}(\\d+)$`);
  return (listDirOrNull(dir) ?? [])
    .filter((name) => pattern.test(name))
    .sort((a, b) => Number(a.slice(prefix.length)) - Number(b.slice(prefix.length)));
}
