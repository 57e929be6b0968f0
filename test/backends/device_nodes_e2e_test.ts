/**
 * `gputop backends` over an empty device folder (GPUTOP_DEV_ROOT) and /proc, /sys trees without
 * any GPU: the four vendor backends are skipped for lack of device nodes, each saying how to
 * force it; named in --backends, or with its library variable set, a backend is tried again.
 */
import assert from "node:assert/strict";
import { parseJsonOutput, runCli } from "../support/run_cli.ts";

interface Row {
  id: string;
  status: string;
  detail: string | null;
}

async function backends(args: string[], env: Record<string, string> = {}): Promise<Row[]> {
  const empty = Deno.makeTempDirSync({ prefix: "gputop-nodev-" });
  try {
    for (const dir of ["dev", "proc", "sys"]) Deno.mkdirSync(`${empty}/${dir}`);
    const roots = ["--proc-root", `${empty}/proc`, "--sys-root", `${empty}/sys`];
    const result = await runCli(["backends", "--json", ...roots, ...args], {
      env: { GPUTOP_DEV_ROOT: `${empty}/dev`, ...env },
    });
    assert.equal(result.code, 0, result.stderr);
    return parseJsonOutput(result) as Row[];
  } finally {
    Deno.removeSync(empty, { recursive: true });
  }
}

Deno.test("backends: without device nodes nvml, nvidia-smi, level-zero and amdsmi are skipped, saying why", async () => {
  const rows = await backends([]);
  for (const id of ["nvml", "nvidia-smi", "level-zero", "amdsmi"]) {
    const row = rows.find((r) => r.id === id);
    assert.equal(row?.status, "skipped", id);
    assert.match(row?.detail ?? "", /^no device nodes \(/, id);
    assert.ok(row?.detail?.endsWith(`; use --backends ${id} to force it`), row?.detail ?? "");
  }
  // drm has no such check: it reads /sys itself and says there is no GPU.
  assert.equal(rows.find((r) => r.id === "drm")?.status, "unavailable");
});

Deno.test("backends: --backends or a library variable forces a backend without device nodes", async () => {
  const forced = await backends(["--backends", "amdsmi,level-zero"]);
  for (const id of ["amdsmi", "level-zero"]) {
    assert.notEqual(forced.find((r) => r.id === id)?.status, "skipped", id);
  }
  const byVariable = await backends([], { GPUTOP_AMDSMI_LIB: "/nonexistent/libamd_smi.so" });
  const amdsmi = byVariable.find((r) => r.id === "amdsmi");
  assert.equal(amdsmi?.status, "unavailable");
  assert.match(amdsmi?.detail ?? "", /\/nonexistent\/libamd_smi\.so/);
});
