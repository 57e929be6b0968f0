import assert from "node:assert/strict";
import { describeParseError, formatError, misplacedOption } from "../../src/cli/option_errors.ts";
import { findCommand } from "../../src/cli/registry.ts";

Deno.test("describeParseError: an option another command takes, one nobody takes, the rest", () => {
  const schema = findCommand("schema")!;
  const unknown = (flag: string) =>
    new TypeError(`Unknown option '${flag}'. To specify a positional argument starting with …`);
  assert.equal(
    describeParseError(unknown("-i"), schema, () => ["ps"]),
    "schema takes no option '-i' (see gputop schema --help)",
  );
  assert.equal(
    describeParseError(unknown("--bogus"), schema, () => []),
    "unknown option '--bogus' for 'schema' (see gputop schema --help)",
  );
  assert.equal(
    describeParseError(new TypeError("Option '--x <value>' argument missing"), schema, () => []),
    "option '--x <value>' argument missing",
  );
});

Deno.test("misplacedOption: whose option it is, or that nobody knows it", () => {
  assert.equal(
    misplacedOption("--interval", ["watch", "top"]).message,
    "'--interval' is an option of watch (and top): put it after the command",
  );
  assert.equal(misplacedOption("-z", []).message, "unknown option '-z'");
});

Deno.test("formatError: what the command prints, or that it takes no format flag", () => {
  assert.equal(
    formatError(findCommand("check")!, "csv").message,
    "check prints table or json, not csv",
  );
  assert.equal(
    formatError(findCommand("schema")!, "json").message,
    "schema always prints json: it takes no --format, --json or --csv",
  );
  assert.equal(
    formatError(findCommand("version")!, "json").message,
    "version has one fixed output: it takes no --format, --json or --csv (got json)",
  );
});
