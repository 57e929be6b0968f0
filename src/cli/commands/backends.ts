/**
 * `gputop backends`: each backend's status, library and version, or why not; and which
 * library-session mode is in use (persistent, or lazy with `--lazy-init`), both on the row
 * of each vendor-library backend that is ok and, in the table, as a closing line.
 */
import { BACKENDS } from "../../backends/mod.ts";
import type { BackendStatus } from "../../model/types.ts";
import { renderBackendsCsv, renderBackendsJson, renderBackendsTable } from "../../render/mod.ts";
import { createSession } from "../../session/read_snapshot.ts";
import { EXIT_OK } from "../exit_codes.ts";
import type { Io } from "../io.ts";
import type { Invocation } from "../command.ts";

export const PERSISTENT_NOTE =
  "persistent library session (initialised once, shut down at exit; --lazy-init for one per sample)";
export const LAZY_NOTE = "lazy library sessions (initialised and shut down for every sample)";

export async function run({ options }: Invocation, io: Io): Promise<number> {
  const session = createSession({
    backends: options.backends,
    procRoot: options.procRoot,
    sysRoot: options.sysRoot,
    lazyInit: options.lazyInit,
  });
  try {
    await session.open();
    // One read, so statuses carry what only a reading learns (e.g. unreadable processes).
    await session.sample();
    const lazy = session.context.lazyInit;
    const statuses = session.statuses().map((status) => withSessionMode(status, lazy));
    if (options.format === "json") io.out(renderBackendsJson(statuses));
    else if (options.format === "csv") {
      io.out(renderBackendsCsv(statuses, { header: options.header }));
    } else {
      io.out(renderBackendsTable(statuses, { header: options.header, color: options.color }));
      io.out(`\nLibrary sessions: ${lazy ? "lazy (--lazy-init)" : "persistent"}\n`);
    }
  } finally {
    await session.close();
  }
  return EXIT_OK;
}

function withSessionMode(status: BackendStatus, lazy: boolean): BackendStatus {
  const usesSessions = BACKENDS.some((d) => d.id === status.id && d.librarySession === true);
  if (!usesSessions || status.status !== "ok") return status;
  const note = lazy ? LAZY_NOTE : PERSISTENT_NOTE;
  return { ...status, detail: status.detail === null ? note : `${status.detail}; ${note}` };
}
