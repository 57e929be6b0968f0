/**
 * A tree for the rescan policy's end-to-end tests (`serve`, `top`): `proc/` with one GPU
 * process, pid 100 ("trainer"), holding a DRM client on fd 3 and a socket on fd 4, and `sys/`
 * of amdgpu-discrete. `reopenOnGpu()` closes the socket and opens fd 4 on the GPU (another
 * client): the fd count stays the same, so only a full walk can find it.
 */
import { join } from "node:path";
import { copyTree, sysRootOf } from "../linux/sysfs/fixture_tree.ts";
import { statLine } from "../linux/cgroup/attribution_tree.ts";

function fdinfo(clientId: number, vramKib: number): string {
  return `pos:\t0\nflags:\t02100002\ndrm-driver:\tamdgpu\ndrm-pdev:\t0000:03:00.0\n` +
    `drm-client-id:\t${clientId}\ndrm-memory-vram:\t${vramKib} KiB\n`;
}

export interface ReopenedFdTree {
  root: string;
  procRoot: string;
  sysRoot: string;
  /** fd 4 of pid 100: from a socket to a second GPU client of `vramKib`. */
  reopenOnGpu(vramKib: number): void;
  dispose(): void;
}

/** The tree; pid 100's first client holds `vramKib`. */
export function buildReopenedFdTree(vramKib: number): ReopenedFdTree {
  const root = Deno.makeTempDirSync({ prefix: "gputop-rescan-" });
  const pid = join(root, "proc/100");
  for (const dir of ["fd", "fdinfo"]) Deno.mkdirSync(join(pid, dir), { recursive: true });
  Deno.writeTextFileSync(join(pid, "comm"), "trainer\n");
  Deno.writeTextFileSync(join(pid, "cmdline"), "trainer\0");
  Deno.writeTextFileSync(join(pid, "status"), "Name:\ttrainer\nUid:\t0\t0\t0\t0\n");
  Deno.writeTextFileSync(join(pid, "stat"), statLine(100, "trainer", "S", 5));
  Deno.symlinkSync("/dev/dri/renderD128", join(pid, "fd/3"));
  Deno.writeTextFileSync(join(pid, "fdinfo/3"), fdinfo(1, vramKib));
  Deno.symlinkSync("socket:[42]", join(pid, "fd/4"));
  Deno.writeTextFileSync(join(pid, "fdinfo/4"), "pos:\t0\nflags:\t02\n");
  copyTree(sysRootOf("amdgpu-discrete"), join(root, "sys"));
  return {
    root,
    procRoot: join(root, "proc"),
    sysRoot: join(root, "sys"),
    reopenOnGpu(second: number) {
      Deno.removeSync(join(pid, "fd/4"));
      Deno.symlinkSync("/dev/dri/renderD128", join(pid, "fd/4"));
      Deno.writeTextFileSync(join(pid, "fdinfo/4"), fdinfo(2, second));
    },
    dispose: () => Deno.removeSync(root, { recursive: true }),
  };
}
