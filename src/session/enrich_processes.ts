/**
 * Fills a process's name, command line, user and RSS from /proc when the backend did not
 * give them. Shared by every backend, so no backend reads /proc/<pid>/status itself.
 * On systems without /proc (macOS, Windows) every read fails quietly and fields stay null.
 */
import { readProcessInfo } from "../linux/process_info.ts";
import { passwdPathFor } from "../linux/user_names.ts";
import type { GpuProcess } from "../model/types.ts";

export function enrichProcesses(processes: readonly GpuProcess[], procRoot: string): GpuProcess[] {
  if (processes.length === 0) return [];
  const passwdPath = passwdPathFor(procRoot);
  const infoByPid = new Map<number, ReturnType<typeof readProcessInfo>>();
  return processes.map((process) => {
    let info = infoByPid.get(process.pid);
    if (!info) {
      info = readProcessInfo(procRoot, process.pid, passwdPath);
      infoByPid.set(process.pid, info);
    }
    return {
      ...process,
      name: info.name ?? process.name,
      command: info.command ?? process.command,
      user: process.user ?? info.user,
      rssBytes: process.rssBytes ?? info.rssBytes,
    };
  });
}
