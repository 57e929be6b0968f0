/**
 * `gputop query` prints what nvidia-smi printed, byte for byte, where gputop reads the same
 * values: the fake nvidia-smi serves each real capture (fixtures/nvidia-smi) to gputop's
 * nvidia-smi backend, and `gputop query` must print back
 * - the backend's own query (`--format=csv,noheader,nounits`): the fixture it was served;
 * - with `--format=csv`: the capture's header and values with units (`*-units.csv`), rows in
 *   gputop's order (largest GPU memory first) where nvidia-smi keeps its driver's order.
 */
import assert from "node:assert/strict";
import { APP_FIELDS, GPU_FIELDS } from "../../src/backends/nvidia-smi/fields.ts";
import {
  CAPTURE_STATES,
  CAPTURE_STEMS,
  FAKE_NVIDIA_SMI,
  fixture,
  fixtureText,
  makeFakeExecutable,
} from "../fakes/nvidia-smi/fake.ts";
import { runCli } from "../support/run_cli.ts";
import { emptyProcRoot } from "./_query_support.ts";

/** `gputop query ARGS` over the fake nvidia-smi serving the capture `stem`. */
async function queryCapture(stem: string, args: string[]): Promise<string> {
  makeFakeExecutable();
  const result = await runCli(
    ["query", ...args, "--backends", "nvidia-smi", "--proc-root", emptyProcRoot()],
    {
      env: {
        GPUTOP_NVIDIA_SMI: FAKE_NVIDIA_SMI,
        FAKE_NVIDIA_SMI_GPU_FILE: fixture(`${stem}-gpu.csv`),
        FAKE_NVIDIA_SMI_APPS_FILE: fixture(`${stem}-apps.csv`),
      },
    },
  );
  assert.equal(result.code, 0, result.stderr);
  return result.stdout;
}

/** The field list of a `*-units.csv` header line (`memory.used [MiB]` → `memory.used`). */
function fieldsOf(units: string): string {
  return (units.split("\n")[0] ?? "").split(", ").map((cell) => cell.replace(/ \[.*\]$/, ""))
    .join(",");
}

const sortedLines = (text: string) => text.split("\n").filter(Boolean).sort();

for (const stem of CAPTURE_STEMS) {
  for (const state of CAPTURE_STATES) {
    const capture = `${stem}-${state}`;
    Deno.test(`${capture}: nvidia-smi's own nounits query, printed back as captured`, async () => {
      const printed = await queryCapture(capture, [
        `--query-gpu=${GPU_FIELDS.join(",")}`,
        "--format=csv,noheader,nounits",
      ]);
      assert.equal(printed, fixtureText(`${capture}-gpu.csv`));
    });

    Deno.test(`${capture}: --format=csv, header and units, byte for byte`, async () => {
      const gpu = fixtureText(`${capture}-gpu-units.csv`);
      assert.equal(
        await queryCapture(capture, [`--query-gpu=${fieldsOf(gpu)}`, "--format=csv"]),
        gpu,
      );
      const apps = fixtureText(`${capture}-apps-units.csv`);
      const printed = await queryCapture(capture, [
        `--query-compute-apps=${fieldsOf(apps)}`,
        "--format=csv",
      ]);
      assert.equal(printed.split("\n")[0], apps.split("\n")[0], "the header");
      assert.deepEqual(sortedLines(printed), sortedLines(apps));
      assert.equal(printed.length, apps.length);
    });
  }
}

Deno.test("the apps fixture's field list is the backend's, so nounits apps print back too", async () => {
  const printed = await queryCapture("h100-80gb-hbm3-590.48.01-load", [
    `--query-compute-apps=${APP_FIELDS.join(",")}`,
    "--format=csv,noheader,nounits",
  ]);
  assert.deepEqual(
    sortedLines(printed),
    sortedLines(fixtureText("h100-80gb-hbm3-590.48.01-load-apps.csv")),
  );
});
