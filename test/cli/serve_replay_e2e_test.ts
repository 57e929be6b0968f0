/**
 * `gputop serve --replay FILE` as a dashboard sees it: a real serve process on a recording
 * written here by hand (three readings 400 ms apart, temperatures 41, 52, 63 °C, then a
 * garbage line and a cut-off one), scraped with fetch until it has looped.
 */
import assert from "node:assert/strict";
import { startServe } from "../serve/serve_process.ts";
import { makeDevice, makeSnapshot } from "../render/snapshot_builder.ts";
import { runCli } from "../support/run_cli.ts";

const TEMPERATURES = [41, 52, 63];

function writeRecording(): string {
  const path = Deno.makeTempFileSync({ suffix: ".jsonl" });
  const lines = TEMPERATURES.map((celsius, i) =>
    JSON.stringify(makeSnapshot({
      timestamp: new Date(Date.UTC(2025, 5, 1, 12) + i * 400).toISOString(),
      devices: [makeDevice({ index: 0, name: "Recorded GPU", temperatureCelsius: celsius })],
    }))
  );
  lines.push("not json at all", lines[0]!.slice(0, 40)); // garbage, then a cut-off last line
  Deno.writeTextFileSync(path, lines.join("\n"));
  return path;
}

Deno.test("serve --replay: the recorded values, in turn, looping; skipped lines counted", async () => {
  const path = writeRecording();
  const serve = await startServe(["--replay", path], {});
  try {
    const seen: number[] = [];
    const deadline = Date.now() + 15_000;
    // Two rounds of the loop: 41 52 63 41 52 63 (each held 400 ms), scraped every 100 ms.
    while (Date.now() < deadline) {
      const text = await (await fetch(`http://127.0.0.1:${serve.port}/metrics`)).text();
      const match = /^gputop_device_temperature_celsius\{[^}]*\} (\S+)$/m.exec(text);
      assert.ok(match, text);
      const celsius = Number(match[1]);
      if (seen.at(-1) !== celsius) seen.push(celsius);
      if (seen.length >= 6) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Whatever reading the first scrape met, the next ones follow the recording's order.
    const start = TEMPERATURES.indexOf(seen[0]!);
    assert.ok(start >= 0, `not a recorded value: ${seen}`);
    const expected = Array.from({ length: 6 }, (_, i) => TEMPERATURES[(start + i) % 3]);
    assert.deepEqual(seen, expected);
  } finally {
    const { stderr } = await serve.stop();
    Deno.removeSync(path);
    assert.match(stderr, /replaying .*: 3 readings, 2 lines skipped, looping/);
  }
});

Deno.test("serve --replay: a file that cannot be read, or holds no reading, is one line", async () => {
  const missing = await runCli(["serve", "--replay", "/nonexistent/recording.jsonl"]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /^gputop: cannot read \/nonexistent\/recording\.jsonl: .+\n$/);
  const empty = Deno.makeTempFileSync();
  Deno.writeTextFileSync(empty, "garbage\n");
  const none = await runCli(["serve", "--replay", empty]);
  Deno.removeSync(empty);
  assert.equal(none.code, 1);
  assert.match(none.stderr, /holds no reading \(1 lines skipped\)/);
});
