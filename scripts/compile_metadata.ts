/**
 * Reads the metadata `deno compile` embeds in a binary: the marker `d3n0l4nd`, a u64
 * little-endian length, then JSON (argv, permissions, entrypoint, ...). Used to check a
 * build here, where the real base binary (denort) cannot be downloaded.
 */
const MARKER = new TextEncoder().encode("d3n0l4nd");

export function readCompileMetadata(binary: Uint8Array): Record<string, unknown> | null {
  const view = new DataView(binary.buffer, binary.byteOffset, binary.byteLength);
  for (let i = indexOf(binary, 0); i >= 0; i = indexOf(binary, i + MARKER.length)) {
    if (i + 17 > binary.length) return null;
    const length = Number(view.getBigUint64(i + 8, true));
    if (length <= 0 || length > 10_000_000 || binary[i + 16] !== 0x7b /* { */) continue;
    try {
      return JSON.parse(new TextDecoder().decode(binary.subarray(i + 16, i + 16 + length)));
    } catch {
      continue;
    }
  }
  return null;
}

function indexOf(haystack: Uint8Array, from: number): number {
  outer: for (let i = from; i <= haystack.length - MARKER.length; i++) {
    for (let j = 0; j < MARKER.length; j++) {
      if (haystack[i + j] !== MARKER[j]) continue outer;
    }
    return i;
  }
  return -1;
}
