/** The attribution of one process under a proc root: one small read, `/proc/<pid>/cgroup`. */
import { readPidFileTextOrNull } from "../read_file.ts";
import { attributionOfCgroup, type CgroupAttribution } from "./cgroup_attribution.ts";

/** Null when the file cannot be read (the process exited, no /proc) or names nothing. */
export function readCgroupAttribution(procRoot: string, pid: number): CgroupAttribution | null {
  const text = readPidFileTextOrNull(`${procRoot}/${pid}/cgroup`);
  return text === null ? null : attributionOfCgroup(text);
}
