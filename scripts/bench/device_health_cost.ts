/**
 * What GPU health adds to a sample, per device, in CPU time, over the fake NVML, Level Zero
 * and AMD SMI libraries (issue #19: under 1 ms per device with the fakes).
 *
 * "With health" minus "without" is exactly the health reads, so each vendor's health read
 * functions are timed on their own over the fake's sick board (every call answers, the most
 * work): NVML `readHealth` (read_health.ts), Level Zero `readPcieLink` + `readRasErrors`
 * (its clock reasons and memory health arrive in structs read for clocks and memory anyway),
 * AMD SMI `readHealth`. NVML and AMD SMI are timed twice: one-shot (every value read) and
 * live (the slow values from the 10 s cache, as `watch`, `top` and `serve` read them).
 * CPU is `process.cpuUsage` (user + system) over many samples, divided by samples × devices.
 *
 * `deno run -A scripts/bench/device_health_cost.ts` prints the rows; scripts/bench.ts may
 * call {@linkcode deviceHealthCost}. Needs a C compiler (the fakes are built here).
 */
import process from "node:process";
import { FieldReader } from "../../src/ffi/field_reader.ts";
import type { DeviceReading } from "../../src/model/types.ts";
import { openAmdsmiLibrary } from "../../src/backends/amdsmi/library.ts";
import { readHealth as readAmdsmiHealth } from "../../src/backends/amdsmi/read_health.ts";
import type { SlowHealth as AmdsmiSlow } from "../../src/backends/amdsmi/read_health.ts";
import { LAYOUTS } from "../../src/backends/amdsmi/layouts.ts";
import * as amdsmiCodes from "../../src/backends/amdsmi/return_codes.ts";
import { openNvmlLibrary } from "../../src/backends/nvml/library.ts";
import { FIELD_ERRORS as NVML_FIELD_ERRORS } from "../../src/backends/nvml/read_device.ts";
import { readHealth as readNvmlHealth } from "../../src/backends/nvml/read_health.ts";
import type { SlowHealth as NvmlSlow } from "../../src/backends/nvml/read_health.ts";
import { openZeLibrary } from "../../src/backends/level-zero/library.ts";
import { readPcieLink, readRasErrors } from "../../src/backends/level-zero/read_health.ts";
import * as zeCodes from "../../src/backends/level-zero/return_codes.ts";
import { SlowHealthCache } from "../../src/backends/slow_health_cache.ts";
import { buildFakeAmdsmi, setFakeAmdsmiScenario } from "../../test/fakes/amdsmi/build_fake.ts";
import { buildFakeNvml } from "../../test/fakes/nvml/build_fake_nvml.ts";
import { buildFakeZe, setFakeZeScenario } from "../../test/fakes/level-zero/build_fake_ze.ts";

/** One line of the bench's table. */
export interface BenchRow {
  figure: string;
  value: string;
  target: string;
}

const TARGET = "< 1 ms";
const AMDSMI_ERRORS = { errorType: amdsmiCodes.AmdsmiError, ...predicates(amdsmiCodes) };
const ZE_ERRORS = { errorType: zeCodes.ZeError, ...predicates(zeCodes) };

function predicates(codes: {
  isFatalForDevice(code: number): boolean;
  isQuietlyUnsupported(code: number): boolean;
}) {
  return {
    isFatalForDevice: codes.isFatalForDevice,
    isQuietlyUnsupported: codes.isQuietlyUnsupported,
  };
}

/** CPU ms per device per sample of `sample()`, which reads `devices` devices once. */
function cpuMsPerDevice(samples: number, devices: number, sample: () => void): number {
  for (let i = 0; i < Math.min(50, samples); i++) sample(); // warm the JIT
  const start = process.cpuUsage();
  for (let i = 0; i < samples; i++) sample();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / (samples * devices);
}

/** A bench over reads that all failed would time nothing: the sick board must show errors. */
function assertRead(vendor: string, health: Partial<DeviceReading>, fields: FieldReader): void {
  if (health.eccErrors === null || health.eccErrors === undefined || fields.error !== null) {
    throw new Error(`${vendor} health read nothing from the fake: ${fields.error ?? "no ECC"}`);
  }
}

function row(figure: string, ms: number): BenchRow {
  return { figure, value: `${ms.toFixed(3)} ms`, target: TARGET };
}

async function nvmlRows(samples: number): Promise<BenchRow[]> {
  Deno.env.set("FAKE_NVML_SCENARIO", "sick");
  const opened = openNvmlLibrary([await buildFakeNvml()]);
  if (!opened.ok) throw new Error(`fake NVML did not load: ${opened.tried.join(", ")}`);
  const nvml = opened.library;
  nvml.init();
  try {
    const handles = Array.from({ length: nvml.deviceCount() }, (_, i) => nvml.handle(i));
    const cache = new SlowHealthCache<NvmlSlow>(() => 0);
    const check = new FieldReader(NVML_FIELD_ERRORS);
    assertRead("NVML", readNvmlHealth({ nvml, h: handles[0]!, fields: check }, null), check);
    const sample = (live: boolean) => () => {
      handles.forEach((h, i) => {
        const fields = new FieldReader(NVML_FIELD_ERRORS);
        readNvmlHealth({ nvml, h, fields }, live ? { cache, key: String(i) } : null);
      });
    };
    return [
      row(
        "NVML health, one-shot (per device)",
        cpuMsPerDevice(samples, handles.length, sample(false)),
      ),
      row("NVML health, live (per device)", cpuMsPerDevice(samples, handles.length, sample(true))),
    ];
  } finally {
    nvml.shutdown();
    nvml.close();
  }
}

async function zeRows(samples: number): Promise<BenchRow[]> {
  setFakeZeScenario("arc-sick");
  const opened = openZeLibrary([await buildFakeZe()]);
  if (!opened.ok) throw new Error(`fake Level Zero did not load: ${opened.tried.join(", ")}`);
  const ze = opened.library;
  ze.init();
  try {
    const devices = ze.drivers().flatMap((driver) => ze.devices(driver));
    const pci = devices.map((device) => ze.pciProperties(device));
    const check = new FieldReader(ZE_ERRORS);
    assertRead("Level Zero", readRasErrors(ze, devices[0]!, check), check);
    const sample = () => {
      devices.forEach((device, i) => {
        const fields = new FieldReader(ZE_ERRORS);
        readPcieLink(ze, device, fields, pci[i]!);
        readRasErrors(ze, device, fields);
      });
    };
    return [row("Level Zero health (per device)", cpuMsPerDevice(samples, devices.length, sample))];
  } finally {
    ze.close();
  }
}

async function amdsmiRows(samples: number): Promise<BenchRow[]> {
  setFakeAmdsmiScenario("mi300-sick");
  const opened = openAmdsmiLibrary([await buildFakeAmdsmi("a70")]);
  if (!opened.ok) throw new Error(`fake AMD SMI did not load: ${opened.tried.join(", ")}`);
  const amdsmi = opened.library;
  amdsmi.init();
  amdsmi.useLayouts(LAYOUTS.A70);
  try {
    const handles = amdsmi.sockets().flatMap((socket) => amdsmi.processors(socket));
    const cache = new SlowHealthCache<AmdsmiSlow>(() => 0);
    const check = new FieldReader(AMDSMI_ERRORS);
    const health = readAmdsmiHealth({ amdsmi, handle: handles[1]!, fields: check }, null);
    assertRead("AMD SMI", health, check);
    const sample = (live: boolean) => () => {
      handles.forEach((handle, i) => {
        const fields = new FieldReader(AMDSMI_ERRORS);
        readAmdsmiHealth({ amdsmi, handle, fields }, live ? { cache, key: String(i) } : null);
      });
    };
    return [
      row(
        "AMD SMI health, one-shot (per device)",
        cpuMsPerDevice(samples, handles.length, sample(false)),
      ),
      row(
        "AMD SMI health, live (per device)",
        cpuMsPerDevice(samples, handles.length, sample(true)),
      ),
    ];
  } finally {
    amdsmi.shutdown();
    amdsmi.close();
  }
}

/** The added CPU of health reads per device per sample, for each vendor library's fake. */
export async function deviceHealthCost(samples = 2000): Promise<BenchRow[]> {
  return [...await nvmlRows(samples), ...await zeRows(samples), ...await amdsmiRows(samples)];
}

if (import.meta.main) {
  const rows = await deviceHealthCost();
  const lines = ["| figure | value | target |", "| --- | --- | --- |"];
  for (const r of rows) lines.push(`| ${r.figure} | ${r.value} | ${r.target} |`);
  await Deno.stdout.write(new TextEncoder().encode(lines.join("\n") + "\n"));
}
