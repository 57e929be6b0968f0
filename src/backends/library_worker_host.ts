/**
 * A vendor library backend run in the library worker (library_worker.ts), as `watch`, `top`
 * and `serve` run NVML, Level Zero and AMD SMI: every call into the library, reads included,
 * is made on the worker's thread, so one that never returns leaves the main thread free.
 * The session's deadline (src/session/session.ts) then reports the backend as not answering
 * while the other backends keep their schedule, and this backend's `read()` stays pending
 * until the worker answers: nothing is asked again while an answer is outstanding.
 *
 * Why a worker (and not `nonblocking` twins of every read symbol): a hang is seldom one
 * call's (every call into a wedged driver or a lost GPU may block), so twins would still leave
 * a blocked thread per device, while every read path of three backends would become
 * asynchronous, each call paying ~19 µs instead of ~20 ns. The worker runs the
 * synchronous reads unchanged, costs one message per sample, and a stuck one is one thread.
 * It costs tens of milliseconds to start, so the one-shot commands keep the backend on the
 * main thread (vendor_library_backend.ts); where the worker cannot start (a `deno bundle`
 * output has no worker module beside it), the backend runs on the main thread as they do.
 *
 * Closing: a close is posted to the worker, which shuts the library down and unloads it
 * (after an init still running, as on the main thread). A worker that does not acknowledge
 * it within `closeGraceMs` is held by a call that has not returned: it is terminated and the
 * library left as it is (it cannot be shut down while its call runs; its thread stays blocked
 * until the call returns or the process ends).
 */
import type { Backend, BackendContext, BackendOpenResult } from "./backend.ts";
import {
  isWorkerBackendId,
  workerContext,
  type WorkerReply,
  type WorkerRequest,
} from "./library_worker_messages.ts";
import type { BackendId, BackendReading } from "../model/types.ts";

/** How long a close waits for the worker to take it (a read takes milliseconds). */
export const CLOSE_GRACE_MS = 200;
/** How long a close waits for the worker to shut the library down once it took the close. */
export const CLOSE_REPLY_WAIT_MS = 5_000;

const WORKER_URL = new URL("./library_worker.ts", import.meta.url);

/** A request as the host makes it; the id is added when it is posted. */
type Request = WithoutId<WorkerRequest>;
type WithoutId<R> = R extends unknown ? Omit<R, "id"> : never;

interface Pending {
  kind: WorkerRequest["kind"];
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** Called when the worker takes a close, before it has shut the library down. */
  acknowledged: (() => void) | undefined;
}

/** The worker's module could not be loaded: the backend runs on the main thread instead. */
class WorkerUnavailable extends Error {}

export interface LibraryWorkerOptions {
  /** The worker module (tests point it elsewhere); default library_worker.ts. */
  workerUrl?: URL;
  closeGraceMs?: number;
}

export class LibraryWorkerBackend implements Backend {
  readonly id: BackendId;
  readonly #ctx: BackendContext;
  readonly #inThread: () => Backend;
  readonly #url: URL;
  readonly #closeGraceMs: number;
  #worker: Worker | null = null;
  /** The backend on the main thread, once the worker could not start. */
  #fallback: Backend | null = null;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  /** Whether the worker has answered anything (its module loaded). */
  #answered = false;
  #closing: Promise<void> | null = null;

  /** `inThread` makes the same backend on the main thread, for when the worker cannot start. */
  constructor(
    id: BackendId,
    ctx: BackendContext,
    inThread: () => Backend,
    options: LibraryWorkerOptions = {},
  ) {
    this.id = id;
    this.#ctx = ctx;
    this.#inThread = inThread;
    this.#url = options.workerUrl ?? WORKER_URL;
    this.#closeGraceMs = options.closeGraceMs ?? CLOSE_GRACE_MS;
  }

  async open(): Promise<BackendOpenResult> {
    if (!isWorkerBackendId(this.id) || !this.#start()) return await this.#openInThread();
    const context = workerContext(this.#ctx);
    try {
      return await this.#ask({ kind: "open", backend: this.id, context }) as BackendOpenResult;
    } catch (error) {
      if (error instanceof WorkerUnavailable && this.#closing === null) {
        return await this.#openInThread();
      }
      throw error;
    }
  }

  /** Never asks the worker while a read is outstanding (the session does not either). */
  read(): Promise<BackendReading> {
    if (this.#fallback !== null) return this.#fallback.read();
    if ([...this.#pending.values()].some((pending) => pending.kind === "read")) {
      return Promise.reject(new Error("the previous read has not returned"));
    }
    return this.#ask({ kind: "read" }) as Promise<BackendReading>;
  }

  close(): void {
    if (this.#closing !== null) return;
    const fallback = this.#fallback;
    if (fallback !== null) {
      fallback.close();
      this.#closing = fallback.settled?.() ?? Promise.resolve();
    } else {
      this.#closing = this.#closeWorker();
    }
  }

  /** Resolves once the worker shut the library down, or was given up and terminated. */
  settled(): Promise<void> {
    return this.#closing ?? Promise.resolve();
  }

  #start(): boolean {
    // A worker whose module is missing reports "Module not found" on stderr even when its
    // error is handled: where the module is a file, look first (a bundle has none beside it).
    if (isMissingFile(this.#url)) return false;
    try {
      const worker = new Worker(this.#url, { type: "module" });
      worker.onmessage = (event: MessageEvent<WorkerReply>) => this.#receive(event.data);
      worker.onerror = (event) => {
        // An error left to propagate would end the main thread too.
        event.preventDefault();
        this.#stopped(event.message);
      };
      this.#worker = worker;
      return true;
    } catch {
      return false;
    }
  }

  /** Posts `request`; `acknowledged` is called when the worker takes it (a close only). */
  #ask(request: Request, acknowledged?: () => void): Promise<unknown> {
    const worker = this.#worker;
    if (worker === null) return Promise.reject(new Error("the library worker has stopped"));
    const id = this.#nextId++;
    const { promise, resolve, reject } = Promise.withResolvers<unknown>();
    this.#pending.set(id, { kind: request.kind, resolve, reject, acknowledged });
    worker.postMessage({ ...request, id } as WorkerRequest);
    return promise;
  }

  #receive(reply: WorkerReply): void {
    this.#answered = true;
    const pending = this.#pending.get(reply.id);
    if (pending === undefined) return;
    if ("acknowledged" in reply) {
      pending.acknowledged?.();
      return;
    }
    this.#pending.delete(reply.id);
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(new Error(reply.message));
  }

  /** The worker failed outside any request: before its first answer, it never loaded. */
  #stopped(message: string): void {
    const reason = message || "unknown error";
    this.#end(
      this.#answered ? new Error(`the library worker stopped: ${reason}`) : (
        new WorkerUnavailable(`the library worker did not start: ${reason}`)
      ),
    );
  }

  /** Terminates the worker; whatever it still owed an answer fails with `error`. */
  #end(error: Error): void {
    this.#worker?.terminate();
    this.#worker = null;
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const request of pending) request.reject(error);
  }

  async #closeWorker(): Promise<void> {
    if (this.#worker === null) return;
    const taken = Promise.withResolvers<void>();
    const closed = this.#ask({ kind: "close" }, taken.resolve).catch(() => undefined);
    if (!await within(taken.promise, this.#closeGraceMs)) {
      this.#end(new Error("closed while a library call was still running"));
      return;
    }
    await within(closed, CLOSE_REPLY_WAIT_MS);
    this.#end(new Error("closed"));
  }

  async #openInThread(): Promise<BackendOpenResult> {
    this.#end(new Error("replaced by the main-thread backend"));
    this.#fallback = this.#inThread();
    return await this.#fallback.open();
  }
}

/** Whether `url` is a file URL naming nothing (an unreadable one is not taken for missing). */
function isMissingFile(url: URL): boolean {
  if (url.protocol !== "file:") return false;
  try {
    Deno.statSync(url);
    return false;
  } catch (error) {
    return error instanceof Deno.errors.NotFound;
  }
}

/** Whether `promise` settles within `ms` (it is never rejected here). */
function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
