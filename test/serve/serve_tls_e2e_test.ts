/**
 * `gputop serve --tls-cert --tls-key`: HTTPS through Deno's TLS, checked with a certificate
 * made at test time by the real `openssl` (`.ci/run` installs it; its absence is
 * a failure, never a skip) and a client that trusts only its throwaway CA.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { procRootOf, sysRootOf } from "../linux/sysfs/fixture_tree.ts";
import { programPath } from "../support/require_program.ts";
import { runCli, runCommand } from "../support/run_cli.ts";
import { withTempDirAsync } from "../support/temp_dir.ts";
import { assertUsageError } from "../support/usage_error.ts";
import { startServe } from "./serve_process.ts";

const TREE_ARGS = [
  "--backends",
  "drm",
  "--sys-root",
  sysRootOf("amdgpu-discrete"),
  "--proc-root",
  procRootOf("amdgpu-discrete"),
];

/**
 * A throwaway CA and a P-256 server certificate it signed for 127.0.0.1 and localhost, valid
 * one day (rustls, behind Deno's fetch, refuses a CA certificate as the server's own, so a
 * lone self-signed one cannot be used as both).
 */
async function testCertificates(dir: string): Promise<{ ca: string; cert: string; key: string }> {
  const openssl = programPath("openssl");
  if (openssl === null) throw new Error("openssl is not installed; .ci/run installs it");
  const [ca, caKey, cert, key] = ["ca.pem", "ca.key", "cert.pem", "key.pem"].map((f) =>
    join(dir, f)
  );
  const newKey = [
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-days",
    "1",
  ];
  const steps = [
    ["req", "-x509", ...newKey, "-keyout", caKey!, "-out", ca!, "-subj", "/CN=gputop test CA"],
    [
      "req",
      "-x509",
      ...newKey,
      "-CA",
      ca!,
      "-CAkey",
      caKey!,
      "-keyout",
      key!,
      "-out",
      cert!,
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
      "-addext",
      "basicConstraints=critical,CA:FALSE",
    ],
  ]; // deno-fmt-ignore
  for (const args of steps) {
    const made = await runCommand(openssl, args);
    assert.equal(made.code, 0, made.stderr);
  }
  return { ca: ca!, cert: cert!, key: key! };
}

Deno.test("gputop serve over TLS: HTTPS with the given certificate, plain HTTP refused", async () => {
  await withTempDirAsync(async (dir) => {
    const { ca, cert, key } = await testCertificates(dir);
    const serve = await startServe(["--tls-cert", cert, "--tls-key", key, ...TREE_ARGS], {});
    const client = Deno.createHttpClient({ caCerts: [Deno.readTextFileSync(ca)] });
    try {
      const metrics = await fetch(`https://127.0.0.1:${serve.port}/metrics`, { client });
      assert.equal(metrics.status, 200);
      assert.match(await metrics.text(), /^gputop_device_memory_used_bytes\{index="0",/m);
      const snapshot = await fetch(`https://localhost:${serve.port}/snapshot`, { client });
      assert.equal((await snapshot.json()).schemaVersion, 1);
      // without the certificate trusted, the handshake fails: it really is TLS
      await assert.rejects(fetch(`https://127.0.0.1:${serve.port}/healthz`));
      await assert.rejects(fetch(`http://127.0.0.1:${serve.port}/healthz`));
    } finally {
      client.close();
      const { code, stderr } = await serve.stop();
      assert.equal(code, 143);
      assert.match(stderr, /serving https:\/\/127\.0\.0\.1:\d+\/metrics/);
    }
  });
});

Deno.test("gputop serve TLS mistakes: one flag alone, an unreadable file, a bad pair", async () => {
  await withTempDirAsync(async (dir) => {
    const { cert, key } = await testCertificates(dir);
    await assertUsageError(
      ["serve", "--tls-cert", cert, ...TREE_ARGS],
      "--tls-cert needs --tls-key",
    );
    await assertUsageError(["serve", "--tls-key", key, ...TREE_ARGS], "--tls-key needs --tls-cert");
    const absent = join(dir, "absent.pem");
    await assertUsageError(["serve", "--tls-cert", absent, "--tls-key", key], absent);
    // the key given as the certificate, and the certificate as the key
    const swapped = await runCli([
      "serve",
      "--listen",
      "127.0.0.1:0",
      "--tls-cert",
      key,
      "--tls-key",
      cert,
      ...TREE_ARGS,
    ]); // deno-fmt-ignore
    assert.equal(swapped.code, 1, swapped.stderr);
    assert.equal(swapped.stderr.trimEnd().split("\n").length, 1, swapped.stderr);
    assert.match(swapped.stderr, /^gputop: cannot serve TLS with --tls-cert '.*key\.pem' and/);
  });
});
