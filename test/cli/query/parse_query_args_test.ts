import assert from "node:assert/strict";
import { parseQueryArguments } from "../../../src/cli/query/parse_query_args.ts";
import { UsageError } from "../../../src/platform/usage_error.ts";

const noEnv = () => undefined;
const parse = (...args: string[]) => parseQueryArguments(args, noEnv);

function usageError(args: string[], pattern: RegExp): void {
  assert.throws(() => parseQueryArguments(args, noEnv), (error: unknown) => {
    assert.ok(error instanceof UsageError, String(error));
    assert.match(error.message, pattern);
    return true;
  });
}

Deno.test("--query-gpu and --format with = or as the next argument", () => {
  const a = parse("--query-gpu=index,name", "--format=csv,noheader,nounits");
  assert.equal(a.mode, "gpu");
  assert.equal(a.fields, "index,name");
  assert.deepEqual(a.format, { header: false, units: false });
  assert.equal(a.loopMs, null);
  const b = parse("--query-compute-apps", "pid,used_memory", "--format", "csv");
  assert.equal(b.mode, "compute-apps");
  assert.equal(b.fields, "pid,used_memory");
  assert.deepEqual(b.format, { header: true, units: true });
  assert.deepEqual(parse("--query-gpu=index", "--format=csv,nounits,noheader").format, {
    header: false,
    units: false,
  });
});

Deno.test("-l [SEC], --loop[=SEC], -lms MS, --loop-ms=MS", () => {
  const q = ["--query-gpu=index", "--format=csv"];
  assert.equal(parse(...q, "-l").loopMs, 5000, "nvidia-smi's default: 5 s");
  assert.equal(parse(...q, "-l", "2").loopMs, 2000);
  assert.equal(parse("-l", "2", ...q).loopMs, 2000);
  assert.equal(parse(...q, "--loop=3").loopMs, 3000);
  assert.equal(parse(...q, "--loop").loopMs, 5000);
  assert.equal(parse("-l", ...q).loopMs, 5000, "-l before a non-number takes no value");
  assert.equal(parse(...q, "-lms", "500").loopMs, 500);
  assert.equal(parse(...q, "--loop-ms=250").loopMs, 250);
  assert.equal(parse(...q, "--loop-ms", "100").loopMs, 100);
});

Deno.test("gputop's own options a query takes: -i, --backends, roots, --sample-window", () => {
  const root = Deno.makeTempDirSync();
  try {
    const request = parse(
      "--query-gpu=index",
      "--format=csv",
      "-i",
      "0,1",
      "--backends",
      "nvml,drm",
      "--proc-root",
      root,
      "--sample-window",
      "100ms",
    );
    assert.deepEqual(request.options.ids, ["0", "1"]);
    assert.deepEqual(request.options.backends, ["nvml", "drm"]);
    assert.equal(request.options.procRoot, root);
    assert.equal(request.sampleWindowMs, 100);
    assert.deepEqual(parse("--query-gpu=index", "--format=csv", "--id=GPU-1").options.ids, [
      "GPU-1",
    ]);
    assert.equal(parse("--query-gpu=index", "--format=csv").sampleWindowMs, null);
  } finally {
    Deno.removeSync(root);
  }
});

Deno.test("the help lists need no --format", () => {
  assert.equal(parse("--help-query-gpu").mode, "help-gpu");
  assert.equal(parse("--help-query-compute-apps").mode, "help-compute-apps");
});

Deno.test("usage errors name what is wrong", () => {
  usageError([], /needs --query-gpu=FIELDS or --query-compute-apps=FIELDS/);
  usageError(["--query-gpu=index"], /--query-gpu needs --format=csv/);
  usageError(["--query-compute-apps=pid"], /--query-compute-apps needs --format=csv/);
  usageError(["--query-gpu=index", "--format=xml"], /invalid value for --format: 'xml'/);
  usageError(["--query-gpu=index", "--format=noheader"], /invalid value for --format/);
  usageError(
    ["--query-gpu=index", "--query-compute-apps=pid", "--format=csv"],
    /--query-gpu and --query-compute-apps cannot be combined/,
  );
  usageError(
    ["--query-gpu=index", "--format=csv", "--json"],
    /unknown option '--json' for 'query'/,
  );
  usageError(["--query-gpu=index", "--format=csv", "-q"], /unknown option '-q'/);
  // The rules every command keeps: one value for a single-value option, no padding.
  usageError(
    ["--query-gpu=index", "--format=csv", "--sample-window", "1s", "--sample-window", "2s"],
    /--sample-window given 2 times/,
  );
  usageError(["--query-gpu=index", "--format=csv", "--sample-window", " 1s"], /whitespace/);
  usageError(["--query-gpu=index", "--format=csv", "extra"], /unexpected argument 'extra'/);
  usageError(["--query-gpu"], /option '--query-gpu' needs a value/);
  usageError(["--query-gpu=index", "--format=csv", "-lms", "5"], /--loop-ms: '5'.*at least 10 ms/);
  usageError(["--query-gpu=index", "--format=csv", "--loop=x"], /--loop: 'x'/);
  usageError(
    ["--query-gpu=index", "--format=csv", "-l", "1", "-lms", "100"],
    /cannot be combined/,
  );
  usageError(
    ["--query-gpu=index", "--format=csv", "-l", "1", "--sample-window", "1s"],
    /--sample-window is for one reading/,
  );
  usageError(["--help-query-gpu=x"], /takes no value/);
});
