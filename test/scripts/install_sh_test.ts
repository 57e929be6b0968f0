/**
 * install.sh against a release directory served on 127.0.0.1: `scripts/compile.ts` builds
 * the Linux binaries with the DENORT_BIN stand-in (they are never run), and SHA256SUMS
 * covers all five targets. The machine is faked by a `uname` script first on PATH. Checked:
 * the right file for each target, the default directory, and that a tampered file, a missing
 * file or an unknown platform installs nothing.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { checksumLines, sha256Hex, writeChecksums } from "../../scripts/checksums.ts";
import { type CompileTarget, outputName } from "../../scripts/compile_targets.ts";
import { REPO_ROOT, runCommand, runDeno } from "../support/run_cli.ts";

const STAND_IN = "/bin/true";
const INSTALL_SH = join(REPO_ROOT, "install.sh");
const canRun = Deno.build.os === "linux" && existsSync(STAND_IN) && existsSync("/bin/sh");
const LINUX_TARGETS: CompileTarget[] = ["x86_64-unknown-linux-gnu", "aarch64-unknown-linux-gnu"];
/** macOS and Windows need a Mach-O / PE base, which no stand-in here provides. */
const OTHER_TARGETS: CompileTarget[] = [
  "x86_64-apple-darwin",
  "aarch64-apple-darwin",
  "x86_64-pc-windows-msvc",
];

interface Release {
  dist: string;
  baseUrl: string;
  requested: string[];
  tampered: Set<string>;
  close(): Promise<void>;
}

/** Builds dist/ with scripts/compile.ts and serves it; `tampered` names get one byte flipped. */
async function release(): Promise<Release> {
  const dist = await Deno.makeTempDir({ prefix: "gputop-dist-" });
  const built = await runDeno(
    ["run", "-A", "--frozen", "scripts/compile.ts", "--out", dist, ...LINUX_TARGETS],
    { env: { DENORT_BIN: STAND_IN, NO_COLOR: "1" } },
  );
  assert.equal(built.code, 0, built.stderr);
  // compile.ts wrote SHA256SUMS for what it built, in sha256sum's format.
  const written = Deno.readTextFileSync(join(dist, "SHA256SUMS"));
  assert.equal(Deno.readTextFileSync(join(dist, "install.sh")), Deno.readTextFileSync(INSTALL_SH));
  assert.equal(written, checksumLines(dist, LINUX_TARGETS.map(outputName)));
  for (const line of written.trimEnd().split("\n")) {
    const [hex, name] = line.split("  ");
    assert.equal(hex, sha256Hex(Deno.readFileSync(join(dist, name ?? ""))));
  }
  for (const target of OTHER_TARGETS) {
    Deno.writeTextFileSync(join(dist, outputName(target)), `placeholder for ${target}\n`);
  }
  writeChecksums(dist, [...LINUX_TARGETS, ...OTHER_TARGETS].map(outputName));

  const requested: string[] = [];
  const tampered = new Set<string>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    const name = decodeURIComponent(new URL(request.url).pathname.replace(/^\/release\//, ""));
    requested.push(name);
    if (name.includes("/") || !existsSync(join(dist, name))) {
      return new Response("not found", { status: 404 });
    }
    const bytes = Deno.readFileSync(join(dist, name));
    if (tampered.has(name)) bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
    return new Response(bytes);
  });
  return {
    dist,
    baseUrl: `http://127.0.0.1:${server.addr.port}/release`,
    requested,
    tampered,
    close: async () => {
      await server.shutdown();
      await Deno.remove(dist, { recursive: true });
    },
  };
}

/** A test against a freshly built and served release, closed afterwards; Linux only. */
function releaseTest(name: string, body: (served: Release) => Promise<void>): void {
  Deno.test({
    name,
    ignore: !canRun,
    async fn() {
      const served = await release();
      try {
        await body(served);
      } finally {
        await served.close();
      }
    },
  });
}

/** Runs install.sh as `uname -s` = os, `uname -m` = arch would; HOME is a scratch folder. */
async function install(baseUrl: string, os: string, arch: string, args: string[] = []) {
  const scratch = await Deno.makeTempDir({ prefix: "gputop-install-" });
  const fakeBin = join(scratch, "fake-bin");
  Deno.mkdirSync(fakeBin);
  Deno.writeTextFileSync(
    join(fakeBin, "uname"),
    `#!/bin/sh\ncase "$1" in -s) echo '${os}' ;; -m) echo '${arch}' ;; *) exit 1 ;; esac\n`,
  );
  Deno.chmodSync(join(fakeBin, "uname"), 0o755);
  const home = join(scratch, "home");
  Deno.mkdirSync(home);
  const result = await runCommand(
    "/bin/sh",
    [INSTALL_SH, baseUrl, ...args.map((a) => a.replace("$SCRATCH", scratch))],
    {
      env: { PATH: `${fakeBin}:${Deno.env.get("PATH") ?? "/usr/bin:/bin"}`, HOME: home },
      clearEnv: true,
    },
  );
  return {
    ...result,
    scratch,
    home,
    dispose: () => Deno.removeSync(scratch, { recursive: true }),
  };
}

/** Every file under `dir`, relative, or [] when it does not exist. */
function filesUnder(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return [...Deno.readDirSync(dir)].flatMap((e) =>
    e.isDirectory ? filesUnder(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]
  );
}

releaseTest(
  "install.sh picks, verifies and installs the binary for each of the five targets",
  async (served) => {
    const cases: [string, string, CompileTarget][] = [
      ["Linux", "x86_64", "x86_64-unknown-linux-gnu"],
      ["Linux", "aarch64", "aarch64-unknown-linux-gnu"],
      ["Darwin", "x86_64", "x86_64-apple-darwin"],
      ["Darwin", "arm64", "aarch64-apple-darwin"],
      ["MINGW64_NT-10.0-19045", "x86_64", "x86_64-pc-windows-msvc"],
    ];
    for (const [os, arch, target] of cases) {
      served.requested.length = 0;
      const run = await install(served.baseUrl, os, arch, ["$SCRATCH/bin"]);
      try {
        assert.equal(run.code, 0, `${os} ${arch}: ${run.stderr}`);
        const file = outputName(target);
        const installedName = target.includes("windows") ? "gputop.exe" : "gputop";
        assert.deepEqual(filesUnder(join(run.scratch, "bin")), [installedName]);
        const installed = Deno.readFileSync(join(run.scratch, "bin", installedName));
        assert.deepEqual(installed, Deno.readFileSync(join(served.dist, file)), file);
        assert.equal(Deno.statSync(join(run.scratch, "bin", installedName)).mode! & 0o111, 0o111);
        assert.deepEqual(served.requested.sort(), ["SHA256SUMS", file].sort());
      } finally {
        run.dispose();
      }
    }
    // No directory given: ~/.local/bin.
    const byDefault = await install(served.baseUrl, "Linux", "x86_64");
    try {
      assert.equal(byDefault.code, 0, byDefault.stderr);
      assert.deepEqual(filesUnder(join(byDefault.home, ".local", "bin")), ["gputop"]);
    } finally {
      byDefault.dispose();
    }
  },
);

releaseTest(
  "install.sh refuses a tampered or missing file and an unknown platform, installing nothing",
  async (served) => {
    served.tampered.add(outputName("x86_64-unknown-linux-gnu"));
    const tampered = await install(served.baseUrl, "Linux", "x86_64", ["$SCRATCH/bin"]);
    const missing = await install(`${served.baseUrl}/nothing-here`, "Linux", "aarch64", [
      "$SCRATCH/bin",
    ]);
    const unknown = await install(served.baseUrl, "SunOS", "sparc64", ["$SCRATCH/bin"]);
    try {
      assert.notEqual(tampered.code, 0);
      assert.match(tampered.stderr, /checksum mismatch for gputop-x86_64-unknown-linux-gnu/);
      assert.notEqual(missing.code, 0);
      assert.match(missing.stderr, /could not download/);
      assert.notEqual(unknown.code, 0);
      assert.match(unknown.stderr, /no gputop binary for SunOS sparc64/);
      for (const run of [tampered, missing, unknown]) {
        assert.deepEqual(filesUnder(join(run.scratch, "bin")), [], run.stderr);
        assert.deepEqual(filesUnder(run.home), []);
      }
    } finally {
      for (const run of [tampered, missing, unknown]) run.dispose();
    }
  },
);
