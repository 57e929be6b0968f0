/**
 * C strings across FFI: fixed `char[N]` buffers the library fills, and `const char*`
 * results. Text from a library is untrusted; invalid UTF-8 becomes U+FFFD, never an error.
 */

const DECODER = new TextDecoder();

/**
 * Decodes the bytes from `offset` up to the first NUL, or up to `length` bytes when there
 * is none (a library that fills the buffer exactly).
 *
 * @example
 * ```ts
 * import { decodeCString } from "./c_string.ts";
 * decodeCString(new Uint8Array([71, 80, 85, 0, 88])); // "GPU"
 * ```
 */
export function decodeCString(
  bytes: Uint8Array,
  offset = 0,
  length: number = bytes.length - offset,
): string {
  const end = Math.min(bytes.length, offset + length);
  let stop = offset;
  while (stop < end && bytes[stop] !== 0) stop++;
  return DECODER.decode(bytes.subarray(offset, stop));
}

/** Reads a `const char*` result; null for a NULL pointer or memory Deno refuses to read. */
export function readCStringPointer(pointer: Deno.PointerValue): string | null {
  if (pointer === null) return null;
  try {
    return Deno.UnsafePointerView.getCString(pointer);
  } catch {
    return null;
  }
}
