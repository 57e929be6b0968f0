import assert from "node:assert/strict";
import { join } from "node:path";
import { devfreqDir, parseLoad, readDevfreq } from "../../../src/linux/sysfs/devfreq.ts";
import { sysRootOf } from "./fixture_tree.ts";
import { withTempDir } from "../../support/temp_dir.ts";

Deno.test("devfreq of the RK3399 GPU: Hz files → MHz, no load file on mainline", () => {
  const sys = sysRootOf("panfrost-rk3399");
  const device = join(sys, "devices/platform/ff9a0000.gpu");
  const dir = devfreqDir(device, sys, "ff9a0000.gpu");
  assert.equal(dir, join(device, "devfreq/ff9a0000.gpu"));
  // cur_freq 800000000, min_freq 200000000, max_freq 800000000 (Hz)
  assert.deepEqual(readDevfreq(dir!), { curMHz: 800, minMHz: 200, maxMHz: 800, loadPercent: null });
});

Deno.test("devfreqDir falls back to class/devfreq/<name>; null without either", () => {
  const sys = sysRootOf("panfrost-rk3399");
  const elsewhere = join(sys, "devices/platform/display-subsystem"); // no devfreq/ child
  assert.equal(devfreqDir(elsewhere, sys, "ff9a0000.gpu"), join(sys, "class/devfreq/ff9a0000.gpu"));
  assert.equal(devfreqDir(elsewhere, sys, "display-subsystem"), null);
});

Deno.test("parseLoad: vendor `percent@freqHz` and a bare percent; nonsense is null", () => {
  assert.equal(parseLoad("45@800000000Hz"), 45);
  assert.equal(parseLoad("0@200000000Hz"), 0);
  assert.equal(parseLoad("100"), 100);
  assert.equal(parseLoad("101"), null);
  assert.equal(parseLoad("busy"), null);
  assert.equal(parseLoad(null), null);
});

Deno.test("readDevfreq: 799999987 Hz rounds to 800 MHz; 0 or junk is unknown", () =>
  withTempDir((dir) => {
    Deno.writeTextFileSync(join(dir, "cur_freq"), "799999987\n");
    Deno.writeTextFileSync(join(dir, "min_freq"), "0\n");
    Deno.writeTextFileSync(join(dir, "max_freq"), "fast\n");
    assert.deepEqual(readDevfreq(dir), {
      curMHz: 800,
      minMHz: null,
      maxMHz: null,
      loadPercent: null,
    });
  }));
