import assert from "node:assert/strict";
import { join } from "node:path";
import { readCgroupAttribution } from "../../../src/linux/cgroup/read_cgroup.ts";
import { withTempDir } from "../../support/temp_dir.ts";
import { ID_A } from "./cgroup_cases.ts";

Deno.test("readCgroupAttribution: the pid's cgroup file; null when absent or naming nothing", () =>
  withTempDir((proc) => {
    assert.equal(readCgroupAttribution(proc, 7), null);
    Deno.mkdirSync(join(proc, "7"));
    Deno.writeTextFileSync(join(proc, "7", "cgroup"), "0::/\n");
    assert.equal(readCgroupAttribution(proc, 7), null);
    Deno.writeTextFileSync(join(proc, "7", "cgroup"), `0::/docker/${ID_A}\n`);
    assert.deepEqual(readCgroupAttribution(proc, 7), {
      container: { runtime: "docker", id: ID_A },
      pod: null,
    });
  }));
