/**
 * The whole CLI over generated hostile inputs: a DRM fixture tree whose fdinfo, sysfs and
 * /proc status values are replaced by generated ones (huge, negative, NaN, binary, long,
 * CRLF, duplicated), and nvidia-smi / macmon programs that print generated output. Whatever
 * the input, gputop exits 0 and its JSON validates against what `gputop schema` prints.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import fc from "../support/fast_check.ts";
import { GPU_FIELDS } from "../../src/backends/nvidia-smi/fields.ts";
import type { Snapshot } from "../../src/model/types.ts";
import { copyTree, pciDir, procRootOf, sysRootOf } from "../linux/sysfs/fixture_tree.ts";
import { hostileNumber, hostileText, hostileValue } from "../support/hostile.ts";
import { parseJsonOutput, runCli } from "../support/run_cli.ts";
import { schemaValidator } from "../support/schema_validator.ts";

/** Generated CLI runs are slow (a deno subprocess each): a few per property. */
const CLI_RUNS = { numRuns: 15 } as const;

/** An fdinfo memory value: mostly number-shaped with the kernel's units, sometimes anything. */
const fdinfoMemory = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(hostileNumber, fc.constantFrom(" KiB", " MiB", "")) },
  { weight: 1, arbitrary: fc.tuple(hostileValue, fc.constant("")) },
).map(([number, unit]) => number + unit);

const lineEnd = fc.constantFrom("\n", "\r\n");

/** Values for the files of the amdgpu-discrete tree that the DRM backend reads. */
const treeValues = fc.record({
  vram: fdinfoMemory,
  vramDuplicate: fc.option(fdinfoMemory, { nil: undefined }),
  engineGfx: hostileValue,
  vramTotal: hostileValue,
  vramUsed: hostileValue,
  busy: hostileValue,
  sclk: fc.oneof(hostileText, hostileValue.map((v) => `0: ${v}Mhz *`)),
  temp: hostileValue,
  power: hostileValue,
  pwm: hostileValue,
  vmRss: hostileValue,
  end: lineEnd,
  ps: fc.boolean(),
  window: fc.boolean(),
});

type TreeValues = typeof treeValues extends fc.Arbitrary<infer T> ? T : never;

function writeTree(dir: string, v: TreeValues): string[] {
  const proc = join(dir, "proc");
  const sys = join(dir, "sys");
  copyTree(procRootOf("amdgpu-discrete"), proc);
  copyTree(sysRootOf("amdgpu-discrete"), sys);
  const fdinfo = join(proc, "2001", "fdinfo", "4");
  const lines = Deno.readTextFileSync(fdinfo).split("\n")
    .map((line) =>
      /^drm-(?:memory|total|resident)-vram:/.test(line)
        ? `${line.slice(0, line.indexOf(":"))}:\t${v.vram}`
        : line.startsWith("drm-engine-gfx:")
        ? `drm-engine-gfx:\t${v.engineGfx} ns`
        : line
    );
  if (v.vramDuplicate !== undefined) lines.push(`drm-memory-vram:\t${v.vramDuplicate}`);
  Deno.writeTextFileSync(fdinfo, lines.join(v.end));
  const device = pciDir(sys, "0000:03:00.0");
  const hwmon = join(device, "hwmon", "hwmon0");
  const files: [string, string][] = [
    [join(device, "mem_info_vram_total"), v.vramTotal],
    [join(device, "mem_info_vram_used"), v.vramUsed],
    [join(device, "gpu_busy_percent"), v.busy],
    [join(device, "pp_dpm_sclk"), v.sclk],
    [join(hwmon, "temp1_input"), v.temp],
    [join(hwmon, "power1_average"), v.power],
    [join(hwmon, "pwm1"), v.pwm],
  ];
  for (const [path, value] of files) Deno.writeTextFileSync(path, value + v.end);
  const status = join(proc, "2001", "status");
  const statusText = Deno.readTextFileSync(status).replace(/VmRSS:[^\n]*/, `VmRSS:\t${v.vmRss}`);
  Deno.writeTextFileSync(status, statusText.replaceAll("\n", v.end));
  return [
    v.ps ? "ps" : "snapshot",
    "--json",
    "--backends",
    "drm",
    "--proc-root",
    proc,
    "--sys-root",
    sys,
    ...(v.window ? ["--sample-window", "20ms"] : []),
  ];
}

async function assertValidRun(args: string[], env: Record<string, string> = {}): Promise<unknown> {
  const validate = await schemaValidator();
  const result = await runCli(args, { env });
  assert.equal(result.code, 0, result.stderr);
  const output = parseJsonOutput(result);
  const verdict = validate(output);
  assert.ok(verdict.ok, verdict.errors);
  return output;
}

Deno.test("generated hostile DRM trees: exit 0 and JSON valid against gputop schema", async () => {
  await fc.assert(
    fc.asyncProperty(treeValues, async (values) => {
      const dir = Deno.makeTempDirSync({ prefix: "gputop-generated-" });
      try {
        const output = await assertValidRun(writeTree(dir, values)) as Snapshot;
        // Hostile values cost values, never the device or the process.
        assert.deepEqual(output.devices.map((d) => d.id), ["0000:03:00.0"]);
        if (values.end === "\n") {
          // (fdinfo with CRLF line ends is the fdinfo parser's own property to decide.)
          assert.ok(output.processes.some((p) => p.pid === 2001), "pid 2001 listed");
        }
      } finally {
        Deno.removeSync(dir, { recursive: true });
      }
    }),
    CLI_RUNS,
  );
});

/** nvidia-smi rows with hostile cells among good ones. */
const smiOutput = fc.tuple(
  fc.array(
    fc.array(
      fc.oneof(hostileValue, fc.constantFrom("0", "00000000:01:00.0", "GPU-0a1b-2c3d", "[N/A]")),
      { minLength: GPU_FIELDS.length, maxLength: GPU_FIELDS.length },
    ).map((cells) => cells.join(", ")),
    { maxLength: 3 },
  ),
  lineEnd,
).map(([rows, end]) => rows.join(end) + end);

const macmonOutput = fc.oneof(
  hostileText,
  fc.record({
    gpu_usage: fc.tuple(hostileValue, hostileValue),
    gpu_power: fc.oneof(fc.double(), fc.constant(1e308)),
    memory: fc.record({ ram_total: fc.oneof(fc.nat(), fc.constant(2 ** 60)), ram_usage: fc.nat() }),
    temp: fc.record({ gpu_temp_avg: fc.double() }),
  }).map((o) => JSON.stringify(o)),
);

Deno.test("generated nvidia-smi and macmon output: exit 0 and JSON valid", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-generated-programs-" });
  const empty = join(dir, "root");
  Deno.mkdirSync(empty);
  const answer = join(dir, "answer");
  const program = join(dir, "program");
  // Prints the generated answer whatever it is asked (version, query-gpu, query-apps, pipe).
  Deno.writeTextFileSync(program, `#!/bin/sh\ncat '${answer}'\n`);
  Deno.chmodSync(program, 0o755);
  try {
    await fc.assert(
      fc.asyncProperty(fc.oneof(smiOutput, macmonOutput), fc.boolean(), async (text, ps) => {
        Deno.writeTextFileSync(answer, text);
        await assertValidRun(
          [ps ? "ps" : "snapshot", "--json", "--backends", "nvidia-smi,macmon"],
          {
            GPUTOP_NVIDIA_SMI: program,
            GPUTOP_MACMON: program,
            GPUTOP_PROC_ROOT: empty,
            GPUTOP_SYS_ROOT: empty,
          },
        );
      }),
      CLI_RUNS,
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
