/** The verbatim DRM fdinfo captures in fixtures/fdinfo (see its README for their sources). */
import { fileURLToPath } from "node:url";

export const CAPTURES_DIR = fileURLToPath(new URL("../../../fixtures/fdinfo/", import.meta.url));

/** A capture's text exactly as stored; `path` is relative to fixtures/fdinfo. */
export function capture(path: string): string {
  return Deno.readTextFileSync(CAPTURES_DIR + path);
}
