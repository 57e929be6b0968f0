/**
 * `--hosts` end to end: gputop run as a subprocess against fake hosts in this process (fixture
 * snapshots, a hang, a closed port, a 401, garbage). Expected devices come from the fixture
 * snapshots themselves (what each host sent), never from the merged output.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { parseJsonOutput, runCli } from "../support/run_cli.ts";
import { schemaValidator } from "../support/schema_validator.ts";
import {
  closedPortHost,
  type FakeHost,
  fixtureSnapshotJson,
  startFakeHost,
} from "../support/fake_hosts.ts";
import { withTempDirAsync } from "../support/temp_dir.ts";

interface JsonDevice {
  index: number;
  name: string;
  host?: string;
  memoryFreeBytes: number | null;
}

async function withHosts(
  behaviours: Parameters<typeof startFakeHost>[0][],
  body: (hosts: FakeHost[]) => Promise<void>,
): Promise<void> {
  const hosts = behaviours.map(startFakeHost);
  try {
    await body(hosts);
  } finally {
    await Promise.all(hosts.map((h) => h.close()));
  }
}

const MIXED = await fixtureSnapshotJson("mixed-two-gpus");
const AMD = await fixtureSnapshotJson("amdgpu-discrete");
const namesOf = (json: string) =>
  (JSON.parse(json) as { devices: JsonDevice[] }).devices.map((d) => d.name);

Deno.test("--hosts --json: each host's devices and processes tagged, every status, schema-valid", async () => {
  await withHosts([
    { kind: "snapshot", body: MIXED },
    { kind: "snapshot", body: AMD },
    { kind: "hang" },
    { kind: "status", status: 401 },
    { kind: "garbage", body: "<html>not json</html>" },
    { kind: "garbage", body: '{"schemaVersion":1,"devices":"no"}' },
  ], async ([a, b, hang, auth, html, wrong]) => {
    const closed = closedPortHost();
    const list = [a!.host, b!.host, hang!.host, closed, auth!.host, html!.host, wrong!.host];
    const result = await runCli(["--json", "--hosts", list.join(","), "--host-timeout", "1s"]);
    assert.equal(result.code, 0, result.stderr); // snapshot reports, it does not fail
    const output = parseJsonOutput(result) as {
      hostname: string | null;
      devices: JsonDevice[];
      processes: { host?: string }[];
      hosts: { host: string; status: string; detail: string | null }[];
    };
    const verdict = (await schemaValidator())(output);
    assert.ok(verdict.ok, verdict.errors);
    assert.deepEqual(output.hosts.map((h) => [h.host, h.status]), [
      [a!.host, "ok"],
      [b!.host, "ok"],
      [hang!.host, "timeout"],
      [closed, "refused"],
      [auth!.host, "unauthorized"],
      [html!.host, "invalid"],
      [wrong!.host, "invalid"],
    ]);
    assert.equal(output.hosts[0]!.detail, null);
    assert.match(output.hosts[2]!.detail!, /no answer within 1s/);
    assert.match(output.hosts[3]!.detail!, /connection refused/);
    assert.match(output.hosts[5]!.detail!, /not JSON/);
    assert.match(output.hosts[6]!.detail!, /not a gputop snapshot/);
    assert.deepEqual(
      output.devices.map((d) => [d.host, d.name]),
      [...namesOf(MIXED).map((n) => [a!.host, n]), ...namesOf(AMD).map((n) => [b!.host, n])],
    );
    const sent = (json: string) => (JSON.parse(json) as { processes: unknown[] }).processes.length;
    assert.equal(output.processes.length, sent(MIXED) + sent(AMD));
    assert.ok(output.processes.every((p) => p.host === a!.host || p.host === b!.host));
    assert.equal(output.hostname, null, "the document holds several hosts, not this one");
  });
});

Deno.test("without --hosts the output has no host or hosts key", () => {
  // MIXED is `gputop --json` of a fixture on this machine: a local reading.
  const local = JSON.parse(MIXED) as Record<string, unknown> & {
    devices: object[];
    processes: object[];
    backends: object[];
  };
  assert.ok(!("hosts" in local));
  assert.ok(local.devices.length > 0 && local.processes.length > 0);
  for (const item of [...local.devices, ...local.processes, ...local.backends]) {
    assert.ok(!("host" in item));
  }
});

Deno.test("--hosts table: a header per host in the order given, each failure's status", async () => {
  await withHosts(
    [{ kind: "snapshot", body: AMD }, { kind: "status", status: 401 }],
    async ([a, auth]) => {
      const closed = closedPortHost();
      const result = await runCli(["--hosts", `${a!.host},${closed},${auth!.host}`, "--no-color"]);
      assert.equal(result.code, 0, result.stderr);
      const lines = result.stdout.split("\n");
      const headers = lines.filter((l) => l.startsWith("127.0.0.1:"));
      assert.deepEqual(headers, [
        a!.host,
        `${closed}  refused: connection refused`,
        `${auth!.host}  unauthorized: HTTP 401: no token given (--token-file or GPUTOP_TOKEN)`,
      ]);
      // The host's devices come right under its header.
      const at = lines.indexOf(a!.host);
      assert.match(lines[at + 1]!, /GPU\s+HEALTH\s+NAME/);
      assert.ok(lines[at + 2]!.includes(namesOf(AMD)[0]!));
      const ps = await runCli(["ps", "--hosts", `${a!.host},${closed}`, "--no-color"]);
      assert.equal(ps.code, 0, ps.stderr);
      assert.match(ps.stdout, new RegExp(`^${a!.host}\\n +PID +USER`, "m"));
      assert.ok(ps.stdout.includes(`${closed}  refused`));
      // CSV: a first host column, rows grouped by host.
      const csv = await runCli(["--csv", "--hosts", `${a!.host},${closed}`]);
      assert.equal(csv.code, 0, csv.stderr);
      const [header, ...rows] = csv.stdout.trimEnd().split("\n");
      assert.match(header!, /^host,index,/);
      assert.deepEqual(rows.map((r) => r.split(",")[0]), namesOf(AMD).map(() => a!.host));
      const psCsv = await runCli(["ps", "--csv", "--hosts", a!.host]);
      assert.match(psCsv.stdout, /^host,pid,/);
    },
  );
});

Deno.test("check --hosts: exit 1 naming the host not read; 0 when every host passes", async () => {
  await withHosts(
    [{ kind: "snapshot", body: AMD }, { kind: "snapshot", body: AMD }],
    async ([a, b]) => {
      const both = `${a!.host},${b!.host}`;
      const pass = await runCli(["check", "--hosts", both, "--max-temperature", "90"]);
      assert.equal(pass.code, 0, pass.stdout + pass.stderr);
      assert.match(pass.stdout, /hosts: 2 of 2 read\n/);
      // The fixture's Vega reads 34 °C: a 30 °C gate fails it on both hosts.
      const hot = await runCli(["check", "--hosts", both, "--max-temperature", "30"]);
      assert.equal(hot.code, 1);
      assert.match(hot.stdout, new RegExp(`--max-temperature 30 +${b!.host} 0 +34 °C +FAIL`));
      const closed = closedPortHost();
      const missing = await runCli([
        "check",
        "--hosts",
        `${both},${closed}`,
        "--max-temperature",
        "90",
      ]);
      assert.equal(missing.code, 1, "an unreachable host never passes");
      assert.match(missing.stdout, new RegExp(`--hosts ${closed} +- +not read +FAIL`));
      assert.match(missing.stdout, new RegExp(`not read: ${closed} \\(refused\\)`));
      const json = await runCli(["check", "--json", "--hosts", closed, "--max-temperature", "90"]);
      assert.equal(json.code, 1);
      const report = parseJsonOutput(json) as { pass: boolean; hosts: { status: string }[] };
      assert.equal(report.pass, false);
      assert.deepEqual(report.hosts.map((h) => h.status), ["refused"]);
    },
  );
});

Deno.test("fit --hosts: across the fleet, most free first, the host named", async () => {
  // Host b's Vega with 7.5 GiB free (the fixture's reads 6.6 GiB on host a).
  const roomy = JSON.parse(AMD);
  roomy.devices[0].memoryFreeBytes = 7.5 * 2 ** 30;
  roomy.devices[0].memoryUsedBytes = 0.5 * 2 ** 30;
  const amdFree = (JSON.parse(AMD) as { devices: JsonDevice[] }).devices[0]!.memoryFreeBytes!;
  assert.ok(amdFree < 7 * 2 ** 30 && amdFree > 2 ** 30);
  await withHosts(
    [{ kind: "snapshot", body: AMD }, { kind: "snapshot", body: JSON.stringify(roomy) }],
    async ([a, b]) => {
      const hosts = `${a!.host},${b!.host}`;
      const table = await runCli(["fit", "1GiB", "--hosts", hosts, "--no-color"]);
      assert.equal(table.code, 0, table.stderr);
      const rows = table.stdout.trim().split("\n");
      assert.match(rows[0]!, /^HOST +GPU +NAME +FREE +TOTAL$/);
      assert.match(rows[1]!, new RegExp(`^${b!.host} +0 .* 7\\.5 GiB`));
      assert.match(rows[2]!, new RegExp(`^${a!.host} +0 .* 6\\.6 GiB`));
      const json = await runCli(["fit", "7GiB", "--json", "--hosts", hosts]);
      assert.equal(json.code, 0);
      const answer = parseJsonOutput(json) as { devices: JsonDevice[]; hosts: unknown[] };
      assert.deepEqual(answer.devices.map((d) => d.host), [b!.host]);
      assert.equal(answer.hosts.length, 2);
      const none = await runCli(["fit", "8GiB", "--hosts", hosts]);
      assert.equal(none.code, 1);
      const closed = closedPortHost();
      const partly = await runCli(["fit", "1GiB", "--hosts", `${hosts},${closed}`]);
      assert.equal(partly.code, 0, "some device fits");
      assert.equal(partly.stderr, `gputop: ${closed} not read: refused (connection refused)\n`);
    },
  );
});

Deno.test("--hosts token: from GPUTOP_TOKEN or --token-file, sent as a bearer token", async () => {
  await withHosts([{ kind: "snapshot", body: AMD, token: "s3cret" }], async ([a]) => {
    const statusOf = (result: { stdout: string }) =>
      (parseJsonOutput(result as never) as { hosts: { status: string }[] }).hosts[0]!.status;
    const without = await runCli(["--json", "--hosts", a!.host]);
    assert.equal(statusOf(without), "unauthorized");
    const wrong = await runCli(["--json", "--hosts", a!.host], { env: { GPUTOP_TOKEN: "nope" } });
    assert.equal(statusOf(wrong), "unauthorized");
    const env = await runCli(["--json", "--hosts", a!.host], { env: { GPUTOP_TOKEN: "s3cret" } });
    assert.equal(statusOf(env), "ok");
    await withTempDirAsync(async (dir) => {
      const file = join(dir, "token");
      Deno.writeTextFileSync(file, "s3cret\n", { mode: 0o600 });
      Deno.chmodSync(file, 0o600);
      const viaFile = await runCli(["--json", "--hosts", a!.host, "--token-file", file]);
      assert.equal(statusOf(viaFile), "ok");
      assert.equal(a!.requests.at(-1), "Bearer s3cret");
      Deno.writeTextFileSync(file, "  \n");
      const empty = await runCli(["--hosts", a!.host, "--token-file", file]);
      assert.equal(empty.code, 2);
      assert.match(empty.stderr, /--token-file: '.*token' \(empty\)/);
    });
  });
});

Deno.test("--hosts usage errors: one line, exit 2", async () => {
  const cases: [string[], RegExp][] = [
    [["--token-file", "/nonexistent"], /--token-file needs --hosts/],
    [["--host-timeout", "1s"], /--host-timeout needs --hosts/],
    [["--hosts", "a:1", "--backends", "drm"], /--backends reads this machine/],
    [["--hosts", "ftp://a:1"], /--hosts: 'ftp:\/\/a:1' \(only http and https\)/],
    [["--hosts", "a:1", "--host-timeout", "0s"], /--host-timeout/],
    [["--hosts", ","], /--hosts names no host/],
    [
      ["--hosts", "a:1", "--token-file", "/nonexistent/token"],
      /--token-file: '\/nonexistent\/token'/,
    ],
    [["--hosts-file", "/nonexistent/hosts"], /--hosts-file: '\/nonexistent\/hosts'/],
    [["watch", "--hosts", "a:1"], /--hosts/],
  ];
  for (const [args, message] of cases) {
    const result = await runCli(args);
    assert.equal(result.code, 2, `${args.join(" ")}: ${result.stderr}`);
    assert.match(result.stderr, message, args.join(" "));
    assert.equal(result.stderr.trim().split("\n").length, 1, args.join(" "));
  }
});

Deno.test("--hosts-file: one a line, # comments and blank lines skipped, with --hosts", async () => {
  await withHosts(
    [{ kind: "snapshot", body: AMD }, { kind: "snapshot", body: AMD }],
    async ([a, b]) => {
      await withTempDirAsync(async (dir) => {
        const file = join(dir, "hosts");
        Deno.writeTextFileSync(file, `# the fleet\n\n${b!.host}   # rack 2\n  \n`);
        const result = await runCli(["--json", "--hosts", a!.host, "--hosts-file", file]);
        assert.equal(result.code, 0, result.stderr);
        const output = parseJsonOutput(result) as { hosts: { host: string }[] };
        assert.deepEqual(output.hosts.map((h) => h.host), [a!.host, b!.host]);
      });
    },
  );
});

Deno.test("--hosts: a host's implausible numbers are dropped as a local reading's would be", async () => {
  const hot = JSON.parse(AMD);
  assert.equal(hot.devices[0].temperatureCelsius, 34, "the fixture's Vega");
  hot.devices[0].temperatureCelsius = 5000;
  await withHosts([{ kind: "snapshot", body: JSON.stringify(hot) }], async ([a]) => {
    const result = await runCli(["--json", "--hosts", a!.host]);
    const output = parseJsonOutput(result) as { devices: { temperatureCelsius: number | null }[] };
    assert.equal(output.devices[0]!.temperatureCelsius, null);
  });
});

Deno.test("--hosts -i: applied on each host; an id on no host is an error", async () => {
  await withHosts(
    [{ kind: "snapshot", body: MIXED }, { kind: "snapshot", body: AMD }],
    async ([a, b]) => {
      const hosts = `${a!.host},${b!.host}`;
      // Index 1 exists on host a only (two devices there, one on b).
      const one = await runCli(["--json", "--hosts", hosts, "-i", "1"]);
      assert.equal(one.code, 0, one.stderr);
      const output = parseJsonOutput(one) as {
        devices: JsonDevice[];
        processes: { host: string; deviceIndex: number }[];
      };
      assert.deepEqual(output.devices.map((d) => [d.host, d.index]), [[a!.host, 1]]);
      assert.ok(output.processes.every((p) => p.host === a!.host && p.deviceIndex === 1));
      const none = await runCli(["--hosts", hosts, "-i", "7"]);
      assert.equal(none.code, 1);
      assert.match(none.stderr, /no device matches --id '7'/);
    },
  );
});
