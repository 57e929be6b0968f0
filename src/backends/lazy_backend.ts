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
  let loaded: BackendDescriptor | null = null;
  let loading: Promise<BackendDescriptor> | null = null;
  const module = {
    loaded: () => loaded,
    load: () =>
      loading ??= load().then((descriptor) => loaded = descriptor).finally(() => {
        // A failed load is tried again next time (and reported by that open()).
        if (loaded === null) loading = null;
      }),
  };
  return {
    ...info,
    create: (ctx) => new LazyBackend(info, ctx, module),
    preload: () => module.load().then(() => undefined, () => undefined),
  };
}

interface LazyModule {
  loaded(): BackendDescriptor | null;
  load(): Promise<BackendDescriptor>;
}

class LazyBackend implements Backend {
  readonly id: BackendInfo["id"];
  readonly #ctx: BackendContext;
  readonly #module: LazyModule;
  #inner: Backend | null = null;
  #closed = false;

  constructor(info: BackendInfo, ctx: BackendContext, module: LazyModule) {
    this.id = info.id;
    this.#ctx = ctx;
    this.#module = module;
  }

  /** With the module loaded (preload), the inner backend's own promise, as it returns it. */
  open(): Promise<BackendOpenResult> {
    const loaded = this.#module.loaded();
    return loaded ? this.#openWith(loaded) : this.#module.load().then((d) => this.#openWith(d));
  }

  #openWith(descriptor: BackendDescriptor): Promise<BackendOpenResult> {
    // Closed while the module loaded (the session gave up on it): open nothing any more.
    if (this.#closed) {
      return Promise.resolve({
        status: "error",
        detail: "closed before it opened",
        library: null,
        version: null,
      });
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
