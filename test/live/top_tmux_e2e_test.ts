/**
 * `gputop top` as a person uses it: the real program in a real terminal (tmux), keys sent
 * with send-keys, the screen read with capture-pane. Fake NVML plus a DRM fixture tree give
 * four devices and known processes.
 */
import assert from "node:assert/strict";
import { buildFakeNvml } from "../fakes/nvml/build_fake_nvml.ts";
import { drmFixtureArgs, procRootOf, sysRootOf } from "../linux/sysfs/fixture_tree.ts";
import { testWithProgram } from "../support/require_program.ts";
import { MAIN_TS, REPO_ROOT, runCli } from "../support/run_cli.ts";
import { join } from "node:path";
import { pids, Tmux } from "./tmux_session.ts";

const PROMPT = "gputop-test$ ";

const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** A shell in a fresh tmux server, then `gputop top` typed into it with these variables. */
async function startTop(
  tmux: Tmux,
  env: Record<string, string>,
  extraArgs = "",
): Promise<void> {
  const lib = await buildFakeNvml();
  await tmux.run(
    "new-session",
    "-d",
    "-s",
    "t",
    "-x",
    "110",
    "-y",
    "35",
    `env -i PATH=${quote(Deno.env.get("PATH") ?? "")} HOME=${quote(Deno.env.get("HOME") ?? "/")} ` +
      `TERM=xterm-256color PS1=${quote(PROMPT)} bash --norc --noprofile`,
  );
  await tmux.waitFor((s) => s.includes(PROMPT.trimEnd()), "the shell prompt");
  const variables = { GPUTOP_NVML_LIB: lib, FAKE_NVML_SCENARIO: "two-gpus", ...env };
  const denoDir = Deno.env.get("DENO_DIR");
  if (denoDir) Object.assign(variables, { DENO_DIR: denoDir });
  const command = [
    `cd ${quote(REPO_ROOT)} &&`,
    ...Object.entries(variables).map(([name, value]) => `${name}=${quote(value)}`),
    quote(Deno.execPath()),
    "run -A --frozen --cached-only",
    quote(MAIN_TS),
    "top --interval 500ms --backends nvml,drm",
    `--sys-root ${quote(sysRootOf("mixed-two-gpus"))}`,
    `--proc-root ${quote(procRootOf("mixed-two-gpus"))}`,
    extraArgs,
  ].join(" ");
  await tmux.keys("-l", command);
  await tmux.keys("Enter");
}

/** A test that drives a tmux server of its own, killed afterwards; skipped without tmux. */
function tmuxTest(name: string, body: (tmux: Tmux) => Promise<void>): void {
  testWithProgram("tmux", name, async (tmuxPath) => {
    const tmux = new Tmux(tmuxPath);
    try {
      await body(tmux);
    } finally {
      await tmux.run("kill-server").catch(() => {});
    }
  });
}

/**
 * q (or another way out), then the shell prompt on the main screen, cursor shown, echo on, and
 * gputop's exit status as the shell saw it.
 */
async function quitAndCheckShell(
  tmux: Tmux,
  quit: () => Promise<unknown> = () => tmux.keys("q"),
  expectedExit = 0,
): Promise<void> {
  await quit();
  const back = await tmux.waitFor(
    (s) => s.trimEnd().split("\n").at(-1) === PROMPT.trimEnd(),
    "the shell prompt after q",
  );
  assert.doesNotMatch(back, /PID USER/, "the main screen is back, not the view");
  const state = await tmux.run(
    "display-message",
    "-p",
    "-t",
    "t",
    "#{cursor_flag} #{alternate_on}",
  );
  assert.equal(state.trim(), "1 0", "cursor visible, alternate screen off");
  // Raw mode is off again: the shell echoes what is typed and runs it.
  // `$?` is gputop's status: the echo is the first command typed after it.
  await tmux.keys("-l", "echo restored-$((40+2)) status-$?");
  await tmux.keys("Enter");
  const screen = await tmux.waitFor((s) => s.includes("restored-42"), "the shell working again");
  assert.match(screen, new RegExp(`restored-42 status-${expectedExit}\\b`), "gputop's exit status");
}

tmuxTest(
  "gputop top in tmux: devices shown, s sorts, f filters, q restores the shell",
  async (tmux) => {
    await startTop(tmux, {});

    // Four devices: two from the fake NVML, two from the DRM tree, ordered by PCI address.
    const first = await tmux.waitFor(
      // all 7 process rows: a reading in which a backend missed its deadline shows fewer
      (s) => s.includes("NVIDIA L40S") && s.includes("processes 1-7 of 7"),
      "the first frame",
    );
    assert.match(first, /GPU 0 Intel Kaby Lake-R GT2/);
    assert.match(first, /GPU 1 AMD Vega 10/);
    assert.match(first, /GPU 2 NVIDIA A100-SXM4-80GB/);
    assert.match(first, /GPU 3 NVIDIA L40S/);
    assert.match(first, /sort: GPU memory/);
    // By memory: 4242 (2 GiB), 5151 (1 GiB), 5000 (544428 KiB VRAM), 7007 (512 MiB), …
    assert.deepEqual(pids(first).slice(0, 4), [4242, 5151, 5000, 7007]);

    await tmux.keys("s");
    await tmux.waitFor((s) => s.includes("sort: GPU%"), "sort by GPU%");
    await tmux.keys("s");
    const byPid = await tmux.waitFor((s) => s.includes("sort: pid"), "sort by pid");
    const sorted = pids(byPid);
    assert.ok(sorted.length >= 4, byPid);
    assert.deepEqual(sorted, [...sorted].sort((a, b) => a - b));

    await tmux.keys("f");
    await tmux.keys("f");
    await tmux.keys("f"); // all → 0 → 1 → 2: the A100
    const filtered = await tmux.waitFor(
      (s) => s.includes("GPU: 2") && s.includes("processes 1-3 of 3"),
      "filter to GPU 2",
    );
    assert.doesNotMatch(filtered, /NVIDIA L40S|Intel Kaby Lake|AMD Vega/);
    assert.match(filtered, /GPU 2 NVIDIA A100-SXM4-80GB/);
    // pids 4242, 5151, 6000 use the A100 (fake_nvml.c DEVICES[0] lists)
    assert.deepEqual(pids(filtered), [4242, 5151, 6000]);

    await quitAndCheckShell(tmux);
  },
);

tmuxTest(
  "gputop top in tmux: keys answer while NVML's init is still blocking",
  async (tmux) => {
    // The fake's nvmlInit sleeps 5 s (test/fakes/nvml/fake_nvml.c, FAKE_NVML_INIT_SLEEP_MS).
    await startTop(tmux, { FAKE_NVML_INIT_SLEEP_MS: "5000" });
    const drmOnly = await tmux.waitFor((s) => s.includes("GPU 0 Intel"), "the DRM devices");
    assert.doesNotMatch(drmOnly, /NVIDIA/, `NVML is still initialising:\n${drmOnly}`);
    await tmux.keys("s");
    const sorted = await tmux.waitFor((s) => s.includes("sort: GPU%"), "the key's answer", 1000);
    assert.doesNotMatch(sorted, /NVIDIA/, "answered while NVML's init was still blocking");
    await tmux.waitFor((s) => s.includes("GPU 2 NVIDIA A100"), "NVML joining", 20_000);
    await quitAndCheckShell(tmux);
  },
);

tmuxTest(
  "gputop top in tmux: SIGTERM to the process restores the terminal too",
  async (tmux) => {
    await startTop(tmux, {});
    await tmux.waitFor((s) => s.includes("PID USER"), "the first frame");
    const shell = Number(await tmux.run("display-message", "-p", "-t", "t", "#{pane_pid}"));
    // The shell's child is gputop (deno): /proc/<pid>/task/<pid>/children lists it.
    const children = Deno.readTextFileSync(`/proc/${shell}/task/${shell}/children`).trim();
    const pid = Number(children.split(" ")[0]);
    assert.ok(pid > 0, `no child of the shell (${children})`);
    // 143 = 128 + 15 (SIGTERM), as a shell reports a process the signal ended.
    await quitAndCheckShell(tmux, () => Promise.resolve(Deno.kill(pid, "SIGTERM")), 143);
  },
);

tmuxTest(
  "gputop top -i 99 in tmux: says -i matched none of the GPUs found, -i on the title",
  async (tmux) => {
    await startTop(tmux, {}, "-i 99");
    // The fake's two NVIDIA GPUs and the fixture's two DRM cards are found; -i 99 keeps none.
    const screen = await tmux.waitFor(
      (s) => /-i 99 matched none of the \d+ GPUs found\./.test(s),
      "the no-match line",
    );
    assert.match(screen, /GPU: -i 99/);
    assert.doesNotMatch(screen, /No GPUs found|GPU: all/);
    await quitAndCheckShell(tmux);
  },
);

/** The rows of the chart under the label `title` (to the next label or blank line). */
function chartUnder(screen: string, title: string): string[] {
  const lines = screen.split("\n");
  const at = lines.findIndex((line) => line.startsWith(title));
  if (at < 0) return [];
  const rows: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (line.trim() === "" || /^GPU \d/.test(line)) break;
    rows.push(line);
  }
  return rows;
}

tmuxTest(
  "gputop top in tmux: history charts fill after some samples, g cycles layouts",
  async (tmux) => {
    await startTop(tmux, {});
    // 110×35 with four GPUs: utilization alone fits, 2 rows tall. The A100 reads 87 %:
    // 2 rows = 16 eighths, 87 % → 14: █ below, ▆ above (fake_nvml.c DEVICES[0]).
    const filled = await tmux.waitFor(
      (s) => (chartUnder(s, "GPU 2 UTIL 0–100 %")[0] ?? "").includes("▆▆▆"),
      "three samples in the A100's chart",
    );
    const rows = chartUnder(filled, "GPU 2 UTIL 0–100 %");
    assert.equal(rows.length, 2, filled);
    assert.match(rows[0]!, /^ +▆{3,}$/);
    assert.match(rows[1]!, /^ +█{3,}$/);
    assert.equal(rows[0]!.trim().length, rows[1]!.trim().length, "one column per sample");
    assert.match(filled, /GPU 2 UTIL 0–100 % +\d+ s/);
    assert.match(filled, /processes 1-\d of 7/);

    // Down to 60×15: no charts, nothing drawn past the edge; back: the charts, still filled.
    await tmux.run("resize-window", "-t", "t", "-x", "60", "-y", "15");
    const small = await tmux.waitFor(
      (s) => s.includes("GPU 0 Intel") && !s.includes("UTIL 0–100 %"),
      "the 60×15 frame",
    );
    for (const line of small.split("\n")) assert.ok(line.length <= 60, line);
    assert.doesNotMatch(small, /[▁▂▃▄▅▆▇█]/);
    await tmux.run("resize-window", "-t", "t", "-x", "110", "-y", "35");
    const back = await tmux.waitFor(
      (s) => (chartUnder(s, "GPU 2 UTIL 0–100 %")[0] ?? "").includes("▆▆▆"),
      "the charts back at 110×35",
    );
    assert.doesNotMatch(back, /^.{111,}$/m);

    await tmux.keys("g"); // one metric for all devices: the four UTIL charts side by side
    await tmux.waitFor((s) => /GPU 0 UTIL .* GPU 1 UTIL .* GPU 2 UTIL/.test(s), "by metric");
    await tmux.keys("g"); // off
    await tmux.waitFor((s) => !/UTIL 0–100 %/.test(s) && s.includes("PID USER"), "charts off");
    await quitAndCheckShell(tmux);
  },
);

tmuxTest(
  "gputop top in tmux: LANG=C draws the charts in ASCII",
  async (tmux) => {
    await startTop(tmux, { LANG: "C" });
    // 14 eighths in ASCII: # below, - above.
    const ascii = await tmux.waitFor(
      (s) => (chartUnder(s, "GPU 2 UTIL 0-100 %")[0] ?? "").includes("---"),
      "ASCII chart cells",
    );
    assert.match(chartUnder(ascii, "GPU 2 UTIL 0-100 %")[1]!, /^ +#{3,}$/);
    await quitAndCheckShell(tmux);
  },
);

tmuxTest("gputop top in tmux: r reverses, / filters (Esc clears), p pauses", async (tmux) => {
  await startTop(tmux, {});
  const first = await tmux.waitFor((s) => s.includes("of 7"), "the first frame");
  const byMemory = pids(first);
  await tmux.keys("r");
  const reversed = await tmux.waitFor((s) => s.includes("reversed"), "the reversed order");
  assert.deepEqual(pids(reversed), [...byMemory].reverse());

  await tmux.keys("-l", "/firef");
  await tmux.waitFor((s) => s.includes("filter: firef_"), "the filter being typed");
  await tmux.keys("Enter");
  const filtered = await tmux.waitFor((s) => /filter: firef\s*$/m.test(s), "the filter kept");
  assert.deepEqual(pids(filtered), [5000, 5000]);
  await tmux.keys("Escape");
  await tmux.waitFor((s) => !s.includes("filter:") && s.includes("of 7"), "the filter cleared");

  await tmux.keys("p");
  const paused = await tmux.waitFor((s) => s.includes("PAUSED"), "paused");
  const clock = /\d\d:\d\d:\d\d UTC/.exec(paused)![0];
  await new Promise((resolve) => setTimeout(resolve, 1500)); // three intervals
  assert.ok((await tmux.screen()).includes(clock), "no new reading while paused");
  await tmux.keys("p");
  await tmux.waitFor((s) => !s.includes("PAUSED") && !s.includes(clock), "sampling again");
  await quitAndCheckShell(tmux);
});

tmuxTest(
  "gputop record, then top --replay: recorded values at recorded times, space, ← →, skips",
  async (tmux) => {
    const dir = await Deno.makeTempDir();
    try {
      const path = join(dir, "rec.jsonl.gz");
      const recorded = await runCli([
        "record",
        path,
        "--interval",
        "1s",
        "--duration",
        "3500ms",
        ...drmFixtureArgs("mixed-two-gpus"),
      ]);
      assert.equal(recorded.code, 0, recorded.stderr);
      // Mark each reading: GPU 0's utilization 11 %, 21 %, 31 %, … in reading 1, 2, 3, …;
      // then a garbage line and a cut-off one, as after a crash.
      const text = await new Response(
        (await Deno.open(path)).readable.pipeThrough(new DecompressionStream("gzip")),
      ).text();
      const readings = text.trimEnd().split("\n").map((l) => JSON.parse(l));
      assert.ok(readings.length >= 3, text);
      readings.forEach((r, i) => r.devices[0].utilizationPercent = 10 * (i + 1) + 1);
      const marked = readings.map((r) => JSON.stringify(r)).join("\n") + '\ngarbage\n{"sch';
      await Deno.writeTextFile(join(dir, "marked.jsonl"), marked);
      const time = (i: number) => {
        const stamp = readings[i].timestamp as string;
        return `${stamp.slice(0, 10)} ${stamp.slice(11, 19)} UTC`;
      };

      await startTop(tmux, {}, `--replay ${quote(join(dir, "marked.jsonl"))}`);
      const n = readings.length;
      await tmux.waitFor((s) => s.includes(`replay 1/${n}`), "the first recorded reading");
      await tmux.keys("Space");
      const paused = await tmux.waitFor((s) => s.includes("paused"), "paused");
      assert.match(paused, /2 lines skipped/);
      const at = Number(new RegExp(`replay (\\d+)/${n}`).exec(paused)![1]);
      assert.ok(paused.includes(time(at - 1)), `${time(at - 1)} in\n${paused}`);
      assert.match(paused, new RegExp(`UTIL \\[\\|+ +${10 * at + 1}%\\]`));
      await tmux.keys(at < n ? "Right" : "Left");
      const next = at < n ? at + 1 : at - 1;
      const stepped = await tmux.waitFor((s) => s.includes(`replay ${next}/${n}`), "one step");
      assert.ok(stepped.includes(time(next - 1)), stepped);
      assert.match(stepped, new RegExp(`UTIL \\[\\|+ +${10 * next + 1}%\\]`));
      await tmux.keys("+");
      await tmux.waitFor((s) => s.includes(" 2× "), "twice the speed");
      // A recording's processes are not this machine's: K says so and asks nothing.
      await tmux.keys("Down");
      await tmux.keys("K");
      await tmux.waitFor((s) => s.includes("replay: K sends no signals"), "K off in a replay");
      await quitAndCheckShell(tmux);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);
