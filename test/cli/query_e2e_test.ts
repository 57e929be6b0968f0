/**
 * `gputop query` as a user runs it, over the fake NVML (two-gpus: an A100 and an L40S). The
 * expected text is worked by hand from the fake's values (test/fakes/nvml/fake_nvml.c) in the
 * format of the real captures (fixtures/nvidia-smi/*-units.csv; header text, units, `, `,
 * `[N/A]`, whole MiB, watts with two decimals, `00000000:07:00.0`): what nvidia-smi prints
 * for the same device values. Byte-for-byte comparisons with the captures themselves are
 * query_captures_e2e_test.ts.
 */
import assert from "node:assert/strict";
import { fakeNvmlEnv, fakeNvmlTest } from "../fakes/nvml/build_fake_nvml.ts";
import { fakeNvmlArgs, runQueryOnFakeNvml } from "./_query_support.ts";
import { spawnCli } from "../support/watch_cli.ts";
import { withTempDirAsync } from "../support/temp_dir.ts";
import { runCli } from "../support/run_cli.ts";

const A100 = "0, NVIDIA A100-SXM4-80GB, GPU-0f6a1a2b-3c4d-5e6f-7081-92a3b4c5d6e7, 00000000:07:00.0";
const L40S = "1, NVIDIA L40S, GPU-9e8d7c6b-5a49-3827-1605-f4e3d2c1b0a9, 00000000:81:00.0";

fakeNvmlTest(
  "--query-gpu --format=csv: nvidia-smi's header and values, for both GPUs",
  async () => {
    const fields = "index,name,uuid,pci.bus_id,memory.total,memory.used,memory.free," +
      "utilization.gpu,utilization.memory,temperature.gpu,power.draw,power.limit," +
      "clocks.current.graphics,clocks.current.memory,clocks.max.graphics,clocks.max.memory," +
      "fan.speed,pstate,pcie.link.gen.current,pcie.link.width.current,mig.mode.current," +
      "driver_version,serial,compute_cap";
    const result = await runQueryOnFakeNvml([`--query-gpu=${fields}`, "--format=csv"]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, "");
    assert.equal(
      result.stdout,
      "index, name, uuid, pci.bus_id, memory.total [MiB], memory.used [MiB], memory.free [MiB], " +
        "utilization.gpu [%], utilization.memory [%], temperature.gpu, power.draw [W], " +
        "power.limit [W], clocks.current.graphics [MHz], clocks.current.memory [MHz], " +
        "clocks.max.graphics [MHz], clocks.max.memory [MHz], fan.speed [%], pstate, " +
        "pcie.link.gen.current, pcie.link.width.current, mig.mode.current, driver_version, " +
        "serial, compute_cap\n" +
        // 85899345920 B = 81920 MiB; used (v2) 4861198336 B = 4636 MiB; 123456 mW = 123.46 W.
        `${A100}, 81920 MiB, 4636 MiB, 77284 MiB, 87 %, 45 %, 64, 123.46 W, 400.00 W, ` +
        "1095 MHz, 1215 MHz, 1410 MHz, 1593 MHz, 30 %, P0, 4, 16, Disabled, 535.261.03, " +
        "1324021041532, 8.0\n" +
        // The L40S's fan reads 120 % from NVML: gputop keeps device figures to 0-100.
        // It has no MIG (NOT_SUPPORTED): [N/A], as nvidia-smi prints for a GeForce.
        `${L40S}, 46068 MiB, 960 MiB, 45108 MiB, 3 %, 1 %, 38, 35.25 W, 350.00 W, ` +
        "210 MHz, 405 MHz, 2520 MHz, 9001 MHz, 100 %, P8, 3, 8, [N/A], 535.261.03, " +
        "1652123456789, 8.9\n",
    );
  },
);

fakeNvmlTest(
  "noheader,nounits: the numbers alone; fields gputop does not read yet: [N/A]",
  async () => {
    const result = await runQueryOnFakeNvml([
      "--query-gpu=index,memory.used,power.draw,pcie.link.gen.max,pcie.link.width.max," +
      "ecc.errors.corrected.volatile.total,ecc.errors.uncorrected.volatile.total," +
      "clocks_event_reasons.active,clocks_throttle_reasons.active",
      "--format=csv,noheader,nounits",
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(
      result.stdout,
      "0, 4636, 123.46, [N/A], [N/A], [N/A], [N/A], [N/A], [N/A]\n" +
        "1, 960, 35.25, [N/A], [N/A], [N/A], [N/A], [N/A], [N/A]\n",
    );
  },
);

fakeNvmlTest(
  "aliases are answered under nvidia-smi's canonical names (a 2020 capture's header)",
  async () => {
    // The query and header line of nvidia-smi-query-gpu-csv-bpytop-issue26-gtx1080ti-gtx1060
    // (fixtures/nvidia-smi/README.md): aliases gpu_name, clocks.gr, clocks.mem.
    const result = await runQueryOnFakeNvml([
      "--query-gpu=gpu_name,fan.speed,memory.total,memory.used,utilization.gpu,temperature.gpu," +
      "power.draw,clocks.gr,clocks.mem",
      "--format=csv",
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(
      result.stdout.split("\n")[0],
      "name, fan.speed [%], memory.total [MiB], memory.used [MiB], utilization.gpu [%], " +
        "temperature.gpu, power.draw [W], clocks.current.graphics [MHz], clocks.current.memory [MHz]",
    );
  },
);

fakeNvmlTest("the not-supported scenario: what NVML refuses prints [N/A]", async () => {
  const result = await runQueryOnFakeNvml(
    [
      "--query-gpu=index,temperature.gpu,power.draw,fan.speed,pstate,pcie.link.gen.current,serial",
      "--format=csv,noheader",
    ],
    "not-supported",
  );
  assert.equal(result.code, 0, result.stderr);
  assert.equal(
    result.stdout,
    "0, [N/A], [N/A], [N/A], [N/A], [N/A], [N/A]\n1, 38, 35.25 W, 100 %, P8, 3, 1652123456789\n",
  );
});

fakeNvmlTest(
  "--query-compute-apps: compute processes only; process_name is argv[0] from /proc",
  async () => {
    await withTempDirAsync(async (procRoot) => {
      // 4242 was started as `./gpu_burn -d 60`; 5151 has no /proc entry (another namespace).
      Deno.mkdirSync(`${procRoot}/4242`);
      Deno.writeTextFileSync(`${procRoot}/4242/cmdline`, "./gpu_burn\0-d\x0060\0");
      Deno.mkdirSync(`${procRoot}/7007`);
      Deno.writeTextFileSync(`${procRoot}/7007/cmdline`, "/usr/bin/python3\0train.py\0");
      const result = await runCli(
        [
          "query",
          "--query-compute-apps=pid,process_name,used_memory,gpu_bus_id,gpu_uuid,gpu_name",
          "--format=csv",
          "--backends",
          "nvml",
          "--proc-root",
          procRoot,
        ],
        { env: await fakeNvmlEnv("two-gpus") },
      );
      assert.equal(result.code, 0, result.stderr);
      // 6000 (graphics only) is not listed; 5151 (compute + graphics) is.
      assert.equal(
        result.stdout,
        "pid, process_name, used_gpu_memory [MiB], gpu_bus_id, gpu_uuid, gpu_name\n" +
          "4242, ./gpu_burn, 2048 MiB, 00000000:07:00.0, " +
          "GPU-0f6a1a2b-3c4d-5e6f-7081-92a3b4c5d6e7, NVIDIA A100-SXM4-80GB\n" +
          "5151, [N/A], 1024 MiB, 00000000:07:00.0, " +
          "GPU-0f6a1a2b-3c4d-5e6f-7081-92a3b4c5d6e7, NVIDIA A100-SXM4-80GB\n" +
          "7007, /usr/bin/python3, 512 MiB, 00000000:81:00.0, " +
          "GPU-9e8d7c6b-5a49-3827-1605-f4e3d2c1b0a9, NVIDIA L40S\n",
      );
    });
  },
);

fakeNvmlTest(
  "-i selects devices as nvidia-smi's -i does; one that matches nothing is exit 1",
  async () => {
    const one = await runQueryOnFakeNvml([
      "-i",
      "1",
      "--query-gpu=index,name",
      "--format=csv,noheader",
    ]);
    assert.equal(one.code, 0, one.stderr);
    assert.equal(one.stdout, "1, NVIDIA L40S\n");
    const byBus = await runQueryOnFakeNvml([
      "--id=00000000:07:00.0",
      "--query-compute-apps=pid",
      "--format=csv,noheader",
    ]);
    assert.equal(byBus.stdout, "4242\n5151\n");
    const none = await runQueryOnFakeNvml(["-i", "7", "--query-gpu=index", "--format=csv"]);
    assert.equal(none.code, 1);
    assert.equal(none.stdout, "");
    assert.match(none.stderr, /no device matches --id '7'/);
  },
);

fakeNvmlTest(
  "an unknown field: nvidia-smi's message on stderr, exit 2, nothing on stdout",
  async () => {
    for (
      const [args, name] of [
        [["--query-gpu=index,foo,name", "--format=csv"], "foo"],
        [["--query-compute-apps=pid,memory.used", "--format=csv"], "memory.used"],
      ] as const
    ) {
      const result = await runQueryOnFakeNvml(args);
      assert.equal(result.code, 2);
      assert.equal(result.stdout, "");
      assert.equal(result.stderr, `Field "${name}" is not a valid field to query.\n`);
    }
  },
);

fakeNvmlTest("-lms: one block per interval, the header once; SIGINT ends it with 130", async () => {
  const run = spawnCli(
    ["query", "--query-gpu=index,memory.used", "--format=csv", "-lms", "100", ...fakeNvmlArgs()],
    await fakeNvmlEnv("two-gpus"),
  );
  // The header and two blocks of two devices (about two intervals).
  const lines = await run.lines(5);
  run.child.kill("SIGINT");
  const all = (await run.rest()).split("\n").filter((line) => line !== "");
  const status = await run.child.status;
  assert.equal(status.code, 130, await run.stderr());
  assert.deepEqual(lines, [
    "index, memory.used [MiB]",
    "0, 4636 MiB",
    "1, 960 MiB",
    "0, 4636 MiB",
    "1, 960 MiB",
  ]);
  assert.equal(all.filter((line) => line.startsWith("index")).length, 1, "header once");
  assert.equal(all.length % 2, 1, "only whole blocks");
});

Deno.test("--help-query-gpu / --help-query-compute-apps list every field, quoted", async () => {
  const gpu = await runCli(["query", "--help-query-gpu"]);
  assert.equal(gpu.code, 0, gpu.stderr);
  for (const name of ["index", "gpu_name", "clocks.gr", "clocks_throttle_reasons.active"]) {
    assert.ok(gpu.stdout.includes(`"${name}"`), name);
  }
  const apps = await runCli(["query", "--help-query-compute-apps"]);
  assert.equal(apps.code, 0, apps.stderr);
  for (const name of ["pid", "process_name", "used_gpu_memory", "used_memory", "gpu_uuid"]) {
    assert.ok(apps.stdout.includes(`"${name}"`), name);
  }
});

Deno.test("usage errors: one line on stderr naming what is wrong, exit 2", async () => {
  for (
    const [args, needle] of [
      [["query"], "--query-gpu=FIELDS or --query-compute-apps=FIELDS"],
      [["query", "--query-gpu=index"], "--format=csv"],
      [["query", "--query-gpu=index", "--format=csv", "--json"], "'--json'"],
      [["query", "--query-gpu=index", "--format=json"], "--format: 'json'"],
    ] as const
  ) {
    const result = await runCli(args);
    assert.equal(result.code, 2, result.stderr);
    assert.equal(result.stdout, "");
    assert.equal(result.stderr.trimEnd().split("\n").length, 1, result.stderr);
    assert.ok(result.stderr.includes(needle), result.stderr);
  }
  const help = await runCli(["query", "--help"]);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^gputop query — /);
  assert.match(help.stdout, /^ {2}-l, --loop SEC/m);
});
