import assert from "node:assert/strict";
import { isPlainVersionRequest, versionLine } from "../../../src/cli/commands/version.ts";
import { runCli } from "../../support/run_cli.ts";

const VERSION = JSON.parse(Deno.readTextFileSync(new URL("../../../deno.json", import.meta.url)))
  .version as string;

Deno.test("isPlainVersionRequest: `version` or `--version` alone, nothing else", () => {
  assert.equal(isPlainVersionRequest(["version"]), true);
  assert.equal(isPlainVersionRequest(["--version"]), true);
  for (
    const args of [[], ["version", "--json"], ["--version", "--help"], ["-V"], ["versions"], [
      "--json",
    ]]
  ) {
    assert.equal(isPlainVersionRequest(args), false, JSON.stringify(args));
  }
});

Deno.test("versionLine is deno.json's version", () => {
  assert.equal(versionLine(), `gputop ${VERSION}\n`);
});

Deno.test("main.ts answers `version` and `--version` itself, as the parser does with more arguments", async () => {
  for (const args of [["version"], ["--version"], ["--version", "--json"]]) {
    const result = await runCli(args);
    assert.equal(result.code, 0, `${args.join(" ")}: ${result.stderr}`);
    assert.equal(result.stdout, `gputop ${VERSION}\n`, args.join(" "));
    assert.equal(result.stderr, "");
  }
  // The parser still refuses what `version` does not take.
  const refused = await runCli(["version", "--json"]);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /version has one fixed output/);
});

Deno.test("started as nvidia-smi, `version` is not answered: only nvidia-smi's query interface is", async () => {
  const result = await runCli(["version"], { env: { GPUTOP_ARGV0: "/usr/bin/nvidia-smi" } });
  assert.equal(result.code, 2);
  assert.equal(result.stdout, "");
  assert.match(result.stderr, /^nvidia-smi \(gputop\): only nvidia-smi's query interface/);
});
