/**
 * NVML as the skeleton holds it (src/backends/vendor_library_backend.ts): `nvmlInit_v2`, run
 * off the main thread, and `nvmlShutdown` as the two calls of its library lifetime, and what
 * was learned before the first init: the candidates passed over, and NVML's own version
 * (which answers without init, so a failed init can still name it).
 */
import { nullOnError } from "../../ffi/field_reader.ts";
import type { LibraryInitResult } from "../../ffi/library_lifetime.ts";
import type { LoadedLibrary } from "../vendor_library_backend.ts";
import type { NvmlLibrary } from "./library.ts";
import { NvmlError, NvmlReturn } from "./return_codes.ts";
import type { XidEventWatch } from "./xid_events.ts";

export class NvmlLifecycle implements LoadedLibrary {
  readonly nvml: NvmlLibrary;
  /** `not loaded: …` for candidates that failed before this one; null if none did. */
  readonly skipped: string | null;
  /** NVML's version, read before the first init; null when it would not say. */
  nvmlVersion: string | null = null;

  /** Live modes only: the Xid event set, made after each init and freed before shutdown. */
  readonly xid: XidEventWatch | null;

  constructor(nvml: NvmlLibrary, skipped: string | null, xid: XidEventWatch | null = null) {
    this.nvml = nvml;
    this.skipped = skipped;
    this.xid = xid;
  }

  get path(): string {
    return this.nvml.path;
  }

  beforeInit(): void {
    this.nvmlVersion = nullOnError(NvmlError, () => this.nvml.nvmlVersion());
  }

  async init(): Promise<LibraryInitResult> {
    const code = await this.nvml.initAsync();
    if (code !== NvmlReturn.SUCCESS) return { ok: false, code, message: this.nvml.message(code) };
    this.xid?.start(this.nvml.events);
    return { ok: true };
  }

  shutdown(): void {
    this.xid?.stop(this.nvml.events);
    this.nvml.shutdown();
  }

  unload(): void {
    this.nvml.close();
  }
}
