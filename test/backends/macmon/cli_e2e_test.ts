/**
 * gputop as a user runs it, with `--backends macmon` (which forces the backend on Linux too)
 * and GPUTOP_MACMON pointing at the fake that replays each capture.
 */
import assert from "node:assert/strict";
import type { Device, Snapshot } from "../../../src/model/types.ts";
import { parseCsv } from "../../support/parse_csv.ts";
import { parseJsonOutput, runCli } from "../../support/run_cli.ts";
import { snapshotOutput } from "../../support/snapshot_output.ts";
import {
  fakeProgram,
  fixture,
  fixtureLines,
  type FixtureName,
  FIXTURES,
} from "../../fakes/macmon/fake.ts";
import { EXPECTED_SAMPLES } from "./expected_samples.ts";

/**
 * Per fixture, worked by hand from its first line: the name (soc.chip_name, or "Apple GPU"
 * without a soc object), free memory (ram_total − ram_usage) and the table's rounded UTIL.
 */
const BY_HAND: Record<FixtureName, { name: string; freeBytes: number; util: string }> = {
  // 25769803776 − 14942404608; 0.0027520815 × 100 ≈ 0.28 → "0%"
  "pre-v0.6-no-timestamp.jsonl": { name: "Apple GPU", freeBytes: 10827399168, util: "0%" },
  // 25769803776 − 20985479168; 0.021497859 × 100 ≈ 2.15 → "2%"
  "v0.6.1-readme.jsonl": { name: "Apple GPU", freeBytes: 4784324608, util: "2%" },
  // the same line as v0.6.1-readme, with soc.chip_name "Apple M2" appended
  "v0.6.1-readme-with-soc.jsonl": { name: "Apple M2", freeBytes: 4784324608, util: "2%" },
  // 68719476736 − 28706603008; 0.2072213888168335 × 100 ≈ 20.72 → "21%"
  "v0.8.0-m1max.jsonl": { name: "Apple GPU", freeBytes: 40012873728, util: "21%" },
  // 25769803776 − 20985479168; 0.021497859 × 100 ≈ 2.15 → "2%"
  "v0.8.2-readme.jsonl": { name: "Apple GPU", freeBytes: 4784324608, util: "2%" },
};

/** The device gputop should print for a fixture's first line. */
function expectedDevice(name: FixtureName): Partial<Device> {
  const sample = EXPECTED_SAMPLES[name][0];
  if (!sample) throw new Error(`no expected sample for ${name}`);
  return {
    index: 0,
    vendor: "apple",
    name: BY_HAND[name].name,
    pciBusId: null,
    driver: null,
    memoryShared: true,
    memoryTotalBytes: sample.ramTotalBytes,
    memoryUsedBytes: sample.ramUsedBytes,
    memoryFreeBytes: BY_HAND[name].freeBytes,
    utilizationPercent: sample.gpuUtilizationPercent,
    graphicsClockMHz: sample.gpuFreqMHz,
    powerWatts: sample.gpuPowerWatts,
    temperatureCelsius: sample.gpuTempCelsius,
  };
}

const MACMON_FIELDS = [
  "name",
  "memoryShared",
  "memoryTotalBytes",
  "memoryUsedBytes",
  "memoryFreeBytes",
  "utilizationPercent",
  "graphicsClockMHz",
  "powerWatts",
  "temperatureCelsius",
] as const;

for (const name of FIXTURES) {
  Deno.test(`gputop --backends macmon reports the capture ${name}`, async () => {
    const fake = fakeProgram({ FAKE_MACMON_OUTPUT: fixture(name) });
    const env = { GPUTOP_MACMON: fake.path };
    try {
      const json = await runCli(["--backends", "macmon", "--json"], { env });
      assert.equal(json.code, 0, json.stderr);
      const snapshot: Snapshot = snapshotOutput(json);
      const macmon = snapshot.backends.find((backend) => backend.id === "macmon");
      assert.deepEqual(macmon, {
        id: "macmon",
        status: "ok",
        detail: null,
        library: fake.path,
        version: "0.8.2",
      });
      assert.equal(snapshot.devices.length, 1);
      const device = snapshot.devices[0] as Device;
      const expected = expectedDevice(name);
      for (const [key, value] of Object.entries(expected)) {
        assert.deepEqual(device[key as keyof Device], value, key);
      }
      for (const field of MACMON_FIELDS) {
        if (device[field] !== null) assert.equal(device.sources[field], "macmon", field);
      }
      assert.deepEqual(snapshot.processes, []);
      // A snapshot runs macmon's sampler once: open() keeps its sample for the first read.
      assert.deepEqual(fake.calls().sort(), ["--version", "-i 200 pipe -s 1 --soc-info"]);

      const table = await runCli(["--backends", "macmon", "--no-color"], { env });
      assert.equal(table.code, 0, table.stderr);
      assert.ok(table.stdout.includes(expected.name as string), table.stdout);
      const percent = BY_HAND[name].util;
      assert.match(table.stdout, new RegExp(`\\s${percent}\\s`), table.stdout);
      assert.ok(table.stdout.includes("macmon"), table.stdout);

      const csv = await runCli(["--backends", "macmon", "--csv"], { env });
      assert.equal(csv.code, 0, csv.stderr);
      const [columns = [], ...rows] = parseCsv(csv.stdout);
      const row = rows.find((cells) => cells[columns.indexOf("vendor")] === "apple");
      assert.ok(row, csv.stdout);
      const cell = (column: string) => row[columns.indexOf(column)];
      const text = (value: unknown) => (value === null ? "" : String(value));
      assert.equal(cell("name"), expected.name);
      assert.equal(cell("memoryShared"), "true");
      for (
        const column of [
          "utilizationPercent",
          "graphicsClockMHz",
          "powerWatts",
          "temperatureCelsius",
          "memoryTotalBytes",
          "memoryUsedBytes",
          "memoryFreeBytes",
        ] as const
      ) {
        assert.equal(cell(column), text(expected[column]), column);
      }
    } finally {
      fake.dispose();
    }
  });
}

Deno.test("without macmon, gputop --json still succeeds and `backends` says why", async () => {
  // An empty PATH directory, so a macmon installed on this machine is not found either.
  const emptyDir = Deno.makeTempDirSync({ prefix: "gputop-empty-path-" });
  try {
    const env = { PATH: emptyDir };
    const json = await runCli(["--backends", "macmon", "--json"], { env });
    assert.equal(json.code, 0, json.stderr);
    const snapshot = snapshotOutput(json);
    assert.deepEqual(snapshot.devices, []);
    const macmon = snapshot.backends.find((backend) => backend.id === "macmon");
    assert.equal(macmon?.status, "unavailable");
    assert.equal(macmon?.detail, "macmon not found (install it: brew install macmon)");

    const backends = await runCli(["backends", "--backends", "macmon", "--no-color"], { env });
    assert.equal(backends.code, 0, backends.stderr);
    assert.match(backends.stdout, /macmon\s+unavailable/);
    assert.ok(backends.stdout.includes("macmon not found (install it: brew install macmon)"));

    const explicit = await runCli(["backends", "--backends", "macmon", "--json"], {
      env: { ...env, GPUTOP_MACMON: `${emptyDir}/macmon` },
    });
    assert.equal(explicit.code, 0, explicit.stderr);
    assert.ok(explicit.stdout.includes(`macmon not found at ${emptyDir}/macmon (GPUTOP_MACMON)`));
  } finally {
    Deno.removeSync(emptyDir, { recursive: true });
  }
});

Deno.test("watch without macmon says it is not found, not that it timed out", async () => {
  const emptyDir = Deno.makeTempDirSync({ prefix: "gputop-empty-path-" });
  try {
    const result = await runCli(["watch", "--count", "1", "--backends", "macmon"], {
      env: { PATH: emptyDir },
    });
    assert.equal(result.code, 0, result.stderr);
    const snapshot = snapshotOutput(result);
    const macmon = snapshot.backends.find((backend) => backend.id === "macmon");
    assert.equal(macmon?.status, "unavailable");
    assert.equal(macmon?.detail, "macmon not found (install it: brew install macmon)");
  } finally {
    Deno.removeSync(emptyDir, { recursive: true });
  }
});

Deno.test("a failing macmon is an error status, not a crash", async () => {
  const fake = fakeProgram({ FAKE_MACMON_EXIT: "1", FAKE_MACMON_STDERR: "Error: no IOReport" });
  try {
    const result = await runCli(["backends", "--backends", "macmon", "--json"], {
      env: { GPUTOP_MACMON: fake.path },
    });
    assert.equal(result.code, 0, result.stderr);
    const statuses = parseJsonOutput(result) as { id: string; status: string; detail: string }[];
    const macmon = statuses.find((status) => status.id === "macmon");
    assert.equal(macmon?.status, "error");
    assert.equal(macmon?.detail, "macmon exited with code 1: Error: no IOReport");
  } finally {
    fake.dispose();
  }
});

Deno.test("an out-of-range memory figure in a macmon line: that field null and counted, GPU kept", async () => {
  // The v0.8.2 readme line with memory.ram_total replaced by -1, then by 1e308 (above 2^53):
  // neither is a byte count. The rest of the line stays: ram_usage 20985479168, the GPU at
  // 461 MHz and 0.021497859 × 100 ≈ 2.15 % busy; free memory needs the total, so it is null.
  const line = Deno.readTextFileSync(fixture("v0.8.2-readme.jsonl")).split("\n")[0] ?? "";
  assert.match(line, /"ram_total":25769803776,/);
  for (const total of ["-1", "1e308"]) {
    const dir = Deno.makeTempDirSync({ prefix: "gputop-macmon-range-" });
    const mangled = `${dir}/mangled.jsonl`;
    Deno.writeTextFileSync(
      mangled,
      line.replace('"ram_total":25769803776,', `"ram_total":${total},`) + "\n",
    );
    const fake = fakeProgram({ FAKE_MACMON_OUTPUT: mangled });
    try {
      const json = await runCli(["--backends", "macmon", "--json"], {
        env: { GPUTOP_MACMON: fake.path },
      });
      assert.equal(json.code, 0, json.stderr);
      const snapshot: Snapshot = snapshotOutput(json);
      const macmon = snapshot.backends.find((backend) => backend.id === "macmon");
      assert.equal(macmon?.status, "ok", `${total}: ${macmon?.detail}`);
      assert.equal(macmon?.detail, "1 implausible value dropped (memoryTotalBytes)", total);
      assert.equal(snapshot.devices.length, 1, total);
      const device = snapshot.devices[0] as Device;
      assert.equal(device.memoryTotalBytes, null, total);
      assert.equal(device.memoryFreeBytes, null, total);
      assert.equal(device.memoryUsedBytes, 20985479168, total);
      assert.equal(device.graphicsClockMHz, 461, total);
      assert.ok(Math.abs((device.utilizationPercent ?? 0) - 2.1497859) < 1e-9, total);
    } finally {
      fake.dispose();
      Deno.removeSync(dir, { recursive: true });
    }
  }
});

Deno.test("macmon 0.8 lines without the gpu_usage tuple: use and clock from the newest keys", async () => {
  // The first lines of the 0.8.0 and 0.8.2 captures with the tuple removed, and the 0.8.2 one
  // also without gpu_scaled_ratio (its active residency, 0.09, is then the only use figure).
  const firstLine = (name: FixtureName) => JSON.parse(fixtureLines(name)[0] ?? "{}");
  const v080 = firstLine("v0.8.0-m1max.jsonl");
  const v082 = firstLine("v0.8.2-readme.jsonl");
  delete v080.gpu_usage;
  delete v082.gpu_usage;
  const activeOnly = { ...v082 };
  delete activeOnly.gpu_scaled_ratio;
  const cases: [string, Record<string, unknown>, number, number][] = [
    ["0.8.0, gpu_usage_ratio", v080, 20.72213888168335, 388],
    ["0.8.2, gpu_scaled_ratio", v082, 2.1497859, 461],
    ["0.8.2, gpu_active_ratio only", activeOnly, 9, 461],
  ];
  const dir = Deno.makeTempDirSync({ prefix: "gputop-macmon-no-tuple-" });
  try {
    for (const [label, line, percent, mhz] of cases) {
      assert.ok(!("gpu_usage" in line), label);
      const output = `${dir}/line.jsonl`;
      Deno.writeTextFileSync(output, `${JSON.stringify(line)}\n`);
      const fake = fakeProgram({ FAKE_MACMON_OUTPUT: output });
      try {
        const json = await runCli(["--backends", "macmon", "--json"], {
          env: { GPUTOP_MACMON: fake.path },
        });
        assert.equal(json.code, 0, json.stderr);
        const snapshot: Snapshot = snapshotOutput(json);
        const device = snapshot.devices[0] as Device;
        assert.ok(Math.abs((device.utilizationPercent ?? -1) - percent) < 1e-6, label);
        assert.equal(device.graphicsClockMHz, mhz, label);
        assert.equal(device.sources.utilizationPercent, "macmon", label);
      } finally {
        fake.dispose();
      }
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
