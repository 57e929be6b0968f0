/**
 * Runs gputop as a user does over every fixture (each Linux scenario tree, each macmon and
 * nvidia-smi capture, and the fake NVML, Level Zero and AMD SMI libraries in each of their
 * device scenarios) and writes each output to a file in OUT_DIR, with the timestamp and host
 * name replaced so two runs of the same code compare equal.
 *
 * Used to prove a refactor changes nothing: run it on the old commit and on the new one, then
 * `diff -r` the two folders (`deno run -A scripts/fixture_outputs.ts OUT_DIR`).
 */
import { join } from "node:path";
import {
  ACCEL_SCENARIOS,
  PLATFORM_SCENARIOS,
  scenarioRootOf,
  SCENARIOS,
} from "../test/linux/sysfs/fixture_tree.ts";
import { buildFakeNvml } from "../test/fakes/nvml/build_fake_nvml.ts";
import { buildFakeZe } from "../test/fakes/level-zero/build_fake_ze.ts";
import { buildFakeAmdsmi, GENERATION_VARIANTS } from "../test/fakes/amdsmi/build_fake.ts";
import { FAKE_MACMON, fixture, FIXTURES as MACMON_FIXTURES } from "../test/fakes/macmon/fake.ts";
import {
  CAPTURE_STATES,
  CAPTURE_STEMS,
  FAKE_NVIDIA_SMI,
  fixture as smiFixture,
  makeFakeExecutable,
} from "../test/fakes/nvidia-smi/fake.ts";
import { MAIN_TS, REPO_ROOT, runCli } from "../test/support/run_cli.ts";

const outDir = Deno.args[0];
if (outDir === undefined) {
  Deno.stderr.writeSync(new TextEncoder().encode("usage: fixture_outputs.ts OUT_DIR\n"));
  Deno.exit(2);
}
Deno.mkdirSync(outDir, { recursive: true });

/** The views of one reading whose text the refactor must not move. */
const VIEWS: readonly (readonly string[])[] = [
  ["snapshot", "--json"],
  ["snapshot"],
  ["snapshot", "--csv"],
  ["ps", "--json"],
  ["ps"],
  ["backends", "--json"],
];

/**
 * The fake Level Zero loader derives its energy counter from the monotonic clock, so its
 * joules (the only fractional figures of four or more whole digits) differ between runs.
 */
function normalize(text: string, name = ""): string {
  const stable = name.startsWith("ze-") ? text.replace(/\b\d{4,}\.\d+\b/g, "E") : text;
  return stable
    .replace(/"timestamp": ?"[^"]*"/g, '"timestamp":"T"')
    .replace(/"hostname": ?"[^"]*"/g, '"hostname":"HOST"')
    .replaceAll(REPO_ROOT, "REPO/")
    .replace(/\/tmp\/gputop-[\w-]+/g, "/tmp/gputop-X")
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "T");
}

/** A port free right now (several runs of this script may go at once). */
function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/**
 * `serve`'s metrics, scraped once the second reading is in (so rates are known); lines that
 * measure gputop itself (its CPU and memory, scrape timing) differ between any two runs and
 * are left out.
 */
async function captureServe(name: string, args: readonly string[], env: Record<string, string>) {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--frozen",
      "--cached-only",
      MAIN_TS,
      "serve",
      "--listen",
      `127.0.0.1:${port}`,
      "--interval",
      "300ms",
      ...args,
    ],
    env,
    stdout: "null",
    stderr: "null",
  }).spawn();
  let text = "";
  for (let attempt = 0; attempt < 50 && text === ""; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    try {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      const body = await response.text();
      if (attempt >= 5) text = body;
    } catch {
      // not listening yet
    }
  }
  child.kill("SIGTERM");
  await child.status;
  const kept = text.split("\n").filter((line) =>
    !/gputop_(self|exporter|scrape|build|last_reading)/.test(line)
  );
  Deno.writeTextFileSync(join(outDir!, `${name}__serve.txt`), normalize(kept.join("\n"), name));
}

async function capture(name: string, args: readonly string[], env: Record<string, string>) {
  await captureServe(name, args, env);
  for (const view of VIEWS) {
    const result = await runCli([...view, ...args], { env: { NO_COLOR: "1", ...env } });
    const file = join(outDir!, `${name}__${view.join("_").replaceAll("-", "")}.txt`);
    Deno.writeTextFileSync(
      file,
      `exit ${result.code}\n--- stdout\n${normalize(result.stdout, name)}\n--- stderr\n${
        normalize(result.stderr)
      }`,
    );
  }
}

function rootArgs(scenario: string): string[] {
  const root = scenarioRootOf(scenario);
  const args = ["--proc-root", join(root, "proc")];
  try {
    Deno.statSync(join(root, "sys"));
    args.push("--sys-root", join(root, "sys"));
  } catch {
    args.push("--sys-root", join(root, "proc"));
  }
  return args;
}

const LINUX = [
  ...SCENARIOS,
  ...PLATFORM_SCENARIOS,
  ...ACCEL_SCENARIOS,
  "race-fd-without-fdinfo",
];
for (const scenario of LINUX) {
  await capture(`linux-${scenario}`, ["--backends", "drm", ...rootArgs(scenario)], {});
}

const nvml = await buildFakeNvml();
for (const scenario of ["two-gpus", "not-supported", "no-gpus", "driver-not-loaded"]) {
  await capture(`nvml-${scenario}`, ["--backends", "nvml,drm", ...rootArgs("mixed-two-gpus")], {
    GPUTOP_NVML_LIB: nvml,
    FAKE_NVML_SCENARIO: scenario,
  });
}

const ze = await buildFakeZe();
for (const scenario of ["arc-discrete", "integrated", "bad-strings"]) {
  await capture(
    `ze-${scenario}`,
    ["--backends", "level-zero,drm", ...rootArgs("xe-discrete")],
    { GPUTOP_ZE_LIB: ze, FAKE_ZE_SCENARIO: scenario },
  );
}

for (const variant of GENERATION_VARIANTS) {
  const amd = await buildFakeAmdsmi(variant);
  for (const scenario of ["mi300", "radeon", "garbage"]) {
    await capture(
      `amdsmi-${variant}-${scenario}`,
      ["--backends", "amdsmi,drm", ...rootArgs("amdgpu-discrete")],
      { GPUTOP_AMDSMI_LIB: amd, FAKE_AMDSMI_SCENARIO: scenario },
    );
  }
}

/**
 * The captured pids are looked up in /proc for names and users; an empty proc root keeps this
 * machine's own processes (which may hold the same pids) out of the output.
 */
const EMPTY_PROC = ["--proc-root", Deno.makeTempDirSync({ prefix: "gputop-empty-proc-" })];

Deno.chmodSync(FAKE_MACMON, 0o755);
for (const name of MACMON_FIXTURES) {
  await capture(`macmon-${name}`, ["--backends", "macmon", ...EMPTY_PROC], {
    GPUTOP_MACMON: FAKE_MACMON,
    FAKE_MACMON_OUTPUT: fixture(name),
  });
}

makeFakeExecutable();
for (const stem of CAPTURE_STEMS) {
  for (const state of CAPTURE_STATES) {
    await capture(`nvidia-smi-${stem}-${state}`, ["--backends", "nvidia-smi", ...EMPTY_PROC], {
      GPUTOP_NVIDIA_SMI: FAKE_NVIDIA_SMI,
      FAKE_NVIDIA_SMI_GPU_FILE: smiFixture(`${stem}-${state}-gpu.csv`),
      FAKE_NVIDIA_SMI_APPS_FILE: smiFixture(`${stem}-${state}-apps.csv`),
    });
  }
}
Deno.stdout.writeSync(
  new TextEncoder().encode(`wrote ${[...Deno.readDirSync(outDir)].length} files to ${outDir}\n`),
);
