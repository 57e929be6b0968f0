/**
 * `top`'s process keys in a real terminal (tmux): ↑ ↓ j k choose a row, Enter opens its
 * detail panel, K then y sends SIGTERM to a real child process this test started, K again on
 * it (it outlives SIGTERM) offers SIGKILL, which ends it; K on its pid once gone says so; a
 * denied signal is one line, --read-only refuses, and a resize to 60×15 with the panel open and back leaves no garbage.
 *
 * The fake NVML lists the child as GPU 0's first compute process (FAKE_NVML_PID, fake_nvml.c:
 * 2 GiB, so it is the first row by memory); gputop reads the real /proc for its command line
 * and user, and signals the real pid.
 */
import assert from "node:assert/strict";
import { buildFakeNvml } from "../fakes/nvml/build_fake_nvml.ts";
import { testWithProgram } from "../support/require_program.ts";
import { gputopShellLine, Tmux } from "./tmux_session.ts";

/** A marker long enough to wrap at 100 columns: the panel must show all of it. */
const MARKER = `gputop-victim-${"x".repeat(60)}-${"y".repeat(60)}-end`;

/**
 * A child that lives until signalled: `sh -c '<script>' MARKER`. With `termFile` it outlives
 * SIGTERM, writing `got SIGTERM` to that file, so that only SIGKILL ends it.
 */
function startVictim(options: { asNobody?: boolean; termFile?: string } = {}): Deno.ChildProcess {
  const trap = options.termFile ? `trap 'echo got SIGTERM > "$1"' TERM; ` : "";
  const script = ["-c", `${trap}while :; do sleep 1; done`, MARKER];
  if (options.termFile) script.push(options.termFile);
  const [program, args] = options.asNobody
    ? ["setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "sh", ...script]]
    : ["sh", script];
  return new Deno.Command(program as string, {
    args: args as string[],
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
}

/** gputop top in a fresh tmux server, NVML's first process being `pid`. */
async function startTop(tmux: Tmux, pid: number, extra: { args?: string; prefix?: string } = {}) {
  const lib = await buildFakeNvml();
  const command = gputopShellLine(
    `top --interval 300ms --backends nvml ${extra.args ?? ""}`,
    { GPUTOP_NVML_LIB: lib, FAKE_NVML_SCENARIO: "two-gpus", FAKE_NVML_PID: String(pid) },
    extra.prefix ?? "",
  );
  await tmux.run("new-session", "-d", "-s", "t", "-x", "100", "-y", "30", command);
  await tmux.waitFor((s) => s.includes(` ${pid} `) && s.includes("processes 1-"), "the child");
}

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The highlighted row (marked `>`), or null. */
function chosenRow(screen: string): string | null {
  return screen.split("\n").find((line) => line.startsWith(">")) ?? null;
}

/** The child's exit signal, waiting at most `ms`; null when it is still running. */
async function exitSignal(child: Deno.ChildProcess, ms: number): Promise<string | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));
  const status = await Promise.race([child.status, timeout]);
  return status === null ? null : status.signal ?? `exit ${status.code}`;
}

function tmuxTest(name: string, body: (tmux: Tmux) => Promise<void>): void {
  testWithProgram("tmux", name, async (path) => {
    const tmux = new Tmux(path);
    try {
      await body(tmux);
    } finally {
      await tmux.run("kill-server").catch(() => {});
    }
  });
}

tmuxTest(
  "top: j k choose, Enter shows the command line, K y SIGTERM then SIGKILL",
  async (tmux) => {
    const termFile = Deno.makeTempFileSync();
    const victim = startVictim({ termFile });
    try {
      await startTop(tmux, victim.pid);
      await tmux.keys("Down");
      const first = await tmux.waitFor((s) => chosenRow(s) !== null, "a chosen row");
      assert.match(chosenRow(first)!, new RegExp(`^> *${victim.pid} `), "the first row: 2 GiB");
      await tmux.keys("j");
      // fake_nvml.c: 5151 (1 GiB) is the second largest.
      await tmux.waitFor((s) => /^> +5151 /.test(chosenRow(s) ?? ""), "j: the second row");
      await tmux.keys("k");
      await tmux.waitFor((s) => (chosenRow(s) ?? "").includes(` ${victim.pid} `), "k: back");

      await tmux.keys("Enter");
      const panel = await tmux.waitFor((s) => s.includes(`PID ${victim.pid}  sh`), "the panel");
      // The whole command line over several lines: sh -c <script> MARKER FILE, joined back.
      const wrapped = panel.split("\n").filter((line) => line.startsWith("   ")).map((line) =>
        line.slice(3)
      ).join("");
      assert.ok(wrapped.includes(`sleep 1; done ${MARKER} ${termFile}`), panel);
      assert.ok(panel.split("\n").every((line) => line.length <= 100));

      await tmux.keys("K");
      await tmux.waitFor((s) => s.includes(`send SIGTERM to ${victim.pid} sh? y/N`), "SIGTERM?");
      await tmux.keys("y");
      await tmux.waitFor((s) => s.includes(`SIGTERM sent to ${victim.pid} sh`), "sent");
      await waitUntil(() => Deno.readTextFileSync(termFile).includes("got SIGTERM"), "the trap");
      assert.equal(await exitSignal(victim, 300), null, "it outlives SIGTERM");

      // Still alive, the same process: K again offers SIGKILL, and that ends it.
      await tmux.keys("K");
      await tmux.waitFor((s) => s.includes(`send SIGKILL to ${victim.pid} sh? y/N`), "SIGKILL?");
      await tmux.keys("y");
      await tmux.waitFor((s) => s.includes(`SIGKILL sent to ${victim.pid} sh`), "SIGKILL sent");
      assert.equal(await exitSignal(victim, 5000), "SIGKILL", "the child died of SIGKILL");

      // /proc no longer has it: the panel says so. The fake still lists the pid, now with
      // nothing known about it; K on that row reaches kill(2), which finds no process.
      await tmux.waitFor((s) => s.includes("no longer in the reading"), "the panel of a gone pid");
      await tmux.keys("Escape");
      await tmux.waitFor((s) => (chosenRow(s) ?? "").includes(` ${victim.pid} `), "the row");
      await tmux.keys("K");
      await tmux.waitFor((s) => s.includes(`send SIGTERM to ${victim.pid} unknown? y/N`), "again");
      await tmux.keys("y");
      await tmux.waitFor(
        (s) => s.includes(`SIGTERM to ${victim.pid}: no such process (it has gone)`),
        "the vanished process's line",
      );
      await tmux.keys("q");
    } finally {
      try {
        victim.kill("SIGKILL");
      } catch {
        // already gone, as it should be
      }
      await victim.status;
      Deno.removeSync(termFile);
    }
  },
);

tmuxTest("top: K on another user's process says permission denied, nothing else", async (tmux) => {
  // As root, gputop runs without CAP_KILL (setpriv) and the child runs as nobody; as another
  // user, the child is ours and pid 1 (root's) is the one denied.
  const root = Deno.uid() === 0;
  const victim = startVictim({ asNobody: root });
  const target = root ? victim.pid : 1;
  try {
    if (!root) assert.notEqual(Deno.statSync("/proc/1").uid, Deno.uid(), "pid 1 is not ours");
    await startTop(tmux, target, root ? { prefix: "setpriv --bounding-set=-kill" } : {});
    await tmux.keys("Down");
    await tmux.waitFor((s) => (chosenRow(s) ?? "").includes(` ${target} `), "chosen");
    await tmux.keys("K");
    await tmux.waitFor((s) => s.includes(`send SIGTERM to ${target} `), "the question");
    await tmux.keys("y");
    await tmux.waitFor(
      (s) => s.includes(`SIGTERM to ${target}: permission denied (not your process?)`),
      "the denied line",
    );
    assert.equal(await exitSignal(victim, 500), null, "the child lives on");
    // Still running: a key answers.
    await tmux.keys("s");
    await tmux.waitFor((s) => s.includes("sort: GPU%"), "keys still answer");
    await tmux.keys("q");
  } finally {
    victim.kill("SIGKILL");
    await victim.status;
  }
});

tmuxTest("top --read-only: K says read-only and sends nothing", async (tmux) => {
  const victim = startVictim();
  try {
    await startTop(tmux, victim.pid, { args: "--read-only" });
    await tmux.keys("Down");
    await tmux.waitFor((s) => chosenRow(s) !== null, "chosen");
    await tmux.keys("K");
    await tmux.waitFor((s) => s.includes("read-only: K sends no signals"), "read-only");
    await tmux.keys("y");
    assert.equal(await exitSignal(victim, 1000), null, "the child lives on");
    assert.doesNotMatch(await tmux.screen(), /SIGTERM sent/);
    await tmux.keys("q");
  } finally {
    victim.kill("SIGKILL");
    await victim.status;
  }
});

tmuxTest("top: the panel open at 60×15 and back to 100×30 leaves no garbage", async (tmux) => {
  const victim = startVictim();
  try {
    await startTop(tmux, victim.pid);
    await tmux.keys("Enter");
    await tmux.waitFor((s) => s.includes(`PID ${victim.pid}  sh`), "the panel");
    await tmux.run("resize-window", "-t", "t", "-x", "60", "-y", "15");
    const small = await tmux.waitFor(
      (s) => s.split("\n").length >= 15 && s.includes("gputop-victim-"),
      "the panel at 60×15",
    );
    const lines = small.split("\n").slice(0, 15);
    for (const line of lines) assert.ok(line.length <= 60, line);
    assert.match(lines[0]!, /^ gputop /, "the title line first");
    assert.match(lines[1]!, new RegExp(`^ PID ${victim.pid}  sh`));
    assert.match(lines[14]!, /^ q quit/, "the key line last");
    await tmux.run("resize-window", "-t", "t", "-x", "100", "-y", "30");
    const back = await tmux.waitFor(
      (s) => s.split("\n")[29]?.startsWith(" q quit") === true,
      "the panel at 100×30",
    );
    assert.doesNotMatch(back, /^.{101,}$/m);
    // Nothing left of the small frame: its key line stood at row 15, now a panel row or blank.
    assert.doesNotMatch(back.split("\n").slice(2, 29).join("\n"), /q quit/);
    await tmux.keys("Escape");
    await tmux.waitFor((s) => s.includes("PID USER"), "the table again");
    await tmux.keys("q");
  } finally {
    victim.kill("SIGKILL");
    await victim.status;
  }
});
