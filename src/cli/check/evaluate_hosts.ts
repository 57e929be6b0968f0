/**
 * `check --hosts`: every assertion judged on every host that was read, as if run there
 * (`--min-gpus 8` asks each host for 8), and each host that could not be read a failing row of
 * its own naming it — an unreachable host never passes silently. One result per assertion,
 * its observations tagged with their host, failing when it fails on any host.
 */
import { filterDevices } from "../../model/device_filter.ts";
import type { Snapshot } from "../../model/types.ts";
import { hostPart } from "../../render/host_groups.ts";
import type { Assertion, AssertionResult } from "./assertions.ts";
import { evaluateAssertions } from "./evaluate.ts";

export interface HostsVerdict {
  results: AssertionResult[];
  devicesFound: number;
  devicesChecked: number;
  /** Hosts that could not be read. */
  unreachable: string[];
}

export function evaluateHosts(
  merged: Snapshot,
  assertions: readonly Assertion[],
  ids: readonly string[] | null,
): HostsVerdict {
  const perHost: AssertionResult[][] = [];
  const unmatchedOn = new Map<string, number>();
  const verdict: HostsVerdict = {
    results: [],
    devicesFound: 0,
    devicesChecked: 0,
    unreachable: [],
  };
  const hostRows: AssertionResult[] = [];
  for (const entry of merged.hosts ?? []) {
    if (entry.status !== "ok") {
      verdict.unreachable.push(entry.host);
      hostRows.push({
        assertion: `--hosts ${entry.host}`,
        kind: "host",
        pass: false,
        observed: [],
        reason: `not read: ${entry.status}${entry.detail === null ? "" : ` (${entry.detail})`}`,
      });
      continue;
    }
    const part = hostPart(merged, entry.host);
    const { snapshot, unmatched } = filterDevices(part, ids);
    for (const id of unmatched) unmatchedOn.set(id, (unmatchedOn.get(id) ?? 0) + 1);
    verdict.devicesFound += part.devices.length;
    verdict.devicesChecked += snapshot.devices.length;
    const results = evaluateAssertions(snapshot, assertions, { devicesFound: part.devices.length });
    perHost.push(results.map((r) => tagged(r, entry.host)));
  }
  verdict.results = assertions.map((assertion, i) =>
    perHost.length === 0 ? unjudged(assertion) : combined(perHost.map((rows) => rows[i]!))
  );
  const read = perHost.length;
  const unmatched = [...unmatchedOn].filter(([, n]) => read > 0 && n === read).map(([id]) => id);
  if (unmatched.length > 0) {
    verdict.results.unshift({
      assertion: `-i ${unmatched.join(",")}`,
      kind: "id",
      pass: false,
      observed: [],
      reason: `no device on any host matches --id '${unmatched.join(",")}'`,
    });
  }
  verdict.results.unshift(...hostRows);
  return verdict;
}

/** The result with each observation, and its reason, naming the host. */
function tagged(result: AssertionResult, host: string): AssertionResult {
  return {
    ...result,
    observed: result.observed.map((o) => ({ ...o, host })),
    reason: result.reason === null ? null : `${host}: ${result.reason}`,
  };
}

/** An assertion with no host read to judge it on: it fails. */
function unjudged(assertion: Assertion): AssertionResult {
  return {
    assertion: assertion.label,
    kind: assertion.kind,
    pass: false,
    observed: [],
    reason: "no host could be read",
  };
}

/** One assertion's results on every host as one: it passes only where it passed on all. */
function combined(results: readonly AssertionResult[]): AssertionResult {
  const first = results[0];
  if (first === undefined) throw new Error("combined: no host was read");
  const reasons = results.filter((r) => !r.pass && r.reason !== null).map((r) => r.reason);
  return {
    ...first,
    pass: results.every((r) => r.pass),
    observed: results.flatMap((r) => r.observed),
    reason: reasons.length === 0 ? null : reasons.join("; "),
  };
}
