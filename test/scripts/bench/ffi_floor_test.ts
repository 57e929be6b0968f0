import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { generateProcTree } from "../../../scripts/bench/proc_tree.ts";

const FLOOR = fileURLToPath(new URL("../../../scripts/bench/ffi_floor.ts", import.meta.url));

async function floorOf(root: string): Promise<string> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--cached-only", FLOOR, root],
  }).output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  return new TextDecoder().decode(stdout);
}

Deno.test("ffi_floor reads every DRM fd and every GPU process of a generated tree", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    // 12 processes, 30 DRM fds spread over all of them, 20 other fds.
    generateProcTree(`${dir}/proc`, { processes: 12, drmFds: 30, otherFds: 20 });
    assert.equal(await floorOf(`${dir}/proc`), "drm_fds 30 gpu_pids 12\n");
    // An fd whose fdinfo is gone is not counted (the reference skips it too).
    const pid = [...Deno.readDirSync(`${dir}/proc`)].find((e) => /^\d+$/.test(e.name))!.name;
    const fdinfo = [...Deno.readDirSync(`${dir}/proc/${pid}/fdinfo`)];
    const drm = fdinfo.find((e) =>
      Deno.readLinkSync(`${dir}/proc/${pid}/fd/${e.name}`).startsWith("/dev/dri/")
    )!;
    Deno.removeSync(`${dir}/proc/${pid}/fdinfo/${drm.name}`);
    assert.equal(await floorOf(`${dir}/proc`), "drm_fds 29 gpu_pids 12\n");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
