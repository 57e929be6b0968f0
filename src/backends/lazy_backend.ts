/**
 * A registry entry whose backend module is imported only when a session opens the backend:
 * start-up then loads no backend code at all, and a reading loads only the backends it runs
 * (`--backends drm` never loads the NVML, Level Zero or AMD SMI bindings). The import must be
 * a literal `import("./x/backend.ts")` at the call site so that `deno compile` and
 * `deno bundle` still see (and embed) the module.
 */
import type {
  Backend,
  BackendContext,
  BackendDescriptor,
  BackendInfo,
  BackendOpenResult,
} from "./backend.ts";
import type { BackendReading } from "../model/types.ts";

export function lazyDescriptor(
  info: BackendInfo,
  load: () => Promise<BackendDescriptor>,
): BackendDescriptor {
  return { ...info, create: (ctx) => new LazyBackend(info, ctx, load) };
}

class LazyBackend implements Backend {
  readonly id: BackendInfo["id"];
  readonly #ctx: BackendContext;
  readonly #load: () => Promise<BackendDescriptor>;
  #inner: Backend | null = null;
  #closed = false;

  constructor(info: BackendInfo, ctx: BackendContext, load: () => Promise<BackendDescriptor>) {
    this.id = info.id;
    this.#ctx = ctx;
    this.#load = load;
  }

  async open(): Promise<BackendOpenResult> {
    const descriptor = await this.#load();
    // Closed while the module loaded (the session gave up on it): open nothing any more.
    if (this.#closed) {
      return { status: "error", detail: "closed before it opened", library: null, version: null };
    }
    this.#inner = descriptor.create(this.#ctx);
    return this.#inner.open();
  }

  read(): Promise<BackendReading> {
    if (!this.#inner) return Promise.reject(new Error(`${this.id}: read before open`));
    return this.#inner.read();
  }

  close(): void {
    this.#closed = true;
    this.#inner?.close();
  }

  settled(): Promise<void> {
    return this.#inner?.settled?.() ?? Promise.resolve();
  }
}
