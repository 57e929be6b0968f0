/**
 * `gputop check`: assertions for CI jobs on GPU hosts. Exit 0 when all pass, 1 when any fails,
 * 3 when no backend found any device at all, 2 for a usage error.
 */
import type { AssertionResult } from "../check/assertions.ts";
import { evaluateAssertions } from "../check/evaluate.ts";
import { parseAssertions } from "../check/parse_assertions.ts";
import { type CheckReport, renderCheckJson, renderCheckTable } from "../check/render.ts";
import type { Invocation } from "../command.ts";
import { filterDevices } from "../../model/device_filter.ts";
import { EXIT_FAILURE, EXIT_NO_DEVICE, EXIT_OK } from "../../platform/exit_codes.ts";
import type { Io } from "../../platform/io.ts";
import { readForCli } from "../take_reading.ts";

export async function run({ options, values }: Invocation, io: Io): Promise<number> {
  const assertions = parseAssertions(values);
  const taken = await readForCli(options, io.env);
  if ("exitCode" in taken) return taken.exitCode; // a signal: session closed, say nothing
  const reading = taken.snapshot;
  const { snapshot, unmatched } = filterDevices(reading, options.ids);
  const results: AssertionResult[] = evaluateAssertions(snapshot, assertions, {
    devicesFound: reading.devices.length,
  });
  if (unmatched.length > 0) {
    results.unshift({
      assertion: `-i ${unmatched.join(",")}`,
      kind: "id",
      pass: false,
      observed: [],
      reason: `no device matches --id '${unmatched.join(",")}'`,
    });
  }
  const pass = results.every((r) => r.pass);
  const exitCode = reading.devices.length === 0 ? EXIT_NO_DEVICE : pass ? EXIT_OK : EXIT_FAILURE;
  const report: CheckReport = {
    pass: pass && exitCode === EXIT_OK,
    exitCode,
    devicesFound: reading.devices.length,
    devicesChecked: snapshot.devices.length,
    assertions: results,
    backends: snapshot.backends,
  };
  io.out(
    options.format === "json"
      ? renderCheckJson(report)
      : renderCheckTable(report, { header: options.header, color: options.color }),
  );
  return exitCode;
}
