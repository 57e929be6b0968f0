/**
 * deploy/systemd/gputop.service: the real `systemd-analyze verify` finds nothing to say about
 * it (an unknown key or a bad value is a warning line naming the file), it keeps the hardening
 * the README promises, and its ExecStart command line starts a real `gputop serve` (over a
 * fixture root, the token from a credential directory). systemd-analyze missing is a failure.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { scenarioRootOf } from "../linux/sysfs/fixture_tree.ts";
import { programPath } from "../support/require_program.ts";
import { REPO_ROOT, runCommand } from "../support/run_cli.ts";
import { withTempDirAsync } from "../support/temp_dir.ts";
import { startServe } from "../serve/serve_process.ts";

const UNIT = join(REPO_ROOT, "deploy", "systemd", "gputop.service");
const TOKEN = "unit-test-token";

function unitText(): string {
  return Deno.readTextFileSync(UNIT);
}

/** Every `Key=value` of the [Service] section (comments and other sections left out). */
function serviceSettings(text: string): Map<string, string> {
  const section = text.split(/^\[Service\]$/m)[1]!.split(/^\[/m)[0]!;
  const settings = new Map<string, string>();
  for (const line of section.split("\n")) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (match) settings.set(match[1]!, match[2]!);
  }
  return settings;
}

async function verify(dir: string, text: string): Promise<string[]> {
  const analyze = programPath("systemd-analyze");
  if (analyze === null) {
    throw new Error("systemd-analyze is not installed; .ci/run installs systemd");
  }
  const path = join(dir, "gputop.service");
  // verify checks that the program exists and is executable: this test run's own deno is
  Deno.writeTextFileSync(path, text.replace("/usr/local/bin/gputop", Deno.execPath()));
  const result = await runCommand(analyze, ["verify", path]);
  return (result.stdout + result.stderr).split("\n").filter((line) => line.includes(path));
}

Deno.test("deploy/systemd/gputop.service: systemd-analyze verify says nothing about it", async () => {
  await withTempDirAsync(async (dir) => {
    assert.deepEqual(await verify(dir, unitText()), []);
    // it can fail: a misspelt value is reported
    const broken = unitText().replace("ProtectSystem=strict", "ProtectSystem=strictly");
    assert.equal((await verify(dir, broken)).length, 1);
  });
});

Deno.test("deploy/systemd/gputop.service: hardened, CAP_SYS_PTRACE named and explained", () => {
  const text = unitText();
  const settings = serviceSettings(text);
  const expected: [string, string][] = [
    ["NoNewPrivileges", "yes"],
    ["ProtectSystem", "strict"],
    ["ProtectHome", "yes"],
    ["PrivateTmp", "yes"],
    ["DynamicUser", "yes"],
    ["ProtectKernelTunables", "yes"],
    ["ProtectKernelModules", "yes"],
    ["ProtectControlGroups", "yes"],
    ["RestrictSUIDSGID", "yes"],
    ["CapabilityBoundingSet", "CAP_SYS_PTRACE CAP_DAC_READ_SEARCH"],
    ["AmbientCapabilities", "CAP_SYS_PTRACE CAP_DAC_READ_SEARCH"],
    ["ProtectProc", "default"],
  ];
  for (const [key, value] of expected) assert.equal(settings.get(key), value, key);
  assert.match(text, /# - CAP_SYS_PTRACE: .*\/proc\/<pid>\/fdinfo/);
  assert.match(text, /ptrace_may_access/);
  assert.ok(!settings.has("MemoryDenyWriteExecute"), "V8's JIT needs writable code pages");
  assert.ok(!settings.has("PrivateDevices"), "the vendor libraries need /dev");
});

Deno.test("deploy/systemd/gputop.service: its ExecStart starts a real gputop serve", async () => {
  const execStart = serviceSettings(unitText()).get("ExecStart")!;
  const [program, command, ...options] = execStart.split(" ");
  assert.deepEqual([program, command], ["/usr/local/bin/gputop", "serve"]);
  const listenAt = options.indexOf("--listen");
  assert.equal(options[listenAt + 1], "0.0.0.0:9757");
  options.splice(listenAt, 2); // the test's own --listen 127.0.0.1:0 instead
  await withTempDirAsync(async (credentials) => {
    Deno.writeTextFileSync(join(credentials, "token"), `${TOKEN}\n`);
    Deno.chmodSync(join(credentials, "token"), 0o400); // as systemd's credentials are
    const args = options.map((option) => option.replace("%d", credentials));
    const serve = await startServe([...args, "--root", scenarioRootOf("amdgpu-discrete")], {});
    try {
      const url = `http://127.0.0.1:${serve.port}/metrics`;
      const refused = await fetch(url);
      await refused.body?.cancel();
      assert.equal(refused.status, 401, "the token file is in force");
      const response = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(response.status, 200);
      assert.match(await response.text(), /^gputop_device_memory_used_bytes\{.*vendor="amd"\}/m);
    } finally {
      assert.equal((await serve.stop()).code, 143);
    }
  });
});
