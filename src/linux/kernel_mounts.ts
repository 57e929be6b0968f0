/**
 * Whether a path lies on a procfs or sysfs mount, where every file is a regular one and a read
 * never blocks, so `read_file.ts` can skip its per-read `stat` there. Decided from
 * `/proc/self/mountinfo`, read once per process (a thread's module instance): a user-given
 * root such as `/host/proc` is then looked up among a handful of mount points instead of being
 * `stat`ed before every read. Any other path (a fixture tree, a relative path, a missing
 * mountinfo) answers false, and the caller keeps its check.
 */

let kernelMountPoints: string[] | null = null;

/** `\040` and friends: mountinfo escapes space, tab, newline and backslash in octal. */
function unescapeMountPath(path: string): string {
  return path.replace(
    /\\([0-7]{3})/g,
    (_, octal: string) => String.fromCharCode(parseInt(octal, 8)),
  );
}

/**
 * Mount points of type proc and sysfs, from mountinfo lines
 * `36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw` (field 5 is the mount point,
 * the type follows " - "; Linux `Documentation/filesystems/proc.rst`).
 */
export function kernelMountPointsIn(mountinfo: string): string[] {
  const points: string[] = [];
  for (const line of mountinfo.split("\n")) {
    const separator = line.indexOf(" - ");
    if (separator < 0) continue;
    const type = line.slice(separator + 3).split(" ", 1)[0];
    if (type !== "proc" && type !== "sysfs") continue;
    const point = line.slice(0, separator).split(" ")[4];
    if (point !== undefined && point.startsWith("/")) points.push(unescapeMountPath(point));
  }
  return points;
}

function loadKernelMountPoints(): string[] {
  try {
    return kernelMountPointsIn(Deno.readTextFileSync("/proc/self/mountinfo"));
  } catch {
    return [];
  }
}

/** Whether `path` (absolute, as given) lies under a proc or sysfs mount point. */
export function onKernelFilesystem(path: string): boolean {
  const points = kernelMountPoints ??= loadKernelMountPoints();
  for (const point of points) {
    if (path.startsWith(point) && (path.length === point.length || path[point.length] === "/")) {
      return true;
    }
  }
  return false;
}
