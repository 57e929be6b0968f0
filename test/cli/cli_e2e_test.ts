/**
 * gputop as a user runs it, with no GPU backend available at all: it must still succeed,
 * print an empty device list, and say why each backend is unavailable.
 */
import assert from "node:assert/strict";
import { Ajv2020 } from "npm:ajv@8.17.1/dist/2020.js";
import { MAIN_TS, parseJsonOutput, runCli } from "../support/run_cli.ts";
import { assertUsageError } from "../support/usage_error.ts";

/** An environment in which no backend can find anything. */
function nothingAvailable(): { env: Record<string, string>; args: string[]; cleanup(): void } {
  const root = Deno.makeTempDirSync();
  Deno.mkdirSync(`${root}/sys/class/drm`, { recursive: true });
  Deno.mkdirSync(`${root}/proc`, { recursive: true });
  return {
    env: {
      GPUTOP_NVML_LIB: `${root}/missing/libnvidia-ml.so.1`,
      // An empty search path so the real soname (installed in CI) is not found either.
      LD_LIBRARY_PATH: `${root}/missing`,
      GPUTOP_NVIDIA_SMI: `${root}/missing/nvidia-smi`,
      GPUTOP_MACMON: `${root}/missing/macmon`,
    },
    args: ["--sys-root", `${root}/sys`, "--proc-root", `${root}/proc`],
    cleanup: () => Deno.removeSync(root, { recursive: true }),
  };
}

Deno.test("gputop --json with no backend available exits 0 with no devices", async () => {
  const setup = nothingAvailable();
  try {
    const result = await runCli(["--json", ...setup.args], { env: setup.env });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, "");
    const snapshot = parseJsonOutput(result) as {
      devices: unknown[];
      processes: unknown[];
      backends: { id: string; status: string; detail: string | null }[];
    };
    assert.deepEqual(snapshot.devices, []);
    assert.deepEqual(snapshot.processes, []);
    for (const backend of snapshot.backends) {
      assert.notEqual(backend.status, "ok", backend.id);
      assert.ok(backend.detail && backend.detail.length > 0, `${backend.id} says why`);
    }
  } finally {
    setup.cleanup();
  }
});

Deno.test("gputop backends says why each backend is unavailable or skipped", async () => {
  const setup = nothingAvailable();
  try {
    const result = await runCli(["backends", ...setup.args], { env: setup.env });
    assert.equal(result.code, 0, result.stderr);
    for (const id of ["nvml", "nvidia-smi", "drm", "macmon"]) {
      assert.match(result.stdout, new RegExp(`^${id}\\s`, "m"), `row for ${id}`);
    }
    assert.match(result.stdout, /unavailable/);
    // macmon is off by default on Linux and says how to force it.
    assert.match(result.stdout, /--backends macmon/);
  } finally {
    setup.cleanup();
  }
});

Deno.test("gputop table with no devices says so instead of printing an empty table", async () => {
  const setup = nothingAvailable();
  try {
    const result = await runCli(setup.args, { env: setup.env });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /No GPUs found/);
    assert.match(result.stdout, /gputop backends/);
  } finally {
    setup.cleanup();
  }
});

Deno.test("gputop schema is a JSON Schema that real output validates against", async () => {
  const setup = nothingAvailable();
  try {
    const schemaResult = await runCli(["schema"]);
    assert.equal(schemaResult.code, 0, schemaResult.stderr);
    const schema = parseJsonOutput(schemaResult) as Record<string, unknown>;
    const validate = new Ajv2020({ strict: false }).compile(schema);
    const output = parseJsonOutput(await runCli(["--json", ...setup.args], { env: setup.env }));
    assert.ok(validate(output), JSON.stringify(validate.errors));
    // And it can fail: a device count where an array belongs is rejected.
    assert.equal(validate({ ...(output as object), devices: 0 }), false);
    assert.equal(validate({ ...(output as object), schemaVersion: 2 }), false);
  } finally {
    setup.cleanup();
  }
});

Deno.test("gputop usage errors print one line naming the flag and exit 2", async () => {
  for (
    const [args, needle] of [
      [["--frobnicate"], "--frobnicate"],
      [["--format", "yaml"], "yaml"],
      [["--backends", "cuda"], "cuda"],
      [["nonsense"], "nonsense"],
      [["-i", ""], "--id"],
      [["-i", ","], "--id"],
      [["--proc-root", "/nonexistent-gputop-root"], "/nonexistent-gputop-root"],
      [["--sys-root", MAIN_TS], MAIN_TS],
      [["--sample-window", "-1"], "invalid value for --sample-window: '-1'"],
    ] as const
  ) {
    await assertUsageError(args, needle);
  }
});

Deno.test("gputop --id that matches no device exits 1 and names it", async () => {
  const setup = nothingAvailable();
  try {
    const result = await runCli(["-i", "3", ...setup.args], { env: setup.env });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /no device matches --id '3'/);
  } finally {
    setup.cleanup();
  }
});

Deno.test("gputop --version and --help", async () => {
  const version = await runCli(["--version"]);
  assert.equal(version.code, 0);
  const config = JSON.parse(Deno.readTextFileSync(new URL("../../deno.json", import.meta.url)));
  assert.equal(version.stdout.trim(), `gputop ${config.version}`);
  const help = await runCli(["--help"]);
  assert.equal(help.code, 0);
  for (const flag of ["--json", "--csv", "--backends", "--proc-root", "--sys-root", "--id"]) {
    assert.ok(help.stdout.includes(flag), flag);
  }
});
