/**
 * `--hosts` against real `gputop serve` processes on local ports, each reading a fixture root:
 * one over plain HTTP, one over HTTPS with a certificate made at test time, both behind the
 * same bearer token. Expected devices are each fixture read locally (`gputop --json`).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fixtureRootArgs } from "../linux/sysfs/fixture_tree.ts";
import { startServe } from "../serve/serve_process.ts";
import { fixtureSnapshotJson } from "../support/fake_hosts.ts";
import { parseJsonOutput, runCli } from "../support/run_cli.ts";
import { schemaValidator } from "../support/schema_validator.ts";
import { makeTestCertificates } from "../support/test_certificates.ts";
import { withTempDirAsync } from "../support/temp_dir.ts";

interface Output {
  devices: { host: string; name: string }[];
  hosts: { host: string; status: string; detail: string | null }[];
}

const namesOf = (json: string) => (JSON.parse(json) as Output).devices.map((d) => d.name);

Deno.test("--hosts over real serve processes: HTTP and HTTPS, a token, --host-ca", async () => {
  await withTempDirAsync(async (dir) => {
    const token = join(dir, "token");
    Deno.writeTextFileSync(token, "fleet-secret\n", { mode: 0o600 });
    Deno.chmodSync(token, 0o600);
    const { ca, cert, key } = await makeTestCertificates(dir);
    const drm = (scenario: string) => ["--backends", "drm", ...fixtureRootArgs(scenario)];
    const plain = await startServe([...drm("amdgpu-discrete"), "--token-file", token], {});
    const tls = await startServe(
      [...drm("mixed-two-gpus"), "--token-file", token, "--tls-cert", cert, "--tls-key", key],
      {},
    );
    try {
      const hosts = `127.0.0.1:${plain.port},https://localhost:${tls.port}`;
      const args = ["--json", "--hosts", hosts, "--token-file", token];
      const both = await runCli([...args, "--host-ca", ca]);
      assert.equal(both.code, 0, both.stderr);
      const output = parseJsonOutput(both) as Output;
      const verdict = (await schemaValidator())(output);
      assert.ok(verdict.ok, verdict.errors);
      assert.deepEqual(output.hosts.map((h) => h.status), ["ok", "ok"]);
      const [amd, mixed] = await Promise.all(
        ["amdgpu-discrete", "mixed-two-gpus"].map(fixtureSnapshotJson),
      );
      assert.deepEqual(output.devices.map((d) => [d.host, d.name]), [
        ...namesOf(amd!).map((n) => [`127.0.0.1:${plain.port}`, n]),
        ...namesOf(mixed!).map((n) => [`https://localhost:${tls.port}`, n]),
      ]);
      // The CA not trusted: the HTTPS host is not read (and says why); the other still is.
      const untrusted = parseJsonOutput(await runCli(args)) as Output;
      assert.deepEqual(untrusted.hosts.map((h) => h.status), ["ok", "refused"]);
      assert.match(untrusted.hosts[1]!.detail!, /^TLS: .*\(see --host-ca\)$/);
      // Deno's own DENO_CERT trusts it too.
      const viaEnv = parseJsonOutput(await runCli(args, { env: { DENO_CERT: ca } })) as Output;
      assert.deepEqual(viaEnv.hosts.map((h) => h.status), ["ok", "ok"]);
      // No token: both answer 401.
      const anonymous = await runCli(["--json", "--hosts", hosts, "--host-ca", ca]);
      assert.deepEqual(
        (parseJsonOutput(anonymous) as Output).hosts.map((h) => h.status),
        ["unauthorized", "unauthorized"],
      );
      const table = await runCli(["ps", "--hosts", hosts, "--token-file", token, "--host-ca", ca]);
      assert.equal(table.code, 0, table.stderr);
      assert.match(table.stdout, new RegExp(`^127\\.0\\.0\\.1:${plain.port}\\n +PID`, "m"));
      assert.match(table.stdout, new RegExp(`^https://localhost:${tls.port}\\n +PID`, "m"));
    } finally {
      await Promise.all([plain.stop(), tls.stop()]);
    }
  });
});
