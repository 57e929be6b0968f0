/** The worker of `two_threads.ts`: one `readSnapshot` (drm) + `renderJson`; posts its length. */
import { readSnapshot } from "../../src/mod.ts";
import { renderJson } from "../../src/render/json.ts";

interface Roots {
  procRoot: string;
  sysRoot: string;
}

const scope = self as unknown as Worker;
scope.onmessage = async (event: MessageEvent<Roots>) => {
  const { procRoot, sysRoot } = event.data;
  const snapshot = await readSnapshot({ backends: ["drm"], procRoot, sysRoot });
  scope.postMessage(renderJson(snapshot).length);
};
