/**
 * `gputop fit SIZE`: which devices have at least SIZE of memory free, most free first.
 * Exit 0 when one does, 1 when none does, 3 when no device was found at all.
 * Devices whose free memory nobody reports never fit, and are named on stderr. With `--hosts`
 * the answer is across the fleet, each device's host named, and hosts not read are on stderr.
 */
import { formatBytes, jsonSafe, renderTable } from "../../render/mod.ts";
import type { Invocation } from "../command.ts";
import { EXIT_FAILURE, EXIT_NO_DEVICE, EXIT_OK } from "../../platform/exit_codes.ts";
import { devicesThatFit } from "../fit/select.ts";
import type { Io } from "../../platform/io.ts";
import { parseSizeBytes } from "../parse_size.ts";
import { takeReading } from "../take_reading.ts";
import { backendProblems } from "../check/evaluate.ts";
import type { ListedDevice } from "../../model/types.ts";
import { escapeText } from "../../render/escape_text.ts";

const COLUMNS = [
  { title: "GPU", align: "right" },
  { title: "NAME", align: "left", maxWidth: 48 },
  { title: "FREE", align: "right" },
  { title: "TOTAL", align: "right" },
] as const;

export async function run({ options, positionals }: Invocation, io: Io): Promise<number> {
  const sizeText = positionals[0] ?? "";
  const sizeBytes = parseSizeBytes("SIZE", sizeText);
  const reading = await takeReading(options, io.env);
  if ("exitCode" in reading) return reading.exitCode; // a signal: session closed, say nothing
  if (!reading.ok) {
    io.err(`gputop: ${reading.message}\n`);
    return EXIT_FAILURE;
  }
  const { snapshot } = reading;
  // With --hosts: the hosts not read, whatever the answer (their devices could have fit).
  for (const entry of snapshot.hosts ?? []) {
    if (entry.status !== "ok") {
      io.err(`gputop: ${entry.host} not read: ${entry.status} (${entry.detail})\n`);
    }
  }
  // The same objects come back, each with its `host` when read through --hosts.
  const fitting = devicesThatFit(snapshot.devices, sizeBytes) as ListedDevice[];
  const exitCode = snapshot.devices.length === 0
    ? EXIT_NO_DEVICE
    : fitting.length > 0
    ? EXIT_OK
    : EXIT_FAILURE;
  if (options.format === "json") {
    const hosts = snapshot.hosts === undefined ? {} : { hosts: snapshot.hosts };
    const json = { sizeBytes, devices: fitting, backends: snapshot.backends, ...hosts };
    io.out(JSON.stringify(jsonSafe(json), null, 2) + "\n");
    return exitCode;
  }
  if (snapshot.devices.length === 0) {
    const why = backendProblems(snapshot);
    io.out(`No GPUs found${why.length > 0 ? ` (${why.join("; ")})` : ""}.\n`);
    return exitCode;
  }
  if (fitting.length === 0) {
    io.out(`No device has ${formatBytes(sizeBytes)} (${sizeText}) free.\n`);
  } else {
    io.out(fitTable(fitting, snapshot.hosts !== undefined, options));
  }
  const unknown = snapshot.devices.filter((d) => d.memoryFreeBytes === null);
  if (unknown.length > 0) {
    io.err(`gputop: free memory not reported for device ${unknown.map(deviceName).join(", ")}\n`);
  }
  return exitCode;
}

/** The fitting devices, most free first; with `--hosts` a HOST column first. */
function fitTable(
  fitting: readonly ListedDevice[],
  hosted: boolean,
  options: { header: boolean; color: boolean },
): string {
  const rows = fitting.map((d) => [
    ...(hosted ? [escapeText(d.host ?? "")] : []),
    String(d.index),
    d.name ?? d.id,
    formatBytes(d.memoryFreeBytes),
    formatBytes(d.memoryTotalBytes),
  ]);
  const columns = hosted ? [{ title: "HOST", align: "left" } as const, ...COLUMNS] : COLUMNS;
  return renderTable(columns, rows, options);
}

/** `3`, or with `--hosts` `gpu-07:9757 3`. */
function deviceName(device: ListedDevice): string {
  return device.host === undefined ? String(device.index) : `${device.host} ${device.index}`;
}
