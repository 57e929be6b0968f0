/** `gputop serve` exports GPU health read from sysfs: a degraded link and RAS counts. */
import assert from "node:assert/strict";
import { sickAmdgpu } from "../backends/drm/sick_trees.ts";
import { startServe } from "./serve_process.ts";

Deno.test("gputop serve: link width, ECC errors, retired pages and health from sysfs", async () => {
  const tree = sickAmdgpu({
    width: 8,
    errCounts: { umc: "ue: 2\nce: 5\n" },
    badPages: "0x1 : 0x1000 : R\n",
  });
  const serve = await startServe(["--interval", "100ms", ...tree.args], {});
  try {
    const text = await (await fetch(`http://127.0.0.1:${serve.port}/metrics`)).text();
    assert.match(text, /^gputop_device_pcie_link_width\{index="0",[^}]*,bound="current"\} 8$/m);
    assert.match(text, /^gputop_device_pcie_link_width\{index="0",[^}]*,bound="max"\} 16$/m);
    assert.match(
      text,
      /^gputop_device_ecc_errors\{[^}]*,type="uncorrected",counter="volatile"\} 2$/m,
    );
    assert.match(text, /^gputop_device_retired_pages\{[^}]*\} 1$/m);
    assert.match(text, /^gputop_device_health\{[^}]*,gputop_device_health="critical"\} 1$/m);
    assert.match(text, /^gputop_device_health\{[^}]*,gputop_device_health="ok"\} 0$/m);
  } finally {
    const { code } = await serve.stop();
    tree.dispose();
    assert.equal(code, 143);
  }
});
