import assert from "node:assert/strict";
import { ONLY_QUERIES_MESSAGE, routeNvidiaSmi } from "../../../src/cli/query/nvidia_smi_entry.ts";
import type { Io } from "../../../src/platform/io.ts";

function captureIo(env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    out: (text: string) => out.push(text),
    err: (text: string) => err.push(text),
    env: (name: string) => env[name],
  } as unknown as Io;
  return { io, out, err };
}

Deno.test("the query interface becomes gputop query with the same arguments", () => {
  for (
    const args of [
      ["--query-gpu=index,name", "--format=csv"],
      ["-i", "0", "--query-compute-apps", "pid", "--format=csv,noheader"],
      ["--help-query-gpu"],
      ["--help-query-compute-apps"],
    ]
  ) {
    const { io, out, err } = captureIo();
    assert.deepEqual(routeNvidiaSmi(args, io), { args: ["query", ...args] });
    assert.deepEqual([out, err], [[], []]);
  }
});

Deno.test("any other nvidia-smi use: the message, exit 2 (help: exit 0 on stdout)", () => {
  for (const args of [[], ["-q"], ["-L"], ["--query"], ["-q", "-d", "MEMORY"], ["topo", "-m"]]) {
    const { io, out, err } = captureIo();
    assert.deepEqual(routeNvidiaSmi(args, io), { exitCode: 2 }, args.join(" "));
    assert.deepEqual([out, err], [[], [ONLY_QUERIES_MESSAGE]]);
  }
  const { io, out } = captureIo();
  assert.deepEqual(routeNvidiaSmi(["--help"], io), { exitCode: 0 });
  assert.deepEqual(out, [ONLY_QUERIES_MESSAGE]);
  assert.equal(ONLY_QUERIES_MESSAGE.trimEnd().split("\n").length, 1);
});

Deno.test("started by gputop's own nvidia-smi backend (the marker): refuses, exit 1", () => {
  const { io, out, err } = captureIo({ GPUTOP_NVIDIA_SMI_CHILD: "1" });
  assert.deepEqual(routeNvidiaSmi(["--query-gpu=index", "--format=csv"], io), { exitCode: 1 });
  assert.deepEqual(out, []);
  assert.match(err.join(""), /started by gputop's own nvidia-smi backend/);
});
