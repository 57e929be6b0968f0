import assert from "node:assert/strict";
import { parseCommandLine } from "../../src/cli/parse_options.ts";
import { UsageError } from "../../src/platform/usage_error.ts";
import {
  checkRootDirectory,
  joinNegativeValues,
  negativeNumbersAsPositionals,
  parseIdList,
  singleValues,
} from "../../src/cli/validate_options.ts";

const noEnv = () => undefined;

Deno.test("parseIdList splits on commas and trims", () => {
  assert.deepEqual(parseIdList(["0, GPU-abc", "0000:01:00.0"]), ["0", "GPU-abc", "0000:01:00.0"]);
});

Deno.test("parseIdList: an empty id is a usage error naming the value", () => {
  for (const value of ["", ",", " ", "0,", ",1", "0,,1"]) {
    assert.throws(() => parseIdList([value]), (error: unknown) => {
      assert.ok(error instanceof UsageError, value);
      assert.equal(
        error.message,
        `invalid value for --id: '${value}' (an empty id; expected index, UUID or PCI address)`,
      );
      return true;
    });
  }
});

Deno.test("checkRootDirectory: a directory is kept; missing, a file or empty is an error", () => {
  const dir = Deno.makeTempDirSync();
  try {
    const file = `${dir}/file`;
    Deno.writeTextFileSync(file, "");
    assert.equal(checkRootDirectory("--proc-root", dir), dir);
    assert.equal(checkRootDirectory("--proc-root", undefined), undefined);
    assert.throws(
      () => checkRootDirectory("--proc-root", `${dir}/missing`),
      new UsageError(`invalid value for --proc-root: '${dir}/missing' (no such directory)`),
    );
    assert.throws(
      () => checkRootDirectory("--sys-root", file),
      new UsageError(`invalid value for --sys-root: '${file}' (not a directory)`),
    );
    assert.throws(
      () => checkRootDirectory("--sys-root", " "),
      new UsageError("invalid value for --sys-root: empty path"),
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("the root variables are checked too, an empty one is unset", async () => {
  const env = (values: Record<string, string>) => (name: string) => values[name];
  await assert.rejects(
    () => parseCommandLine([], env({ GPUTOP_SYS_ROOT: "/nonexistent-gputop" }), false),
    /GPUTOP_SYS_ROOT: '\/nonexistent-gputop' \(no such directory\)/,
  );
  assert.equal(
    (await parseCommandLine([], env({ GPUTOP_PROC_ROOT: "" }), false)).options.procRoot,
    undefined,
  );
});

Deno.test("joinNegativeValues joins a dash-number to a flag that takes a value only", () => {
  const spec = {
    "sample-window": { type: "string" },
    id: { type: "string", short: "i" },
    json: { type: "boolean" },
  };
  assert.deepEqual(joinNegativeValues(["--sample-window", "-1"], spec), ["--sample-window=-1"]);
  assert.deepEqual(joinNegativeValues(["-i", "-.5"], spec), ["-i-.5"]);
  assert.deepEqual(joinNegativeValues(["--json", "-1"], spec), ["--json", "-1"]);
  assert.deepEqual(joinNegativeValues(["--sample-window", "-i"], spec), [
    "--sample-window",
    "-i",
  ]);
  assert.deepEqual(joinNegativeValues(["--", "--sample-window", "-1"], spec), [
    "--",
    "--sample-window",
    "-1",
  ]);
});

Deno.test("--sample-window -1 is an invalid value, as --sample-window=-1 is", async () => {
  const message =
    "invalid value for --sample-window: '-1' (expected e.g. 500ms, 2s, 1m, 1h; a bare number is seconds)";
  await assert.rejects(
    () => parseCommandLine(["--sample-window", "-1"], noEnv, false),
    new UsageError(message),
  );
  await assert.rejects(
    () => parseCommandLine(["--sample-window=-1"], noEnv, false),
    new UsageError(message),
  );
});

Deno.test("negativeNumbersAsPositionals moves a dash-number behind --, in order", () => {
  assert.deepEqual(negativeNumbersAsPositionals(["-1GiB"]), ["--", "-1GiB"]);
  assert.deepEqual(negativeNumbersAsPositionals(["--json", "-.5", "x"]), [
    "--json",
    "x",
    "--",
    "-.5",
  ]);
  assert.deepEqual(negativeNumbersAsPositionals(["-1", "--", "-2"]), ["--", "-1", "-2"]);
  assert.deepEqual(negativeNumbersAsPositionals(["-i", "--json"]), ["-i", "--json"]);
});

Deno.test("fit -1GiB is judged as a size, not an unknown option '-1'", async () => {
  const parsed = await parseCommandLine(["fit", "-1GiB"], noEnv, false);
  assert.deepEqual(parsed.positionals, ["-1GiB"]);
});

Deno.test("singleValues: once for a single-value option, lists add up, no padded values", () => {
  const spec = {
    interval: { type: "string" },
    id: { type: "string", multiple: true },
    json: { type: "boolean" },
  };
  assert.deepEqual(singleValues({ interval: ["2s"], id: ["0", "1"], json: true }, spec), {
    interval: "2s",
    id: ["0", "1"],
    json: true,
  });
  assert.throws(
    () => singleValues({ interval: ["1s", "1s"] }, spec),
    new UsageError("--interval given 2 times ('1s', '1s'): it takes one value"),
  );
  for (const padded of [" 1s", "1s ", "\t1s", "1s\n"]) {
    assert.throws(
      () => singleValues({ interval: [padded] }, spec),
      new UsageError(`invalid value for --interval: '${padded}' (leading or trailing whitespace)`),
    );
  }
  assert.throws(() => singleValues({ id: ["0", " 1"] }, spec), /--id: ' 1'/);
});

Deno.test("every option of every command: given twice is refused, padded is refused", async () => {
  for (
    const args of [
      ["ps", "--sample-window", "1s", "--sample-window", "2s"],
      ["--proc-root", Deno.cwd(), "--proc-root", Deno.cwd()],
      ["serve", "--listen", ":1", "--listen", ":2"],
      ["check", "--min-gpus", "1", "--min-gpus", "2"],
      ["watch", "--count", "1", "--count=1"],
      ["fit", "1GiB", "--sample-window", "1s "],
      ["check", "--max-temperature", " 80"],
      ["serve", "--max-process-series", "5 "],
    ]
  ) {
    await assert.rejects(() => parseCommandLine(args, noEnv, false), UsageError, args.join(" "));
  }
  // A flag without a value may be repeated: it cannot conflict with itself.
  assert.equal(
    (await parseCommandLine(["ps", "--json", "--json"], noEnv, false)).options.format,
    "json",
  );
});
