/**
 * The library worker: a Worker that runs one vendor library backend (NVML, Level Zero, AMD
 * SMI) for `watch`, `top` and `serve`, so that a library call that never returns (a wedged
 * driver; a GPU fallen off the bus makes NVML calls hang for minutes) blocks this thread and
 * not the main one. It loads the library itself (its own `dlopen`), runs the shared skeleton
 * (vendor_library_backend.ts) as a one-shot command would on the main thread, and answers
 * each request of library_worker_host.ts once. Requests arrive one at a time: the host never
 * asks again while an answer is outstanding, so a stuck call is never made a second time.
 *
 * Loaded only with `new Worker(...)`: `deno compile` embeds it through `--include`
 * (scripts/compile_targets.ts, WORKER_MODULES), and the backends below through theirs.
 */
import type { Backend } from "./backend.ts";
import type { VendorLibraryDescriptor } from "./vendor_library_backend.ts";
import {
  contextInWorker,
  type WorkerBackendId,
  type WorkerReply,
  type WorkerRequest,
} from "./library_worker_messages.ts";
import { errorMessage } from "../model/errors.ts";

/** Each backend's module, imported when the host opens it (literal imports: see above). */
const MODULES: Record<WorkerBackendId, () => Promise<VendorLibraryDescriptor>> = {
  nvml: () => import("./nvml/backend.ts").then((m) => m.nvmlBackend),
  "level-zero": () => import("./level-zero/backend.ts").then((m) => m.levelZeroBackend),
  amdsmi: () => import("./amdsmi/backend.ts").then((m) => m.amdsmiBackend),
};

/** The part of a worker's global scope used here. */
interface WorkerScope {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(reply: WorkerReply): void;
}

const scope = globalThis as unknown as WorkerScope;
let backend: Backend | null = null;

scope.onmessage = (event) => {
  void answer(event.data);
};

/** Runs one request and posts its answer; never throws (an error is the answer). */
async function answer(request: WorkerRequest): Promise<void> {
  let reply: WorkerReply;
  try {
    reply = { id: request.id, ok: true, value: await run(request) };
  } catch (error) {
    reply = { id: request.id, ok: false, message: errorMessage(error) };
  }
  scope.postMessage(reply);
}

async function run(request: WorkerRequest) {
  switch (request.kind) {
    case "open": {
      const descriptor = await MODULES[request.backend]();
      backend = descriptor.createInThread(contextInWorker(request.context));
      return await backend.open();
    }
    case "read":
      if (backend === null) throw new Error("the library worker has no open backend");
      return await backend.read();
    case "close": {
      scope.postMessage({ id: request.id, acknowledged: true });
      const closing = backend;
      backend = null;
      closing?.close();
      await closing?.settled?.();
      return null;
    }
  }
}
