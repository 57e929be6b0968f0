/**
 * One rule for options and environment, as a user meets it: a command takes the options it
 * reads and its help lists exactly those; any other is a usage error naming the option and the
 * command; the environment is read (and judged as strictly as the flag) only by the commands
 * that use it; a single-value option may be given once; no value may be padded with spaces.
 */
import assert from "node:assert/strict";
import { drmFixtureArgs } from "../linux/sysfs/fixture_tree.ts";
import { type CliResult, runCli } from "../support/run_cli.ts";

const DRM = drmFixtureArgs("amdgpu-discrete");

function assertUsageError(result: CliResult, message: string, what: string): void {
  assert.equal(result.code, 2, `${what}: ${result.stderr}`);
  assert.equal(result.stdout, "", what);
  assert.equal(result.stderr, `gputop: ${message}\n`, what);
}

Deno.test("an option the command does not read is a usage error naming it and the command", async () => {
  assertUsageError(
    await runCli(["schema", "-i", "99", "--sample-window", "3s"]),
    "schema takes no option '-i' (see gputop schema --help)",
    "schema -i",
  );
  assertUsageError(
    await runCli(["version", "--sys-root", "/"]),
    "version takes no option '--sys-root' (see gputop version --help)",
    "version --sys-root",
  );
  assertUsageError(
    await runCli(["backends", "-i", "0"]),
    "backends takes no option '-i' (see gputop backends --help)",
    "backends -i",
  );
  assertUsageError(
    await runCli(["watch", "--sample-window", "1s", "--count", "1"]),
    "watch takes no option '--sample-window' (see gputop watch --help)",
    "watch --sample-window",
  );
  // Before the command, the command still judges it.
  assertUsageError(
    await runCli(["--no-header", "schema"]),
    "schema takes no option '--no-header' (see gputop schema --help)",
    "--no-header schema",
  );
});

Deno.test("help lists exactly the options a command takes", async () => {
  const schema = await runCli(["help", "schema"]);
  assert.equal(schema.code, 0, schema.stderr);
  const flags = (text: string) =>
    [...text.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1]);
  assert.deepEqual(flags(schema.stdout), ["--help"]);
  const backends = await runCli(["help", "backends"]);
  assert.deepEqual(flags(backends.stdout), [
    "--format",
    "--json",
    "--csv",
    "--no-header",
    "--no-color",
    "--backends",
    "--proc-root",
    "--sys-root",
    "--lazy-init",
    "--help",
  ]);
  // And every option listed is taken.
  const taken = await runCli(["backends", "--json", "--no-header", "--no-color", ...DRM]);
  assert.equal(taken.code, 0, taken.stderr);
});

Deno.test("environment is judged only by the commands that read it", async () => {
  for (
    const env of [
      { GPUTOP_SYS_ROOT: "/nonexistent-gputop" },
      { GPUTOP_PROC_ROOT: "/nonexistent-gputop" },
      { GPUTOP_LAZY_INIT: "maybe" },
      { GPUTOP_MACMON_TIMEOUT_MS: "abc" },
    ]
  ) {
    for (const args of [["version"], ["schema"], ["help", "ps"], ["--version"]]) {
      const result = await runCli(args, { env });
      assert.equal(result.code, 0, `${JSON.stringify(env)} ${args.join(" ")}: ${result.stderr}`);
    }
  }
  // A command that reads devices still refuses a root that is not there.
  assertUsageError(
    await runCli(["ps", "--backends", "drm"], { env: { GPUTOP_SYS_ROOT: "/nonexistent-gputop" } }),
    "invalid value for GPUTOP_SYS_ROOT: '/nonexistent-gputop' (no such directory)",
    "ps with a bad GPUTOP_SYS_ROOT",
  );
});

Deno.test("GPUTOP_MACMON_TIMEOUT_MS is a usage error where macmon would run", async () => {
  for (const value of ["abc", "0", "-1", " 500", "1.5", "86400001"]) {
    const env = { GPUTOP_MACMON_TIMEOUT_MS: value, GPUTOP_MACMON: "/nonexistent-macmon" };
    const message = `invalid value for GPUTOP_MACMON_TIMEOUT_MS: '${value}' ` +
      "(expected a whole number of milliseconds, 1 to 86400000)";
    for (const command of [[], ["backends"], ["watch", "--count", "1"]]) {
      assertUsageError(
        await runCli([...command, "--backends", "macmon"], { env }),
        message,
        `${command.join(" ")} ${value}`,
      );
    }
    // Where macmon does not run (not selected), the variable is not read.
    const drm = await runCli(["--json", ...DRM], { env });
    assert.equal(drm.code, 0, drm.stderr);
  }
  const good = await runCli(["backends", "--backends", "macmon", "--json"], {
    env: { GPUTOP_MACMON_TIMEOUT_MS: "500", GPUTOP_MACMON: "/nonexistent-macmon" },
  });
  assert.equal(good.code, 0, good.stderr);
});

Deno.test("a single-value option given twice is a usage error; a LIST option adds up", async () => {
  assertUsageError(
    await runCli(["watch", "--interval", "1s", "--interval", "2s", "--count", "1"]),
    "--interval given 2 times ('1s', '2s'): it takes one value",
    "--interval twice",
  );
  assertUsageError(
    await runCli(["--format", "json", "--format=json", ...DRM]),
    "--format given 2 times ('json', 'json'): it takes one value",
    "--format twice",
  );
  const list = await runCli(["--json", "-i", "0", "--id", "0000:03:00.0", ...DRM]);
  assert.equal(list.code, 0, list.stderr);
});

Deno.test("values padded with whitespace, --sample-window 0 and fit -1GiB are refused", async () => {
  assertUsageError(
    await runCli(["watch", "--interval", " 1s", "--count", "1"]),
    "invalid value for --interval: ' 1s' (leading or trailing whitespace)",
    "--interval ' 1s'",
  );
  assertUsageError(
    await runCli(["watch", "--count", " 2"]),
    "invalid value for --count: ' 2' (leading or trailing whitespace)",
    "--count ' 2'",
  );
  assertUsageError(
    await runCli(["--sample-window", "0", ...DRM]),
    "invalid value for --sample-window: '0' (at least 10ms; leave the option out for one sample)",
    "--sample-window 0",
  );
  const fit = await runCli(["fit", "-1GiB", ...DRM]);
  assert.equal(fit.code, 2, fit.stderr);
  assert.match(fit.stderr, /^gputop: invalid size for SIZE: '-1GiB' \(expected [^\n]*\)\n$/);
});

Deno.test("--listen with a bracketed address and no port says the port is missing", async () => {
  assertUsageError(
    await runCli(["serve", "--listen", "[::1]"]),
    "invalid value for --listen: '[::1]' (no port after the brackets; expected HOST:PORT)",
    "--listen [::1]",
  );
});
