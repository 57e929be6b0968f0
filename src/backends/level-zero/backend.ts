/**
 * The Level Zero backend: Intel GPUs through the Sysman API of `libze_loader.so.1` or
 * `ze_loader.dll`, loaded at `open()`, never at import. It sits after NVML / nvidia-smi and
 * before DRM in the registry, so its values win over sysfs for the same PCI address while
 * sysfs and fdinfo still fill what it lacks.
 *
 * Init: `zesInit` when the loader exports it (spec 1.5+); otherwise `ZES_ENABLE_SYSMAN=1`
 * goes into the environment before `zeInit`, and core handles serve as Sysman handles.
 *
 * Lazy mode (`--lazy-init`): Level Zero 1.x has no shutdown call, so the library itself is
 * closed after each sample and opened again for the next; every handle is enumerated
 * again after a re-open, never kept. The rate counters are keyed by device identity, not
 * by handle, so rates still work across re-opens. All of this stays inside this file so a
 * shared library-session layer can adopt it later.
 */
import type { Backend, BackendContext, BackendDescriptor, BackendOpenResult } from "../backend.ts";
import { describeLoadFailures, type LibraryLoadFailure } from "../../ffi/open_library.ts";
import { errorMessage } from "../../model/errors.ts";
import type { BackendReading, DeviceReading, ProcessReading } from "../../model/types.ts";
import { openZeLibrary, type ZeLibrary, zeLibraryCandidates } from "./library.ts";
import type { CounterCursor } from "./rates.ts";
import { readDevice } from "./read_device.ts";
import { readProcesses } from "./read_processes.ts";
import { describeResult, ZeError, ZeResult } from "./return_codes.ts";
import { apiVersionText } from "./types.ts";

/** The registry entry for Level Zero. */
export const levelZeroBackend: BackendDescriptor = {
  id: "level-zero",
  summary: "Intel GPUs through Level Zero Sysman (libze_loader.so.1 / ze_loader.dll)",
  defaultOn(os) {
    return os === "linux" || os === "windows";
  },
  create(ctx) {
    return new LevelZeroBackend(ctx);
  },
};

/** Set before `zeInit` when the loader has no `zesInit`; the GPU driver reads it. */
export const SYSMAN_ENV = "ZES_ENABLE_SYSMAN";

/** How `setEnv` is done; tests and Windows builds may differ. */
function setEnv(name: string, value: string): string | null {
  try {
    Deno.env.set(name, value);
    return null;
  } catch (error) {
    return `could not set ${name}=${value}: ${errorMessage(error)}`;
  }
}

type InitOutcome =
  | {
    ok: true;
    ze: ZeLibrary;
    apiVersion: string | null;
    loaderVersion: string | null;
    note: string | null;
  }
  | { ok: false; result: BackendOpenResult };

class LevelZeroBackend implements Backend {
  readonly id = "level-zero" as const;
  readonly #ctx: BackendContext;
  /** Open and initialised between samples only in persistent mode. */
  #ze: ZeLibrary | null = null;
  /** The candidate that loaded at `open()`; lazy re-opens use it. */
  #path: string | null = null;
  readonly #cursor: CounterCursor = new Map();

  constructor(ctx: BackendContext) {
    this.#ctx = ctx;
  }

  open(): Promise<BackendOpenResult> {
    try {
      return Promise.resolve(this.#open());
    } catch (error) {
      // Only a bug gets here: every Level Zero failure above is already a status.
      const library = this.#ze?.path ?? this.#path;
      this.close();
      return Promise.resolve({
        status: "error",
        detail: `Level Zero: ${errorMessage(error)}`,
        library,
        version: null,
      });
    }
  }

  read(): Promise<BackendReading> {
    try {
      let ze = this.#ze;
      if (ze === null) {
        if (this.#path === null) throw new Error("Level Zero is not open");
        const outcome = this.#initialise([this.#path]);
        if (!outcome.ok) throw new Error(outcome.result.detail ?? "Level Zero did not initialise");
        ze = outcome.ze;
        this.#ze = ze;
      }
      return Promise.resolve(this.#read(ze));
    } catch (error) {
      return Promise.reject(error);
    } finally {
      if (this.#ctx.lazyInit) this.#release();
    }
  }

  close(): void {
    this.#release();
  }

  /** Closes the library: Level Zero 1.x has no shutdown, so unloading is the release. */
  #release(): void {
    this.#ze?.close();
    this.#ze = null;
  }

  #open(): BackendOpenResult {
    this.close();
    const outcome = this.#initialise(zeLibraryCandidates(this.#ctx.env, this.#ctx.os));
    if (!outcome.ok) return outcome.result;
    const ze = outcome.ze;
    this.#path = ze.path;
    this.#ze = ze;
    if (this.#ctx.lazyInit) this.#release();
    return {
      status: "ok",
      detail: outcome.note,
      library: ze.path,
      version: versionText(outcome.apiVersion, outcome.loaderVersion),
    };
  }

  /** Loads the first candidate that opens and initialises Sysman on it. */
  #initialise(candidates: readonly string[]): InitOutcome {
    const opened = openZeLibrary(candidates);
    if (!opened.ok) {
      return {
        ok: false,
        result: {
          status: "unavailable",
          detail: `no Level Zero loader could be loaded: ${describeLoadFailures(opened.failed)}`,
          library: opened.tried.join(", "),
          version: null,
        },
      };
    }
    const ze = opened.ze;
    const notes: string[] = [];
    const skipped = skippedNote(opened.failed);
    if (skipped !== null) notes.push(skipped);
    if (!ze.hasZesInit && this.#ctx.env(SYSMAN_ENV) !== "1") {
      const problem = setEnv(SYSMAN_ENV, "1");
      if (problem !== null) notes.push(problem);
    }
    const loaderVersion = ze.loaderVersion();
    const init = ze.init();
    if (init.code !== ZeResult.SUCCESS) {
      ze.close();
      return {
        ok: false,
        result: {
          status: "unavailable",
          detail: [`${init.symbol} failed: ${describeResult(init.code)}`, ...notes].join("; "),
          library: ze.path,
          version: versionText(null, loaderVersion),
        },
      };
    }
    let apiVersion: string | null = null;
    try {
      const [driver] = ze.drivers();
      if (driver !== undefined) apiVersion = apiVersionText(ze.apiVersion(driver));
    } catch (error) {
      if (!(error instanceof ZeError)) throw error;
    }
    const note = notes.length === 0 ? null : notes.join("; ");
    return { ok: true, ze, apiVersion, loaderVersion, note };
  }

  #read(ze: ZeLibrary): BackendReading {
    const devices: DeviceReading[] = [];
    const processes: ProcessReading[] = [];
    const problems: string[] = [];
    let handles: Deno.PointerValue[];
    try {
      handles = ze.drivers().flatMap((driver) => ze.devices(driver));
    } catch (error) {
      throw new Error(`cannot list Level Zero devices: ${errorMessage(error)}`);
    }
    handles.forEach((handle, index) => {
      const { reading, usable } = readDevice(ze, handle, index, this.#cursor);
      devices.push(reading);
      if (!usable) return;
      const found = readProcesses(ze, handle, reading.localId);
      processes.push(...found.processes);
      if (found.problem !== null) problems.push(`GPU ${index} processes: ${found.problem}`);
    });
    const reading: BackendReading = { timestampMs: Date.now(), devices, processes };
    if (problems.length > 0) reading.detail = problems.join("; ");
    return reading;
  }
}

/** `API 1.4, loader 1.8.12` (short enough for the table), either part left out when unknown. */
function versionText(api: string | null, loader: string | null): string | null {
  const parts = [api && `API ${api}`, loader && `loader ${loader}`]
    .filter((part) => part !== null);
  return parts.length === 0 ? null : parts.join(", ");
}

/** When GPUTOP_ZE_LIB (or an earlier name) failed but a later one loaded, say so. */
function skippedNote(failed: readonly LibraryLoadFailure[]): string | null {
  return failed.length === 0 ? null : `not loaded: ${describeLoadFailures(failed)}`;
}
