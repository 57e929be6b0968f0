/**
 * Every metric family `gputop serve` can emit is documented in README by its full name, and
 * the exporter's family list these tests (and deploy/'s) use is the real one: a scrape of a
 * real `gputop serve` names no family outside it.
 */
import assert from "node:assert/strict";
import { exporterMetricNames, typedNames } from "../deploy/exporter_families.ts";
import { sickAmdgpu } from "../backends/drm/sick_trees.ts";
import { REPO_ROOT } from "../support/run_cli.ts";
import { startServe } from "../serve/serve_process.ts";

Deno.test("README names every metric family of gputop serve in full", () => {
  const readme = Deno.readTextFileSync(`${REPO_ROOT}README.md`);
  const names = [...exporterMetricNames()];
  assert.ok(names.length >= 25, `only ${names.length} families`);
  assert.deepEqual(names.filter((name) => !readme.includes(`\`${name}\``)), []);
});

Deno.test("a real gputop serve scrape names only families in the exporter's list", async () => {
  // a sick amdgpu: link width, ECC counts, retired pages and health besides the usual
  const tree = sickAmdgpu({ width: 8, errCounts: { umc: "ue: 1\nce: 2\n" } });
  const serve = await startServe(["--interval", "100ms", ...tree.args], {});
  try {
    const scraped = typedNames(
      await (await fetch(`http://127.0.0.1:${serve.port}/metrics`)).text(),
    );
    assert.ok(scraped.length >= 10, scraped.join(" "));
    const known = exporterMetricNames();
    assert.deepEqual(scraped.filter((name) => !known.has(name)), []);
    assert.ok(scraped.includes("gputop_device_ecc_errors"));
  } finally {
    await serve.stop();
    tree.dispose();
  }
});
