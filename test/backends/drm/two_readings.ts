/**
 * Two DRM backend readings 1000 ms apart by an injected clock, with the real fdinfo sampler:
 * /proc is `<scenario>`'s capture, then `<scenario>-later`'s (swapped behind a symlink), over
 * `<scenario>`'s /sys. `edit` may change the copied trees (`sys/`, `first/`, `later/` under the
 * folder it is given) before the first reading.
 */
import { join } from "node:path";
import { DrmBackend } from "../../../src/backends/drm/backend.ts";
import { DrmProcessSampler } from "../../../src/linux/fdinfo/drm_process_sampler.ts";
import type { BackendReading } from "../../../src/model/types.ts";
import { copyTree, procRootOf, sysRootOf } from "../../linux/sysfs/fixture_tree.ts";
import { testContext } from "../../support/backend_context.ts";

export async function twoDrmReadings(
  scenario: string,
  edit: (dir: string) => void = () => {},
): Promise<[BackendReading, BackendReading]> {
  const dir = Deno.makeTempDirSync({ prefix: `gputop-${scenario}-` });
  try {
    copyTree(sysRootOf(scenario), join(dir, "sys"));
    copyTree(procRootOf(scenario), join(dir, "first"));
    copyTree(procRootOf(`${scenario}-later`), join(dir, "later"));
    edit(dir);
    const proc = join(dir, "proc");
    Deno.symlinkSync(join(dir, "first"), proc);
    const clock = { ms: 50_000 };
    const ctx = testContext({ procRoot: proc, sysRoot: join(dir, "sys"), nowMs: () => clock.ms });
    const backend = new DrmBackend(
      ctx,
      (c) => new DrmProcessSampler({ procRoot: c.procRoot, sysRoot: c.sysRoot, nowMs: c.nowMs }),
    );
    const opened = await backend.open();
    if (opened.status !== "ok") throw new Error(`DRM backend did not open: ${opened.detail}`);
    const first = await backend.read();
    Deno.removeSync(proc);
    Deno.symlinkSync(join(dir, "later"), proc);
    clock.ms += 1000; // Δwall = 1e9 ns
    const second = await backend.read();
    backend.close();
    return [first, second];
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}
