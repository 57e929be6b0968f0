/**
 * `gputop serve --tls-cert --tls-key`: HTTPS through Deno's TLS, checked with a certificate
 * made at test time by the real `openssl` (`.ci/run` installs it; its absence is
 * a failure, never a skip) and a client that trusts only its throwaway CA.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { drmFixtureArgs } from "../linux/sysfs/fixture_tree.ts";
import { runCli } from "../support/run_cli.ts";
import { makeTestCertificates } from "../support/test_certificates.ts";
import { withTempDirAsync } from "../support/temp_dir.ts";
import { assertUsageError } from "../support/usage_error.ts";
import { startServe } from "./serve_process.ts";

const TREE_ARGS = drmFixtureArgs("amdgpu-discrete");

Deno.test("gputop serve over TLS: HTTPS with the given certificate, plain HTTP refused", async () => {
  await withTempDirAsync(async (dir) => {
    const { ca, cert, key } = await makeTestCertificates(dir);
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
    const { cert, key } = await makeTestCertificates(dir);
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

function openDescriptors(pid: number): number {
  return [...Deno.readDirSync(`/proc/${pid}/fd`)].length;
}

Deno.test("gputop serve over TLS: a handshake left unfinished is closed at the head deadline, its descriptors freed", async () => {
  await withTempDirAsync(async (dir) => {
    const { ca, cert, key } = await makeTestCertificates(dir);
    const serve = await startServe(["--tls-cert", cert, "--tls-key", key, ...TREE_ARGS], {});
    const client = Deno.createHttpClient({ caCerts: [Deno.readTextFileSync(ca)] });
    const stalled: Deno.Conn[] = [];
    try {
      const warm = await fetch(`https://127.0.0.1:${serve.port}/healthz`, { client });
      await warm.body?.cancel();
      const before = openDescriptors(serve.pid);
      for (let i = 0; i < 5; i++) {
        const conn = await Deno.connect({ hostname: "127.0.0.1", port: serve.port });
        await conn.write(new Uint8Array([0x16, 0x03, 0x01])); // a ClientHello's first bytes
        stalled.push(conn);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.ok(openDescriptors(serve.pid) >= before + 5, "the stalled clients are held");
      // meanwhile others are served
      const other = await fetch(`https://127.0.0.1:${serve.port}/healthz`, { client });
      assert.equal(other.status, 200);
      await other.body?.cancel();
      const started = Date.now();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const giveUp = new Promise<"still open">((resolve) => {
        timer = setTimeout(() => resolve("still open"), 10_000);
      });
      const closed = await Promise.all(
        stalled.map((conn) => Promise.race([conn.read(new Uint8Array(64)), giveUp])),
      );
      clearTimeout(timer);
      const waitedMs = Date.now() - started;
      assert.deepEqual(closed, [null, null, null, null, null]);
      assert.ok(waitedMs < 8_000, `closed after ${waitedMs} ms (head deadline 5 s)`);
      // every descriptor those clients held is closed, the TLS side's too
      let after = openDescriptors(serve.pid);
      for (let tries = 0; tries < 40 && after > before; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        after = openDescriptors(serve.pid);
      }
      assert.ok(after <= before, `${after} descriptors open, ${before} before`);
    } finally {
      for (const conn of stalled) {
        try {
          conn.close();
        } catch {
          // closed
        }
      }
      client.close();
      assert.equal((await serve.stop()).code, 143);
    }
  });
});
