/**
 * `gputop serve --token-file`: every path but /healthz needs `Authorization: Bearer <token>`
 * (401 with no details otherwise); the file's mistakes are usage errors naming it; binding
 * beyond loopback without a token prints one warning line.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { drmFixtureArgs } from "../linux/sysfs/fixture_tree.ts";
import { withTempDirAsync } from "../support/temp_dir.ts";
import { assertUsageError } from "../support/usage_error.ts";
import { startServe } from "./serve_process.ts";

const TREE_ARGS = drmFixtureArgs("amdgpu-discrete");
const TOKEN = "k3y-0f-the-fleet";

function writeToken(dir: string, text: string, mode: number): string {
  const path = join(dir, "token");
  Deno.writeTextFileSync(path, text);
  Deno.chmodSync(path, mode);
  return path;
}

async function get(port: number, path: string, authorization?: string) {
  const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
  return { status: response.status, body: await response.text(), headers: response.headers };
}

Deno.test("gputop serve --token-file: 401 without or with a wrong token, 200 with it", async () => {
  await withTempDirAsync(async (dir) => {
    // surrounding whitespace (an editor's newline) is no part of the token
    const tokenFile = writeToken(dir, `  ${TOKEN}\n\n`, 0o600);
    const serve = await startServe(["--token-file", tokenFile, ...TREE_ARGS], {});
    try {
      for (const path of ["/metrics", "/snapshot", "/", "/nope"]) {
        for (
          const auth of [undefined, "Bearer wrong", `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]
        ) {
          const answer = await get(serve.port, path, auth);
          assert.equal(answer.status, 401, `${path} with ${auth}`);
          assert.equal(answer.body, "unauthorized\n", "no details");
          assert.equal(answer.headers.get("www-authenticate"), "Bearer");
        }
      }
      const metrics = await get(serve.port, "/metrics", `Bearer ${TOKEN}`);
      assert.equal(metrics.status, 200);
      assert.match(metrics.body, /^gputop_device_memory_used_bytes\{/m);
      const snapshot = await get(serve.port, "/snapshot", `bearer ${TOKEN}`);
      assert.equal(snapshot.status, 200);
      assert.equal(JSON.parse(snapshot.body).schemaVersion, 1);
      assert.equal((await get(serve.port, "/nope", `Bearer ${TOKEN}`)).status, 404);
      // /healthz stays open, for load balancers and kubelet probes
      assert.deepEqual((await get(serve.port, "/healthz")).status, 200);
    } finally {
      const { code, stderr } = await serve.stop();
      assert.equal(code, 143);
      assert.ok(!stderr.includes(TOKEN), "the token is never printed");
    }
  });
});

Deno.test("gputop serve --token-file: missing, empty or world-readable file is a usage error", async () => {
  await withTempDirAsync(async (dir) => {
    const missing = join(dir, "absent");
    await assertUsageError(["serve", "--token-file", missing, ...TREE_ARGS], missing);
    const empty = writeToken(dir, " \n\t\n", 0o600);
    await assertUsageError(["serve", "--token-file", empty, ...TREE_ARGS], `'${empty}' (empty)`);
    const open = writeToken(dir, TOKEN, 0o644);
    await assertUsageError(["serve", "--token-file", open, ...TREE_ARGS], "readable by every user");
    await assertUsageError(["serve", "--token-file", dir, ...TREE_ARGS], dir);
  });
});

Deno.test("gputop serve: beyond loopback without a token, one warning line; with one, none", async () => {
  const open = await startServe(TREE_ARGS, {}, { listen: "0.0.0.0:0" });
  const openErr = (await open.stop()).stderr;
  const warnings = openErr.split("\n").filter((line) => line.includes("warning"));
  assert.equal(warnings.length, 1, openErr);
  assert.match(
    warnings[0]!,
    /^gputop: warning: serving 0\.0\.0\.0:\d+, not loopback, with no --token-file/,
  );
  const local = await startServe(TREE_ARGS, {});
  assert.ok(!(await local.stop()).stderr.includes("warning"));
  await withTempDirAsync(async (dir) => {
    const tokenFile = writeToken(dir, TOKEN, 0o600);
    const guarded = await startServe(["--token-file", tokenFile, ...TREE_ARGS], {}, {
      listen: "0.0.0.0:0",
    });
    assert.ok(!(await guarded.stop()).stderr.includes("warning"));
  });
});
