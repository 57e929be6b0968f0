/**
 * The one interface every backend implements. A backend is created by its descriptor's
 * `create()`, which must not load anything; `open()` decides availability and returns it as
 * data (never throws for a missing library, program, file or permission); `read()` returns
 * one timestamped reading; `close()` releases everything and is safe to call twice.
 */
import type { BackendId, BackendReading, BackendState } from "../model/types.ts";

/** Everything a backend may learn about its environment; injected so tests can fake it. */
export interface BackendContext {
  /** Root of the proc filesystem (`/proc`, or a fixture tree). */
  procRoot: string;
  /** Root of the sys filesystem (`/sys`, or a fixture tree). */
  sysRoot: string;
  /** Environment lookup (GPUTOP_NVML_LIB, GPUTOP_MACMON, ...). */
  env(name: string): string | undefined;
  /** `Deno.build.os` or a test value. */
  os: typeof Deno.build.os;
  /** Monotonic clock in milliseconds, for rates; injectable for tests. */
  nowMs(): number;
  /**
   * Lazy library lifetimes (`--lazy-init`): vendor libraries are initialised and shut down
   * around every sample. False = persistent: init once at open, shut down once at close.
   */
  lazyInit: boolean;
  /**
   * Null in one-shot modes (snapshot, ps): a full `/proc/<pid>/fd` walk every sample. A
   * number in continuous modes (watch, top, serve): a full walk at most this often, with
   * cheaper incremental scans in between (for the DRM backend's fdinfo sampler).
   */
  rescanIntervalMs: number | null;
  /**
   * Continuous modes only: the sampling interval, for backends that stream (macmon pipe
   * runs once with this as its `-i`). Null in one-shot modes.
   */
  sampleIntervalMs?: number | null;
  /**
   * `--root` (`GPUTOP_ROOT`): the host's root, under which `etc/passwd` and `var/log/pods` are
   * read (and `proc`, `sys` unless given apart). Null or absent: those files are looked for
   * beside the proc root (`/proc` → `/etc/passwd`, `/var/log/pods`).
   */
  rootDir?: string | null;
  /**
   * Where device nodes are looked for before a vendor library is loaded
   * (src/backends/device_nodes.ts): `GPUTOP_DEV_ROOT`; absent, `dev` under `rootDir`, else `/dev`.
   */
  devRoot?: string;
}

/** The result of `open()`: availability as data. */
export interface BackendOpenResult {
  status: Exclude<BackendState, "skipped">;
  /** Why it is unavailable or failed; or a note when ok. */
  detail: string | null;
  /** Library path or program used (or every name tried, when none loaded). */
  library: string | null;
  version: string | null;
}

export interface Backend {
  readonly id: BackendId;
  open(): Promise<BackendOpenResult>;
  /** Only called after `open()` returned `ok`. May throw; the session turns that into an error status. */
  read(): Promise<BackendReading>;
  /** Safe to call twice, and without a successful open. */
  close(): void;
  /**
   * Resolves when what `close()` started is finished (a library call still running on a
   * worker thread returned and was shut down, a child process group was reaped). Optional.
   */
  settled?(): Promise<void>;
}

/** How one backend's device nodes are found (the checks: src/backends/device_nodes.ts). */
export interface DeviceNodeCheck {
  /** The variable naming the backend's library (or program); set, the check does not apply. */
  override: string;
  /** Null when a node is there (or cannot be ruled out); else what is missing, for the status. */
  missing(ctx: BackendContext): string | null;
}

/** A registry entry: how to make a backend, and where it is on by default. */
export interface BackendDescriptor {
  readonly id: BackendId;
  /** One line for `gputop backends` when the backend is skipped. */
  readonly summary: string;
  /** Whether this backend runs without `--backends` naming it, on this OS. */
  defaultOn(os: typeof Deno.build.os): boolean;
  /** Must not load libraries or spawn anything: that happens in `open()`. */
  create(ctx: BackendContext): Backend;
  /**
   * Registry entries whose module loads on demand (src/backends/lazy_backend.ts): resolves once
   * that module is loaded, so that `open()` runs at once, outside its deadline. Never rejects
   * (a module that fails to load makes `open()` reject instead). Given the session's context, an
   * entry that can tell its backend has nothing to open there loads nothing (the drm backend
   * with no DRM device: `lazy_backend.ts`).
   */
  preload?(ctx?: BackendContext): Promise<void>;
  /**
   * Backends this one stands in for: it is skipped when any of them opened `ok` (the
   * nvidia-smi fallback names `nvml`, so one GPU is never reported twice).
   */
  readonly fallbackFor?: readonly BackendId[];
  /**
   * True for backends over a vendor library that is initialised and shut down through a
   * `LibraryLifetime` (src/ffi/library_lifetime.ts), so that `--lazy-init` applies to them
   * and `gputop backends` names the lifetime mode on their row ("library session").
   */
  readonly libraryLifetime?: boolean;
  /**
   * The device nodes without which a default run skips this backend before loading anything
   * (src/backends/device_nodes.ts); `--backends` naming it, or its library variable, forces it.
   */
  readonly deviceNodes?: DeviceNodeCheck;
}

/**
 * A descriptor without `create`: what the registry (src/backends/mod.ts) holds for each backend
 * so that start-up loads no backend module (each backend's `info.ts`).
 */
export type BackendInfo = Omit<BackendDescriptor, "create" | "preload">;
