/**
 * nvidia-smi's `timestamp` field: when the reading was taken, in local time, as
 * `2026/07/14 08:12:53.353` (the captures' form). The time zone is the process's (TZ).
 */

/** `YYYY/MM/DD HH:MM:SS.mmm` in local time, from the snapshot's ISO 8601 timestamp. */
export function formatQueryTimestamp(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const two = (value: number) => String(value).padStart(2, "0");
  const day = `${date.getFullYear()}/${two(date.getMonth() + 1)}/${two(date.getDate())}`;
  const time = `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
  return `${day} ${time}.${String(date.getMilliseconds()).padStart(3, "0")}`;
}
