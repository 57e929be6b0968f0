/**
 * `deno task compile [--out DIR] [--host | TARGET...]`: builds the single-file binaries,
 * by default for all five release targets, into dist/, then writes dist/SHA256SUMS for the
 * files built and copies install.sh beside them (publish the folder as it is). The entry point is src/main.ts, the same as `deno task start`.
 *
 * deno downloads the base binary (denort) for each target from dl.deno.land, so this needs a
 * connected machine. Offline, DENORT_BIN names a local base binary used for every target; an
 * ELF stand-in (e.g. /bin/true) builds the Linux targets only, as macOS and Windows need a
 * Mach-O or PE base. A stand-in's output is for inspection, never for running.
 */
import { writeChecksums } from "./checksums.ts";
import { COMPILE_TARGETS, compileArgs, type CompileTarget, outputName } from "./compile_targets.ts";

const HOST_TARGETS: Record<string, CompileTarget> = {
  "x86_64-linux": "x86_64-unknown-linux-gnu",
  "aarch64-linux": "aarch64-unknown-linux-gnu",
  "x86_64-darwin": "x86_64-apple-darwin",
  "aarch64-darwin": "aarch64-apple-darwin",
  "x86_64-windows": "x86_64-pc-windows-msvc",
};

export interface CompilePlan {
  outDir: string;
  targets: CompileTarget[];
}

export function planCompile(args: readonly string[]): CompilePlan {
  let outDir = "dist";
  const named: string[] = [];
  let host = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--out") {
      const value = args[++i];
      if (!value) throw new Error("--out needs a directory");
      outDir = value;
    } else if (arg === "--host") host = true;
    else if (arg === "--all") continue; // the default; kept for old scripts
    else if ((COMPILE_TARGETS as readonly string[]).includes(arg)) named.push(arg);
    else throw new Error(`unknown target '${arg}' (known: ${COMPILE_TARGETS.join(", ")})`);
  }
  if (host) {
    const target = HOST_TARGETS[`${Deno.build.arch}-${Deno.build.os}`];
    if (!target) throw new Error(`no release target for ${Deno.build.arch}-${Deno.build.os}`);
    named.push(target);
  }
  const targets = named.length > 0 ? [...new Set(named)] as CompileTarget[] : [...COMPILE_TARGETS];
  return { outDir, targets };
}

if (import.meta.main) {
  const say = (text: string) => Deno.stderr.writeSync(new TextEncoder().encode(`${text}\n`));
  let plan: CompilePlan;
  try {
    plan = planCompile(Deno.args);
  } catch (error) {
    say(`compile: ${(error as Error).message}`);
    Deno.exit(2);
  }
  Deno.mkdirSync(plan.outDir, { recursive: true });
  for (const target of plan.targets) {
    const { code } = await new Deno.Command(Deno.execPath(), {
      args: compileArgs(target, plan.outDir),
      stdout: "inherit",
      stderr: "inherit",
    }).output();
    if (code !== 0) {
      say(`compile: ${target} failed; no SHA256SUMS written`);
      Deno.exit(code);
    }
  }
  const sums = writeChecksums(plan.outDir, plan.targets.map(outputName));
  // Published beside the binaries, so one base URL serves the installer too.
  Deno.copyFileSync(new URL("../install.sh", import.meta.url), `${plan.outDir}/install.sh`);
  say(`compile: ${plan.targets.length} binaries, ${sums} and install.sh`);
}
