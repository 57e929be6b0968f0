/**
 * The same nvidia-smi queries on AMD (fake AMD SMI over the amdgpu-discrete fixture), Intel
 * (fake Level Zero over xe-discrete) and Apple (fake macmon replaying a capture): each
 * vendor's values in nvidia-smi's text, `[N/A]` where the vendor has no such value. The
 * values are the ones `gputop --json` reports for the same setup (checked against the fakes
 * and fixtures in test/backends/{amdsmi,level-zero}/cli_e2e_test.ts and the macmon tests);
 * what is checked here is their nvidia-smi form.
 */
import assert from "node:assert/strict";
import { buildFakeAmdsmi, fakeAmdsmiTest } from "../fakes/amdsmi/build_fake.ts";
import { buildFakeZe, fakeZeTest } from "../fakes/level-zero/build_fake_ze.ts";
import { FAKE_MACMON, fixture as macmonFixture } from "../fakes/macmon/fake.ts";
import { fixtureRootArgs } from "../linux/sysfs/fixture_tree.ts";
import { type CliResult, runCli } from "../support/run_cli.ts";

/** The query every vendor is asked (aliases included, as scripts write them). */
const GPU_QUERY = "--query-gpu=index,name,pci.bus_id,memory.total,memory.used,memory.free," +
  "utilization.gpu,utilization.memory,temperature.gpu,power.draw,power.limit,clocks.gr," +
  "clocks.mem,clocks.max.gr,fan.speed,pstate,pcie.link.gen.current,mig.mode.current";
const GPU_HEADER = "index, name, pci.bus_id, memory.total [MiB], memory.used [MiB], " +
  "memory.free [MiB], utilization.gpu [%], utilization.memory [%], temperature.gpu, " +
  "power.draw [W], power.limit [W], clocks.current.graphics [MHz], " +
  "clocks.current.memory [MHz], clocks.max.graphics [MHz], fan.speed [%], pstate, " +
  "pcie.link.gen.current, mig.mode.current\n";
const APPS_QUERY = "--query-compute-apps=pid,process_name,used_memory,gpu_bus_id";
const APPS_HEADER = "pid, process_name, used_gpu_memory [MiB], gpu_bus_id\n";

function assertOk(result: CliResult): string {
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stderr, "");
  return result.stdout;
}

fakeAmdsmiTest(
  "AMD: an RX 7900 XTX's values in nvidia-smi's text; PCIe from sysfs; no P-state or MIG",
  async () => {
    const env = { GPUTOP_AMDSMI_LIB: await buildFakeAmdsmi("a70"), FAKE_AMDSMI_SCENARIO: "radeon" };
    const args = ["--backends", "amdsmi,drm", ...fixtureRootArgs("amdgpu-discrete")];
    const gpu = await runCli(["query", GPU_QUERY, "--format=csv", ...args], { env });
    // VRAM 8573157376 B = 8176 MiB; used 1490378752 B = 1421.3 MiB; free 6754.7 MiB → 6755;
    // fan 29.8 % → 30 %; the link's current_link_speed "8.0 GT/s PCIe" in the fixture → gen 3.
    assert.equal(
      assertOk(gpu),
      GPU_HEADER +
        "0, AMD Radeon RX 7900 XTX, 00000000:03:00.0, 8176 MiB, 1421 MiB, 6755 MiB, 12 %, 3 %, " +
        "49, 11.00 W, 327.00 W, 500 MHz, 96 MHz, 1630 MHz, 30 %, [N/A], 3, [N/A]\n",
    );
    const apps = await runCli(["query", APPS_QUERY, "--format=csv", ...args], { env });
    // KFD processes from AMD SMI; glxgears and python3 have /proc entries in the fixture (their
    // argv[0]), the others only the library's name.
    assert.equal(
      assertOk(apps),
      APPS_HEADER +
        "5002, ollama_llama_server, 7680 MiB, 00000000:03:00.0\n" +
        "5001, blender, 3072 MiB, 00000000:03:00.0\n" +
        "2001, glxgears, 532 MiB, 00000000:03:00.0\n" +
        "2217, python3, 2 MiB, 00000000:03:00.0\n" +
        "5003, hashcat, 1 MiB, 00000000:03:00.0\n",
    );
  },
);

fakeZeTest(
  "Intel: an Arc B580 through Level Zero; rates need a second sample, taken when missing",
  async () => {
    const env = { GPUTOP_ZE_LIB: await buildFakeZe(), FAKE_ZE_SCENARIO: "arc-discrete" };
    const args = ["--backends", "level-zero,drm", ...fixtureRootArgs("xe-discrete")];
    const row = (busy: string, watts: string) =>
      `0, Intel(R) Arc(TM) B580 Graphics, 00000000:03:00.0, 12288 MiB, 2560 MiB, 9728 MiB, ${busy}, ` +
      // PCIe generation 4: the fake's zesDevicePciGetState.
      `[N/A], 62, ${watts}, 190.00 W, 2450 MHz, 2375 MHz, 2850 MHz, [N/A], [N/A], 4, [N/A]\n`;
    // Engine activity and energy are counters: the first sample has no utilization or power,
    // so the query samples again 250 ms later (as watch warms up).
    const twice = await runCli(["query", GPU_QUERY, "--format=csv", ...args], { env });
    assert.equal(assertOk(twice), GPU_HEADER + row("60 %", "85.00 W"));
    // --sample-window 0 asks for no window: a usage error, as for every command.
    const zero = await runCli(
      ["query", GPU_QUERY, "--format=csv,noheader", "--sample-window", "0", ...args],
      { env },
    );
    assert.equal(zero.code, 2, zero.stderr);
    assert.match(zero.stderr, /--sample-window: '0'/);
    // 5151 is a compute process (no /proc entry: no name); 4242 (vkcube) is graphics only.
    const apps = await runCli(["query", APPS_QUERY, "--format=csv", ...args], { env });
    assert.equal(assertOk(apps), APPS_HEADER + "5151, [N/A], 1024 MiB, 00000000:03:00.0\n");
  },
);

Deno.test("Apple: macmon's unified memory and GPU figures; no PCI address, limit, fan or apps", async () => {
  const env = {
    GPUTOP_MACMON: FAKE_MACMON,
    FAKE_MACMON_OUTPUT: macmonFixture("v0.8.2-readme.jsonl"),
  };
  Deno.chmodSync(FAKE_MACMON, 0o755);
  const gpu = await runCli(["query", GPU_QUERY, "--format=csv", "--backends", "macmon"], { env });
  // ram_total 25769803776 B = 24576 MiB, used 20985479168 B = 20013.3 MiB, free 4562.7 MiB;
  // gpu_active 2.1 %, 36.95 °C, 0.017 W, 461 MHz.
  assert.equal(
    assertOk(gpu),
    GPU_HEADER +
      "0, Apple GPU, [N/A], 24576 MiB, 20013 MiB, 4563 MiB, 2 %, [N/A], 37, 0.02 W, [N/A], " +
      "461 MHz, [N/A], [N/A], [N/A], [N/A], [N/A], [N/A]\n",
  );
  const apps = await runCli(["query", APPS_QUERY, "--format=csv", "--backends", "macmon"], { env });
  assert.equal(assertOk(apps), APPS_HEADER);
});
