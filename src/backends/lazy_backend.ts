/**
 * A registry entry whose backend module is imported only when a session opens the backend:
 * start-up then loads no backend code at all, and a reading loads only the backends it runs
 * (`--backends drm` never loads the NVML, Level Zero or AMD SMI bindings). The import must be
 * a literal `import("./x/backend.ts")` at the call site so that `deno compile` and
 * `deno bundle` still see (and embed) the module.
 *
 * `openWithoutModule`, where given, answers an open that certainly finds nothing (the drm
 * backend on a machine with no DRM or accel device entry in sysfs) without importing the
 * module at all; it must give exactly what the backend's own `open()` would.
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
  openWithoutModule?: (ctx: BackendContext) => BackendOpenResult | null,
): BackendDescriptor {
  // What preload found for a context, taken by the open that follows (so that it does not look
  // a second time); an open without a preload looks for itself.
  const found = new WeakMap<BackendContext, BackendOpenResult | null>();
  const look = (ctx: BackendContext) => openWithoutModule?.(ctx) ?? null;
  const earlyOpen = (ctx: BackendContext) => {
    const answer = found.has(ctx) ? found.get(ctx) ?? null : look(ctx);
    found.delete(ctx);
    return answer;
  };
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
    create: (ctx) => new LazyBackend(info, ctx, module, earlyOpen),
    preload: (ctx) => {
      if (ctx !== undefined && openWithoutModule !== undefined) {
        const answer = look(ctx);
        found.set(ctx, answer);
        if (answer !== null) return Promise.resolve();
      }
      return module.load().then(() => undefined, () => undefined);
    },
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
  readonly #earlyOpen: (ctx: BackendContext) => BackendOpenResult | null;
  #inner: Backend | null = null;
  #closed = false;

  constructor(
    info: BackendInfo,
    ctx: BackendContext,
    module: LazyModule,
    earlyOpen: (ctx: BackendContext) => BackendOpenResult | null,
  ) {
    this.id = info.id;
    this.#ctx = ctx;
    this.#module = module;
    this.#earlyOpen = earlyOpen;
  }

  /**
   * With the module loaded (preload), the inner backend's own promise, as it returns it; where
   * there is certainly nothing to open, that answer, settled at once, with no module loaded.
   */
  open(): Promise<BackendOpenResult> {
    const answer = this.#closed ? null : this.#earlyOpen(this.#ctx);
    if (answer !== null) return Promise.resolve(answer);
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
