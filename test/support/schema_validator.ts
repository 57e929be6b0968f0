/**
 * A validator compiled from what `gputop schema` prints (run as a subprocess once per test
 * file), for tests that check whole CLI outputs against the published contract.
 */
import assert from "node:assert/strict";
import { Ajv2020 } from "npm:ajv@8.17.1/dist/2020.js";
import { parseJsonOutput, runCli } from "./run_cli.ts";

export type Validate = (output: unknown) => { ok: boolean; errors: string };

let cached: Promise<Validate> | null = null;

export function schemaValidator(): Promise<Validate> {
  cached ??= (async () => {
    const result = await runCli(["schema"]);
    assert.equal(result.code, 0, result.stderr);
    const validate = new Ajv2020({ strict: false }).compile(
      parseJsonOutput(result) as Record<string, unknown>,
    );
    return (output: unknown) => {
      const ok = validate(output) === true;
      return { ok, errors: ok ? "" : JSON.stringify(validate.errors) };
    };
  })();
  return cached;
}
