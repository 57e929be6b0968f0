/**
 * gputop's nvidia-smi fallback never runs gputop itself: a gputop installed as `nvidia-smi`
 * (here: a symlink to this test's own executable, which is "itself" to this process) is
 * skipped on PATH for the next nvidia-smi, or makes the backend unavailable saying so; and
 * the nvidia-smi it runs gets the marker that stops a wrapper script around gputop.
 */
import assert from "node:assert/strict";
import {
  type ProgramLookup,
  resolveProgram,
  systemLookup,
} from "../../../src/backends/nvidia-smi/find_program.ts";
import { createNvidiaSmiBackend } from "../../../src/backends/nvidia-smi/backend.ts";
import { fakeProgram, fixture } from "../../fakes/nvidia-smi/fake.ts";
import { testContext } from "../../support/backend_context.ts";

/** A lookup over made-up files: `programs` exist; `links` maps a path to its target. */
function fakeLookup(path: string | undefined, programs: string[], links: Record<string, string>) {
  const lookup: ProgramLookup = {
    path,
    separator: ":",
    self: "/opt/gputop/gputop",
    realPath: (p) => links[p] ?? (programs.includes(p) ? p : null),
    isProgram: (p) => programs.includes(p),
  };
  return lookup;
}

Deno.test("resolveProgram: gputop itself on PATH is passed over for the next nvidia-smi", () => {
  const links = { "/usr/local/bin/nvidia-smi": "/opt/gputop/gputop" };
  const both = ["/usr/local/bin/nvidia-smi", "/usr/bin/nvidia-smi"];
  assert.deepEqual(
    resolveProgram("nvidia-smi", fakeLookup("/usr/local/bin:/usr/bin", both, links)),
    { program: "/usr/bin/nvidia-smi" },
  );
  // The first match is the real one: the name stays as given (the OS finds the same file).
  assert.deepEqual(
    resolveProgram("nvidia-smi", fakeLookup("/usr/bin:/usr/local/bin", both, links)),
    { program: "nvidia-smi" },
  );
  assert.deepEqual(
    resolveProgram("nvidia-smi", fakeLookup("/usr/local/bin:/usr/bin", both.slice(0, 1), links)),
    { itself: "/usr/local/bin/nvidia-smi" },
  );
  assert.deepEqual(resolveProgram("nvidia-smi", fakeLookup("/bin", [], links)), {
    program: "nvidia-smi",
  });
  assert.deepEqual(resolveProgram("nvidia-smi", fakeLookup(undefined, both, links)), {
    program: "nvidia-smi",
  });
});

Deno.test("resolveProgram: an explicit path is run as given, unless it is gputop itself", () => {
  const links = { "/usr/local/bin/nvidia-smi": "/opt/gputop/gputop" };
  const lookup = fakeLookup("", ["/usr/local/bin/nvidia-smi", "/opt/smi"], links);
  assert.deepEqual(resolveProgram("/opt/smi", lookup), { program: "/opt/smi" });
  assert.deepEqual(resolveProgram("/usr/local/bin/nvidia-smi", lookup), {
    itself: "/usr/local/bin/nvidia-smi",
  });
});

/** A directory holding `nvidia-smi` as a symlink to this process's executable. */
function selfAsNvidiaSmi(): string {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-self-smi-" });
  Deno.symlinkSync(Deno.execPath(), `${dir}/nvidia-smi`);
  return dir;
}

Deno.test("the backend skips the nvidia-smi on PATH that is itself, and runs the next", async () => {
  const self = selfAsNvidiaSmi();
  const fake = fakeProgram({
    FAKE_NVIDIA_SMI_GPU_FILE: fixture("h100-80gb-hbm3-590.48.01-load-gpu.csv"),
  });
  const fakeDir = fake.path.slice(0, fake.path.lastIndexOf("/"));
  const env = { PATH: `${self}:${fakeDir}` };
  const lookup = systemLookup((name) => env[name as keyof typeof env], "linux");
  assert.deepEqual(resolveProgram("nvidia-smi", lookup), { program: fake.path });
  const backend = createNvidiaSmiBackend(testContext({ env }));
  try {
    const opened = await backend.open();
    assert.equal(opened.status, "ok", opened.detail ?? "");
    assert.equal(opened.library, fake.path);
  } finally {
    backend.close();
    fake.dispose();
    Deno.removeSync(self, { recursive: true });
  }
});

Deno.test("only itself on PATH, or as GPUTOP_NVIDIA_SMI: unavailable, saying so", async () => {
  const self = selfAsNvidiaSmi();
  try {
    for (
      const [env, detail] of [
        [{ PATH: self }, `the nvidia-smi on PATH (${self}/nvidia-smi) is gputop itself`],
        [
          { GPUTOP_NVIDIA_SMI: `${self}/nvidia-smi` },
          `GPUTOP_NVIDIA_SMI (${self}/nvidia-smi) is gputop itself, not nvidia-smi`,
        ],
      ] as const
    ) {
      const backend = createNvidiaSmiBackend(testContext({ env }));
      const opened = await backend.open();
      backend.close();
      assert.equal(opened.status, "unavailable");
      assert.ok(opened.detail?.startsWith(detail), opened.detail ?? "");
      assert.equal(opened.library, null);
    }
  } finally {
    Deno.removeSync(self, { recursive: true });
  }
});

Deno.test("the nvidia-smi the backend runs gets GPUTOP_NVIDIA_SMI_CHILD=1", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-smi-marker-" });
  try {
    const program = `${dir}/nvidia-smi`;
    Deno.writeTextFileSync(
      program,
      `#!/bin/sh\nprintf '%s' "$GPUTOP_NVIDIA_SMI_CHILD" > '${dir}/seen'\nexit 9\n`,
    );
    Deno.chmodSync(program, 0o755);
    const backend = createNvidiaSmiBackend(testContext({ env: { GPUTOP_NVIDIA_SMI: program } }));
    assert.equal((await backend.open()).status, "unavailable");
    backend.close();
    assert.equal(Deno.readTextFileSync(`${dir}/seen`), "1");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
