/**
 * `gputop backends`: each backend's status, library and version, or why not; and which
 * library-session mode is in use (persistent, or lazy with `--lazy-init`), both on the row
 * of each vendor-library backend that is ok and, in the table, as a closing line.
 */
import type { BackendStatus } from "../../model/types.ts";
import { readsThroughVendorLibrary } from "../../session/library_backends.ts";
import { renderBackendsCsv, renderBackendsJson, renderBackendsTable } from "../../render/mod.ts";
import { EXIT_OK } from "../../platform/exit_codes.ts";
import type { Io } from "../../platform/io.ts";
import type { Invocation } from "../command.ts";
import { withOneShotSession } from "../one_shot_session.ts";
import { exitCodeForSignal } from "../../platform/stop_signals.ts";

export const PERSISTENT_NOTE =
  "persistent library session (initialised once, shut down at exit; --lazy-init for one per sample)";
export const LAZY_NOTE = "lazy library sessions (initialised and shut down for every sample)";

export async function run({ options }: Invocation, io: Io): Promise<number> {
  const outcome = await withOneShotSession({
    backends: options.backends,
    root: options.root,
    procRoot: options.procRoot,
    sysRoot: options.sysRoot,
    lazyInit: options.lazyInit,
  }, async (session, signal) => {
    await session.open();
    if (signal.aborted) return null;
    // One read, so statuses carry what only a reading learns (e.g. unreadable processes).
    await session.sample();
    return { statuses: session.statuses(), lazy: session.context.lazyInit };
  });
  if (outcome.interrupted) return exitCodeForSignal(outcome.signal);
  if (outcome.value === null) throw new Error("backends ended without statuses");
  const { lazy } = outcome.value;
  const statuses = outcome.value.statuses.map((status) => withSessionMode(status, lazy));
  if (options.format === "json") io.out(renderBackendsJson(statuses));
  else if (options.format === "csv") {
    io.out(renderBackendsCsv(statuses, { header: options.header }));
  } else {
    io.out(renderBackendsTable(statuses, { header: options.header, color: options.color }));
    io.out(
      `\nLibrary sessions: ${
        lazy ? `lazy (${options.lazyInitFrom ?? "--lazy-init"})` : "persistent"
      }\n`,
    );
  }
  return EXIT_OK;
}

function withSessionMode(status: BackendStatus, lazy: boolean): BackendStatus {
  const usesSessions = readsThroughVendorLibrary(status.id);
  if (!usesSessions || status.status !== "ok") return status;
  const note = lazy ? LAZY_NOTE : PERSISTENT_NOTE;
  return { ...status, detail: status.detail === null ? note : `${status.detail}; ${note}` };
}
