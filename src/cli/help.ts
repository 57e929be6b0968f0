/** The `--help` text. Kept next to the option parser it describes. */
import { BACKENDS } from "../backends/mod.ts";
import { VERSION } from "../version.ts";

/** The registry's ids, so help never offers a backend that does not exist (or omits one). */
const BACKEND_LIST = BACKENDS.map((backend) => backend.id).join(", ");

export const HELP_TEXT = `gputop ${VERSION} — what every GPU is doing, and who holds its memory

Usage: gputop [COMMAND] [OPTIONS]

Commands:
  snapshot          one reading: devices, then processes (default)
  ps                per-process GPU memory, largest first
  backends          each backend: ok / unavailable / error / skipped, and why
  schema            JSON Schema of the --json output
  help, version

Options:
  --format FMT      table (default), json or csv; --json and --csv are shorthands
  --no-header       omit the header row (table, csv)
  --no-color        no colour (also when NO_COLOR is set or stdout is not a terminal)
  -i, --id LIST     only these devices: index, UUID or PCI address, comma separated
  --backends LIST   only these backends (${BACKEND_LIST});
                    naming one forces it on where it is off by default
  --proc-root DIR   read processes from DIR instead of /proc (env GPUTOP_PROC_ROOT)
  --sys-root DIR    read devices from DIR instead of /sys (env GPUTOP_SYS_ROOT)
  --sample-window D take two samples D apart (e.g. 500ms) so rates such as engine
                    busy % and watts from energy counters are known
  --lazy-init       release vendor libraries between samples (env GPUTOP_LAZY_INIT=1)
  -h, --help        this text
  -V, --version     print the version

Environment:
  GPUTOP_NVML_LIB, GPUTOP_ZE_LIB, GPUTOP_AMDSMI_LIB   a library path tried first
  GPUTOP_MACMON, GPUTOP_NVIDIA_SMI                    a program path used instead of PATH

Exit codes: 0 ok · 1 failure · 2 usage error · 3 no device (check/fit)
`;
