/** `gputop backends`: each backend's status, library and version, or why not. */
import { renderBackendsCsv, renderBackendsJson, renderBackendsTable } from "../../render/mod.ts";
import { createSession } from "../../session/read_snapshot.ts";
import { EXIT_OK } from "../exit_codes.ts";
import type { Io } from "../io.ts";
import type { Invocation } from "../command.ts";

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
    const statuses = session.statuses();
    if (options.format === "json") io.out(renderBackendsJson(statuses));
    else if (options.format === "csv") {
      io.out(renderBackendsCsv(statuses, { header: options.header }));
    } else io.out(renderBackendsTable(statuses, { header: options.header, color: options.color }));
  } finally {
    session.close();
  }
  return EXIT_OK;
}
