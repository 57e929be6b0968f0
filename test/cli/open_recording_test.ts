/** openRecording: the readings, or one stderr line and null when there is nothing to play. */
import assert from "node:assert/strict";
import { openRecording } from "../../src/cli/open_recording.ts";
import { FakeTerminalIo } from "../live/fake_io.ts";
import { withTempDirAsync } from "../support/temp_dir.ts";

Deno.test("openRecording: a missing file is one line naming it, and null", async () => {
  await withTempDirAsync(async (dir) => {
    const io = new FakeTerminalIo();
    assert.equal(await openRecording(`${dir}/absent.jsonl`, io), null);
    assert.match(io.errors, /^gputop: cannot read .*absent\.jsonl: .+\n$/);
  });
});

Deno.test("openRecording: a file of garbage lines holds no reading; the skipped are counted", async () => {
  await withTempDirAsync(async (dir) => {
    const io = new FakeTerminalIo();
    const path = `${dir}/garbage.jsonl`;
    Deno.writeTextFileSync(path, 'not json\n{"schemaVersion":999}\n');
    assert.equal(await openRecording(path, io), null);
    assert.equal(io.errors, `gputop: ${path} holds no reading (2 lines skipped)\n`);
  });
});
