/**
 * Writes fixtures/nvidia-smi/*.csv from the real captures: what gputop's exact queries
 * (`--format=csv,noheader,nounits`, the fields of src/backends/nvidia-smi/fields.ts) would
 * have printed on the captured machines.
 *
 * The captures ran `--query-gpu=<every field> --format=csv`: a header of canonical field
 * names with `[unit]`, and values with units. Columns are picked by header name, and each
 * value loses the unit its header names (`81559 MiB` under `memory.total [MiB]` → `81559`),
 * as `nounits` prints it. Markers such as `[N/A]` are kept as printed.
 *
 *   deno run -A test/fakes/nvidia-smi/make_fixtures.ts [REALDATA_NVIDIA_SMI_DIR]
 *
 * (default /work/shared/realdata/nvidia-smi). `fixtures_test.ts` checks that the committed
 * files equal this output when the captures are at hand.
 */
import {
  APP_FIELDS,
  GPU_FIELDS,
  GPU_FIELDS_CONSERVATIVE,
} from "../../../src/backends/nvidia-smi/fields.ts";

export const DEFAULT_REALDATA_DIR = "/work/shared/realdata/nvidia-smi";
export const FIXTURES_DIR = new URL("../../../fixtures/nvidia-smi/", import.meta.url);

/** Capture stem (without `__idle-query-gpu.txt`) → fixture name stem. */
export const CAPTURES: Readonly<Record<string, string>> = {
  "gpuexp-linux-x86_64__nvidia-geforce-rtx-2080-super__595.71.05": "rtx-2080-super-595.71.05",
  "gpuexp-linux-x86_64__nvidia-geforce-rtx-4080-super__595.71.05": "rtx-4080-super-595.71.05",
  "gpuexp-linux-x86_64__nvidia-h100-80gb-hbm3__590.48.01": "h100-80gb-hbm3-590.48.01",
};
export const STATES = ["idle", "load"] as const;

/** Which capture also gets the conservative-field-list variant (for the fallback test). */
const CONSERVATIVE_FROM = "h100-80gb-hbm3-590.48.01-load";

const BPYTOP_CAPTURE = "nvidia-smi-query-gpu-csv-bpytop-issue26-gtx1080ti-gtx1060.txt";

interface Table {
  /** Header names without their ` [unit]`. */
  names: string[];
  /** The unit each header names (`MiB`), or null. */
  units: (string | null)[];
  rows: string[][];
}

/** The CSV table of a capture: the line after the `$ nvidia-smi` command, and rows to a blank. */
export function readCaptureTable(text: string): Table {
  const lines = text.split("\n");
  const commandAt = lines.findIndex((line) => /^\S*\s*\$\s+(time\s+)?nvidia-smi /.test(line));
  if (commandAt === -1) throw new Error("no `$ nvidia-smi` command line in the capture");
  const headerCells = (lines[commandAt + 1] ?? "").split(", ");
  const names = headerCells.map((cell) => cell.replace(/\s*\[[^\]]*\]$/, ""));
  const units = headerCells.map((cell) => /\[([^\]]*)\]$/.exec(cell)?.[1] ?? null);
  const rows: string[][] = [];
  for (const line of lines.slice(commandAt + 2)) {
    if (line.trim() === "") break;
    const cells = line.split(", ");
    if (cells.length !== names.length) {
      throw new Error(`row has ${cells.length} cells, header ${names.length}: ${line}`);
    }
    rows.push(cells);
  }
  return { names, units, rows };
}

/** The rows as `--format=csv,noheader,nounits --query-...=fields` prints them. */
export function selectColumns(table: Table, fields: readonly string[]): string {
  const positions = fields.map((field) => {
    const position = table.names.indexOf(field);
    if (position === -1) throw new Error(`the capture has no column ${field}`);
    return position;
  });
  return table.rows.map((row) =>
    positions.map((position) => {
      const value = row[position] ?? "";
      const unit = table.units[position];
      return unit && value.endsWith(` ${unit}`) ? value.slice(0, -unit.length - 1) : value;
    }).join(", ") + "\n"
  ).join("");
}

/**
 * The `gputop query` comparison files (`*-gpu-units.csv`, `*-apps-units.csv`): these fields
 * as `--format=csv` printed them, header and units kept. They are the fields whose values
 * gputop's nvidia-smi backend reads, so `gputop query` over the fake nvidia-smi serving a
 * capture must print them byte for byte (test/cli/query_captures_e2e_test.ts).
 */
export const UNITS_GPU_FIELDS = [
  "index",
  "name",
  "uuid",
  "serial",
  "pci.bus_id",
  "driver_version",
  "memory.total",
  "memory.used",
  "memory.free",
  "utilization.gpu",
  "utilization.memory",
  "temperature.gpu",
  "power.draw",
  "power.limit",
  "enforced.power.limit",
  "clocks.current.graphics",
  "clocks.current.memory",
  "clocks.max.graphics",
  "clocks.max.memory",
  "fan.speed",
  "pstate",
  "pcie.link.gen.current",
  "pcie.link.width.current",
  "mig.mode.current",
  "compute_cap",
] as const;
export const UNITS_APP_FIELDS = [
  "gpu_name",
  "gpu_bus_id",
  "gpu_serial",
  "gpu_uuid",
  "pid",
  "process_name",
  "used_gpu_memory",
] as const;

/** The header and rows as `--format=csv --query-...=fields` prints them (units kept). */
export function selectColumnsWithUnits(table: Table, fields: readonly string[]): string {
  const positions = fields.map((field) => {
    const position = table.names.indexOf(field);
    if (position === -1) throw new Error(`the capture has no column ${field}`);
    return position;
  });
  const header = positions.map((position) => {
    const unit = table.units[position];
    return unit ? `${table.names[position]} [${unit}]` : table.names[position];
  });
  const rows = table.rows.map((row) => positions.map((position) => row[position] ?? ""));
  return [header, ...rows].map((cells) => cells.join(", ") + "\n").join("");
}

/** Fixture file name → content. */
export async function makeFixtures(realdataDir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const read = (name: string) => Deno.readTextFile(`${realdataDir}/${name}`);
  for (const [capture, stem] of Object.entries(CAPTURES)) {
    for (const state of STATES) {
      const gpu = readCaptureTable(await read(`${capture}__${state}-query-gpu.txt`));
      const apps = readCaptureTable(await read(`${capture}__${state}-query-compute-apps.txt`));
      files.set(`${stem}-${state}-gpu.csv`, selectColumns(gpu, GPU_FIELDS));
      files.set(`${stem}-${state}-apps.csv`, selectColumns(apps, APP_FIELDS));
      files.set(`${stem}-${state}-gpu-units.csv`, selectColumnsWithUnits(gpu, UNITS_GPU_FIELDS));
      files.set(`${stem}-${state}-apps-units.csv`, selectColumnsWithUnits(apps, UNITS_APP_FIELDS));
      if (`${stem}-${state}` === CONSERVATIVE_FROM) {
        files.set(
          `${stem}-${state}-gpu-conservative.csv`,
          selectColumns(gpu, GPU_FIELDS_CONSERVATIVE),
        );
      }
    }
  }
  // The 2020 paste keeps its units inside the values: rows verbatim, for parser robustness.
  const bpytopTable = readCaptureTable(await read(BPYTOP_CAPTURE));
  files.set(
    "gtx1080ti-gtx1060-2020-units-gpu.csv",
    bpytopTable.rows.map((row) => row.join(", ") + "\n").join(""),
  );
  return files;
}

if (import.meta.main) {
  const realdataDir = Deno.args[0] ?? DEFAULT_REALDATA_DIR;
  for (const [name, content] of await makeFixtures(realdataDir)) {
    await Deno.writeTextFile(new URL(name, FIXTURES_DIR), content);
  }
}
