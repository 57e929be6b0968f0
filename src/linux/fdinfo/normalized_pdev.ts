/**
 * `drm-pdev` values normalised (`normalizePciBusId`: a regex per call) once per distinct value:
 * every client of a device prints the same one.
 */
import { normalizePciBusId } from "../../model/pci.ts";

/** `normalizePciBusId` of `drm-pdev` values, kept for the few devices a machine has (≤ 256). */
const pdevs = new Map<string, string | null>();

export function normalizedPdev(value: string): string | null {
  let pdev = pdevs.get(value);
  if (pdev === undefined) {
    pdev = normalizePciBusId(value);
    if (pdevs.size < 256) pdevs.set(value, pdev);
  }
  return pdev;
}
