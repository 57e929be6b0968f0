/**
 * `gputop top --hosts` in a real terminal (tmux): one screen with the devices of two fake hosts,
 * each row naming its host, and a third host that hangs shown as not answering, while the
 * others are drawn (the hang does not hold the screen back).
 */
import assert from "node:assert/strict";
import { gputopShellLine, Tmux } from "../live/tmux_session.ts";
import { fixtureSnapshotJson, startFakeHost } from "../support/fake_hosts.ts";
import { testWithProgram } from "../support/require_program.ts";

testWithProgram(
  "tmux",
  "top --hosts: rows of two hosts, a hanging host shown as such",
  async (path) => {
    const [mixed, amd] = await Promise.all(
      ["mixed-two-gpus", "amdgpu-discrete"].map(fixtureSnapshotJson),
    );
    const a = startFakeHost({ kind: "snapshot", body: mixed! });
    const b = startFakeHost({ kind: "snapshot", body: amd! });
    const hang = startFakeHost({ kind: "hang" });
    const tmux = new Tmux(path);
    try {
      const command = gputopShellLine(
        `top --interval 500ms --host-timeout 1s --hosts ${a.host},${b.host},${hang.host}`,
      );
      await tmux.run("new-session", "-d", "-s", "t", "-x", "160", "-y", "40", command);
      const screen = await tmux.waitFor(
        (s) => s.includes(`${b.host}  GPU 0`) && s.includes("no answer within 1s"),
        "both hosts' devices and the hang timed out",
      );
      const names = (json: string) => (JSON.parse(json) as { devices: { name: string }[] }).devices;
      const [intel, vega] = names(mixed!).map((d) => d.name);
      assert.ok(screen.includes(`${a.host}  GPU 0 ${intel}`), screen);
      assert.ok(screen.includes(`${a.host}  GPU 1 ${vega}`), screen);
      assert.ok(screen.includes(`${b.host}  GPU 0 ${names(amd!)[0]!.name}`), screen);
      assert.match(screen, new RegExp(`^ ${hang.host}  timeout: no answer within 1s`, "m"));
      assert.match(screen, /· 3 hosts ·/);
      // Grouped by host: a's two devices, then b's.
      const rows = screen.split("\n").filter((l) => / {2}GPU \d /.test(l)).map((l) =>
        l.split("  ")[0]
      );
      assert.deepEqual(rows, [a.host, a.host, b.host]);
      // The process table names each process's host.
      assert.match(screen, /HOST +PID USER/);
      assert.match(screen, new RegExp(`${b.host} +2217 bob`));
      await tmux.keys("q");
    } finally {
      await tmux.run("kill-server").catch(() => {});
      await Promise.all([a.close(), b.close(), hang.close()]);
    }
  },
);
