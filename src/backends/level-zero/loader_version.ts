/**
 * The loader's own version (`1.8.12`) from `zelLoaderGetVersions`, which lists the loader's
 * components (loader, validation layer, tracing layer) with a version each.
 */
import { StructBuffer } from "../../ffi/struct_reader.ts";
import { ZeResult } from "./return_codes.ts";
import type { ZeSymbols } from "./symbols.ts";
import { COMPONENT_VERSION } from "./types.ts";

/**
 * The `loader` component's version, or null when the loader lacks the call or lists no
 * `loader` component (Debian's 1.8.x lists none without a driver).
 */
export function readLoaderVersion(fn: ZeSymbols["zelLoaderGetVersions"]): string | null {
  if (fn === null) return null;
  const count = new BigUint64Array(1);
  if (fn(count, null) !== ZeResult.SUCCESS) return null;
  const reported = count[0] ?? 0n;
  // A loader has a handful of components (loader, validation, tracing); refuse nonsense.
  if (reported === 0n || reported > 64n) return null;
  const layout = COMPONENT_VERSION;
  const buffer = new StructBuffer(Number(reported) * layout.size);
  if (fn(count, buffer.bytes) !== ZeResult.SUCCESS) return null;
  const filled = Math.min(Number(count[0] ?? 0n), Number(reported));
  for (let i = 0; i < filled; i++) {
    const base = i * layout.size;
    if (buffer.string(base + layout.name, layout.nameLength) !== "loader") continue;
    const part = (offset: number) => buffer.i32(base + offset);
    return `${part(layout.major)}.${part(layout.minor)}.${part(layout.patch)}`;
  }
  return null;
}
