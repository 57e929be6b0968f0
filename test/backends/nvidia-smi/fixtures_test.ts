/**
 * The committed fixtures are exactly what make_fixtures.ts derives from the real captures.
 * Runs where the captures are at hand (GPUTOP_TEST_NVIDIA_SMI_REALDATA or the default path).
 */
import assert from "node:assert/strict";
import {
  DEFAULT_REALDATA_DIR,
  FIXTURES_DIR,
  makeFixtures,
} from "../../fakes/nvidia-smi/make_fixtures.ts";

function realdataDir(): string | null {
  const dir = Deno.env.get("GPUTOP_TEST_NVIDIA_SMI_REALDATA") ?? DEFAULT_REALDATA_DIR;
  try {
    return Deno.statSync(dir).isDirectory ? dir : null;
  } catch {
    return null;
  }
}

const dir = realdataDir();

Deno.test({
  name: "fixtures/nvidia-smi equals make_fixtures.ts output from the captures",
  ignore: dir === null,
  async fn() {
    const made = await makeFixtures(dir!);
    const committed = [...Deno.readDirSync(FIXTURES_DIR)]
      .map((entry) => entry.name)
      .filter((name) => name.endsWith(".csv"))
      .sort();
    assert.deepEqual(committed, [...made.keys()].sort());
    for (const [name, content] of made) {
      assert.equal(Deno.readTextFileSync(new URL(name, FIXTURES_DIR)), content, name);
    }
  },
});
