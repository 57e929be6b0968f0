/**
 * `ListedFdDir`: links and fdinfo of the listed pid read relative to its open `fd/` directory,
 * of any other pid by the whole path, and a `<pid>/fd` that is a symlink (a user-given tree)
 * never reads fdinfo through its target's parent.
 */
import assert from "node:assert/strict";
import { loadLibc } from "../../../src/linux/libc/libc_binding.ts";
import { ListedFdDir } from "../../../src/linux/libc/listed_fd_dir.ts";
import { ProcPathBytes } from "../../../src/linux/libc/proc_path_bytes.ts";

const decoder = new TextDecoder();

/** The text of the file `fd` (closed after). */
function readAndClose(fd: number): string {
  const libc = loadLibc()!;
  const buffer = new Uint8Array(256);
  const length = libc.pread(fd, buffer, buffer.length, 0);
  libc.close(fd);
  return decoder.decode(buffer.subarray(0, length));
}

function link(dir: ListedFdDir, pid: number, fd: number): string | null {
  const buffer = new Uint8Array(256);
  const length = dir.readLink(pid, fd, buffer);
  return length < 0 ? null : decoder.decode(buffer.subarray(0, length));
}

/** `<root>/<pid>/fd/<fd>` → target and `<root>/<pid>/fdinfo/<fd>` with `text`. */
function addFd(root: string, pid: number, fd: number, target: string, text: string): void {
  Deno.mkdirSync(`${root}/${pid}/fd`, { recursive: true });
  Deno.mkdirSync(`${root}/${pid}/fdinfo`, { recursive: true });
  Deno.symlinkSync(target, `${root}/${pid}/fd/${fd}`);
  Deno.writeTextFileSync(`${root}/${pid}/fdinfo/${fd}`, text);
}

Deno.test("ListedFdDir: the listed pid's links and fdinfo relative to its fd/, another pid's by path", () => {
  const libc = loadLibc();
  if (libc === null) return; // no libc here: nothing to test
  const root = Deno.makeTempDirSync({ prefix: "gputop-listed-" });
  try {
    addFd(root, 7, 12, "/dev/dri/renderD128", "seven-12");
    addFd(root, 8, 12, "/dev/dri/card0", "eight-12");
    const dir = new ListedFdDir(libc, new ProcPathBytes(root));
    const fd = dir.open(7);
    assert.ok(fd >= 0);
    dir.hold(7, fd);
    assert.equal(link(dir, 7, 12), "/dev/dri/renderD128");
    assert.equal(link(dir, 8, 12), "/dev/dri/card0");
    assert.equal(readAndClose(dir.openFdinfo(7, 12)), "seven-12");
    assert.equal(readAndClose(dir.openFdinfo(8, 12)), "eight-12");
    assert.equal(link(dir, 7, 3), null);
    assert.equal(dir.openFdinfo(7, 3), -1);
    dir.close();
    assert.equal(link(dir, 7, 12), "/dev/dri/renderD128", "by path once closed");
    assert.equal(dir.open(9), -1, "no such pid");
  } finally {
    Deno.removeSync(root, { recursive: true });
  }
});

Deno.test("ListedFdDir: a <pid>/fd that is a symlink reads fdinfo from <pid>/fdinfo, not its target's parent", () => {
  const libc = loadLibc();
  if (libc === null) return;
  const root = Deno.makeTempDirSync({ prefix: "gputop-listed-" });
  try {
    addFd(root, 5, 4, "/dev/dri/renderD128", "elsewhere");
    Deno.renameSync(`${root}/5`, `${root}/other`);
    Deno.mkdirSync(`${root}/5/fdinfo`, { recursive: true });
    Deno.writeTextFileSync(`${root}/5/fdinfo/4`, "own");
    Deno.symlinkSync(`${root}/other/fd`, `${root}/5/fd`);
    const dir = new ListedFdDir(libc, new ProcPathBytes(root));
    const fd = dir.open(5);
    assert.ok(fd >= 0, "listed through the link");
    dir.hold(5, fd);
    assert.equal(link(dir, 5, 4), "/dev/dri/renderD128");
    assert.equal(readAndClose(dir.openFdinfo(5, 4)), "own");
    dir.close();
  } finally {
    Deno.removeSync(root, { recursive: true });
  }
});
