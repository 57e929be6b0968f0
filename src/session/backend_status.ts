/** A backend's status as the session sets it, and closing a backend without letting it throw. */
import type { Backend } from "../backends/backend.ts";
import type { BackendId, BackendStatus } from "../model/types.ts";

export function skipped(id: BackendId, detail: string): BackendStatus {
  return { id, status: "skipped", detail, library: null, version: null };
}

/** An error status; `base` (what open() said) keeps its library and version. */
export function failure(id: BackendId, detail: string, base?: BackendStatus): BackendStatus {
  return {
    id,
    status: "error",
    detail,
    library: base?.library ?? null,
    version: base?.version ?? null,
  };
}

export function safeClose(backend: Backend): void {
  try {
    backend.close();
  } catch {
    // A library that fails to shut down must not take the reading with it.
  }
}
