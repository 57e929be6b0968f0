/**
 * `gputop check`: assertions for CI jobs on GPU hosts. Exit 0 when all pass, 1 when any fails,
 * 3 when no backend found any device at all, 2 for a usage error. With `--hosts`, on every
 * host (check/evaluate_hosts.ts).
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
import type { Assertion } from "../check/assertions.ts";
import { evaluateHosts } from "../check/evaluate_hosts.ts";
import type { CliOptions } from "../cli_options.ts";
import type { FleetOptions } from "../fleet_options.ts";
import { readFleet } from "../read_fleet.ts";

export async function run({ options, values }: Invocation, io: Io): Promise<number> {
  const assertions = parseAssertions(values);
  if (options.fleet !== undefined) return await runOnHosts(options, options.fleet, assertions, io);
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

/**
 * `check --hosts`: the assertions on every host read; exit 1 when any fails or any host could
 * not be read (each named), 3 when every host was read and none has a device.
 */
async function runOnHosts(
  options: CliOptions,
  fleet: FleetOptions,
  assertions: readonly Assertion[],
  io: Io,
): Promise<number> {
  const { snapshot } = await readFleet(fleet, null);
  const verdict = evaluateHosts(snapshot, assertions, options.ids);
  const pass = verdict.results.every((r) => r.pass);
  const exitCode = verdict.unreachable.length > 0 || (!pass && verdict.devicesFound > 0)
    ? EXIT_FAILURE
    : verdict.devicesFound === 0
    ? EXIT_NO_DEVICE
    : EXIT_OK;
  const report: CheckReport = {
    pass: exitCode === EXIT_OK,
    exitCode,
    devicesFound: verdict.devicesFound,
    devicesChecked: verdict.devicesChecked,
    assertions: verdict.results,
    backends: snapshot.backends,
    hosts: snapshot.hosts ?? [],
  };
  io.out(
    options.format === "json"
      ? renderCheckJson(report)
      : renderCheckTable(report, { header: options.header, color: options.color }),
  );
  return exitCode;
}
