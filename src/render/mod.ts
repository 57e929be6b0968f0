/** Renderers: pure functions from model values to text. No I/O anywhere under here. */
export { escapeText } from "./escape_text.ts";
export {
  displayWidth,
  fitToWidth,
  padEndToWidth,
  padStartToWidth,
  truncateToWidth,
} from "./display_width.ts";
export {
  formatBytes,
  formatCelsius,
  formatClocks,
  formatEngines,
  formatMemoryUsage,
  formatMHz,
  formatPercent,
  formatPowerUsage,
  formatWatts,
  UNKNOWN,
} from "./format_units.ts";
export { type Alignment, type Column, renderTable, type TableOptions } from "./table.ts";
export {
  BACKENDS_HINT,
  NO_GPUS_MESSAGE,
  NO_PROCESSES_MESSAGE,
  renderSnapshotTable,
  SNAPSHOT_COMMAND_MAX_WIDTH,
  type SnapshotTableOptions,
  summarizeSources,
} from "./snapshot_table.ts";
export {
  type CommandCut,
  DEVICE_WIDE_NOTE,
  type ProcessTableOptions,
  PS_COMMAND_MAX_WIDTH,
  renderProcessTable,
  sortProcessesByMemory,
} from "./process_table.ts";
export { type BackendsTableOptions, renderBackendsTable } from "./backends_table.ts";
export { jsonSafe, normalizeSnapshot, renderJson, renderJsonLine } from "./json.ts";
export {
  csvCell,
  csvField,
  type CsvOptions,
  csvRow,
  csvText,
  DEVICE_CSV_COLUMNS,
  flattenRecord,
  PROCESS_CSV_COLUMNS,
  renderDeviceCsv,
  renderProcessCsv,
} from "./csv.ts";
export { BACKEND_CSV_COLUMNS, renderBackendsCsv, renderBackendsJson } from "./backends_csv.ts";
