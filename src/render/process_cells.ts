/**
 * Table cells of a process's attribution: container, pod, CPU % and start time. Pure and
 * shared by the `ps`, snapshot and `top` tables.
 */
import type { GpuProcess } from "../model/types.ts";
import { formatBytes, formatPercent, UNKNOWN } from "./format_units.ts";

/** A memory figure, marked `*` when it is device-wide rather than the process's own. */
export function formatProcessMemory(process: GpuProcess): string {
  const text = formatBytes(process.gpuMemoryBytes);
  return process.perProcess || process.gpuMemoryBytes === null ? text : `${text}*`;
}

/** Digits of a container id shown, as `docker ps` shows them. */
export const SHORT_ID_LENGTH = 12;
/** Characters of a pod UID shown for a pod whose name is not known. */
const SHORT_UID_LENGTH = 8;

const HEX_ID = /^[0-9a-f]{64}$/;

/** A container id as shown and exported: a 64-hex id's first 12 digits, a name whole. */
export function shortContainerId(id: string): string {
  return HEX_ID.test(id) ? id.slice(0, SHORT_ID_LENGTH) : id;
}

/** `containerd:3f2a9c1e7b4d`, `systemd-nspawn:buildbox`; `-` outside a container. */
export function containerCell(process: GpuProcess): string {
  const container = process.container;
  return container === null ? UNKNOWN : `${container.runtime}:${shortContainerId(container.id)}`;
}

/** `namespace/name`, or the UID's first 8 characters when the name is not known. */
export function podCell(process: GpuProcess): string {
  const pod = process.pod;
  if (pod === null) return UNKNOWN;
  if (pod.name === null) return pod.uid.slice(0, SHORT_UID_LENGTH);
  return pod.namespace === null ? pod.name : `${pod.namespace}/${pod.name}`;
}

/** `37%`; may pass 100 on several cores. */
export function cpuCell(process: GpuProcess): string {
  return formatPercent(process.cpuPercent);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAY_MS = 86_400_000;

/**
 * The start time in local time, as `ps` shows it: `14:05` within the last day before
 * `nowMs`, `Mar 04` within the year before, else the year (`2023`).
 */
export function startCell(process: GpuProcess, nowMs: number): string {
  if (process.startTime === null) return UNKNOWN;
  const startMs = Date.parse(process.startTime);
  if (!Number.isFinite(startMs)) return UNKNOWN;
  const start = new Date(startMs);
  const age = nowMs - startMs;
  const two = (n: number) => String(n).padStart(2, "0");
  if (age < DAY_MS) return `${two(start.getHours())}:${two(start.getMinutes())}`;
  if (age < 365 * DAY_MS) return `${MONTHS[start.getMonth()]} ${two(start.getDate())}`;
  return String(start.getFullYear());
}
