/**
 * Path joins for the Linux readers (`/proc`, `/sys`), without `node:path`: the first `node:`
 * import of a process costs about 10 ms of start-up (Deno sets up its Node compatibility
 * layer), and these run for every device and file of every sample. Paths here are POSIX: the
 * readers only run on Linux.
 */

/** `a` + "/" + `b` ...; a part ending in "/" gets no second one. No `..` folding: the kernel does that. */
export function joinPath(first: string, ...rest: readonly string[]): string {
  let path = first;
  for (const part of rest) path = path.endsWith("/") ? path + part : `${path}/${part}`;
  return path;
}

/** The last component (`../../../0000:03:00.0` → `0000:03:00.0`); trailing slashes ignored. */
export function baseName(path: string): string {
  let end = path.length;
  while (end > 1 && path[end - 1] === "/") end--;
  const trimmed = path.slice(0, end);
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

/**
 * The directory that holds `path` once made absolute against `cwd` and normalised (`.` and
 * `..` folded), as node's `dirname(resolve(path))`: `/host/proc` → `/host`, `proc` in `/srv`
 * → `/srv`, `/a/b/..` → `/`.
 */
export function resolvedParent(path: string, cwd: () => string = () => Deno.cwd()): string {
  const absolute = path.startsWith("/") ? path : `${cwd()}/${path}`;
  const parts: string[] = [];
  for (const part of absolute.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  parts.pop();
  return `/${parts.join("/")}`;
}
