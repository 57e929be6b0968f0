/**
 * A file whose read would block (a FIFO; a device node acts the same) inside a user-given
 * --sys-root / --proc-root is unreadable (null), never a hang: a synchronous read of it would
 * stall the event loop for good, signal listeners included. End to end through the CLI, with a
 * hard kill after a deadline so that a regression fails instead of hanging the suite.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import type { Snapshot } from "../../src/model/types.ts";
import {
  fileReadPathInUse,
  mayBlockOnRead,
  readBytesOrNull,
  readTextOrNull,
  useFileReadPath,
} from "../../src/linux/read_file.ts";
import { copyTree, pciDir, procRootOf, sysRootOf } from "./sysfs/fixture_tree.ts";
import { cliArgs, REPO_ROOT } from "../support/run_cli.ts";

const DEADLINE_MS = 20_000; // a clean run takes about 1 s; a blocked read never ends

function mkfifo(path: string): void {
  Deno.removeSync(path);
  const made = new Deno.Command("mkfifo", { args: [path] }).outputSync();
  assert.equal(made.code, 0, `mkfifo ${path}`);
}

/** `gputop ARGS`, SIGKILLed after DEADLINE_MS (a blocked process may ignore SIGTERM). */
async function runCliWithDeadline(args: string[]): Promise<{ code: number; stdout: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: cliArgs(args),
    cwd: REPO_ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, DEADLINE_MS);
  try {
    const output = await child.output();
    assert.ok(!timedOut, `gputop ${args.join(" ")} still running after ${DEADLINE_MS} ms`);
    return { code: output.code, stdout: new TextDecoder().decode(output.stdout) };
  } finally {
    clearTimeout(timer);
  }
}

Deno.test("a FIFO as gpu_busy_percent, an fdinfo file and a status file: null, no hang", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-fifo-" });
  try {
    const sys = join(dir, "sys");
    const proc = join(dir, "proc");
    copyTree(sysRootOf("amdgpu-discrete"), sys);
    copyTree(procRootOf("amdgpu-discrete"), proc);
    // The fixture's card reads gpu_busy_percent 4; glxgears' DRM client (id 30, 544428 KiB
    // of VRAM) is seen through 2001/fdinfo/4, 2001/fdinfo/5 and its fork's 2002/fdinfo/4;
    // pid 2217's user (uid 1001, no passwd entry) comes from its status file.
    mkfifo(join(pciDir(sys, "0000:03:00.0"), "gpu_busy_percent"));
    mkfifo(join(proc, "2001", "fdinfo", "4"));
    mkfifo(join(proc, "2001", "fdinfo", "5"));
    mkfifo(join(proc, "2002", "fdinfo", "4"));
    mkfifo(join(proc, "2217", "status"));
    const result = await runCliWithDeadline([
      "--json",
      "--backends",
      "drm",
      "--sys-root",
      sys,
      "--proc-root",
      proc,
    ]);
    assert.equal(result.code, 0);
    const snapshot = JSON.parse(result.stdout) as Snapshot;
    const [card] = snapshot.devices;
    assert.ok(card && snapshot.devices.length === 1, result.stdout);
    assert.equal(card.utilizationPercent, null);
    assert.equal(card.memoryTotalBytes, 8573157376, "the rest is still read");
    assert.equal(snapshot.processes.find((p) => p.pid === 2001), undefined, "no DRM client left");
    const python = snapshot.processes.find((p) => p.pid === 2217);
    assert.ok(python, "pid 2217 is listed");
    assert.equal(python.user, null);
    assert.equal(python.name, "python3", "comm is still read");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

for (const path of ["libc", "ops"] as const) {
  Deno.test(`the ${path} readers turn a FIFO into null; plain files read`, () => {
    useFileReadPath(path === "libc" ? "auto" : "ops");
    const dir = Deno.makeTempDirSync({ prefix: "gputop-fifo-" });
    try {
      assert.equal(fileReadPathInUse(), path);
      const fifo = join(dir, "fifo");
      Deno.writeTextFileSync(fifo, "");
      mkfifo(fifo);
      assert.equal(readTextOrNull(fifo), null);
      assert.equal(readBytesOrNull(fifo), null);
      const plain = join(dir, "plain");
      Deno.writeTextFileSync(plain, "42\n");
      assert.equal(readTextOrNull(plain), "42\n");
      assert.deepEqual(readBytesOrNull(plain), new Uint8Array([52, 50, 10]));
      assert.equal(readTextOrNull(join(dir, "missing")), null);
      assert.equal(readTextOrNull(dir), null, "a directory");
    } finally {
      useFileReadPath("auto");
      Deno.removeSync(dir, { recursive: true });
    }
  });
}

Deno.test("the ops path's stat: a FIFO may block; real /proc files skip the check", () => {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-fifo-" });
  try {
    const fifo = join(dir, "fifo");
    Deno.writeTextFileSync(fifo, "");
    mkfifo(fifo);
    assert.equal(mayBlockOnRead(fifo), true);
    assert.equal(readTextOrNull(fifo), null);
    assert.equal(readBytesOrNull(fifo), null);
    const plain = join(dir, "plain");
    Deno.writeTextFileSync(plain, "42\n");
    assert.equal(mayBlockOnRead(plain), false);
    assert.equal(readTextOrNull(plain), "42\n");
    assert.equal(mayBlockOnRead(join(dir, "missing")), false, "the read reports it");
    assert.equal(readTextOrNull(join(dir, "missing")), null);
    assert.equal(mayBlockOnRead("/proc/self/status"), false);
    assert.equal(mayBlockOnRead("/sys/nonexistent/anything"), false, "not even stat'ed");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
