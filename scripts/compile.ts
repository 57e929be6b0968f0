/**
 * `deno task compile [TARGET...]`: builds the single-file binaries into dist/.
 * With no target, builds for this machine; `--all` builds every target.
 *
 * deno downloads the base binary (denort) for each target from dl.deno.land, so this needs
 * a connected machine. Offline, set DENORT_BIN to a stand-in ELF to check everything short
 * of running the result (the test suite does that).
 */
import { COMPILE_TARGETS, compileArgs, type CompileTarget } from "./compile_targets.ts";

const HOST_TARGETS: Record<string, CompileTarget> = {
  "x86_64-linux": "x86_64-unknown-linux-gnu",
  "aarch64-linux": "aarch64-unknown-linux-gnu",
  "x86_64-darwin": "x86_64-apple-darwin",
  "aarch64-darwin": "aarch64-apple-darwin",
  "x86_64-windows": "x86_64-pc-windows-msvc",
};

function chooseTargets(args: string[]): CompileTarget[] {
  if (args.includes("--all")) return [...COMPILE_TARGETS];
  if (args.length > 0) {
    for (const arg of args) {
      if (!(COMPILE_TARGETS as readonly string[]).includes(arg)) {
        throw new Error(`unknown target '${arg}' (known: ${COMPILE_TARGETS.join(", ")})`);
      }
    }
    return args as CompileTarget[];
  }
  const host = HOST_TARGETS[`${Deno.build.arch}-${Deno.build.os}`];
  if (!host) throw new Error(`no release target for ${Deno.build.arch}-${Deno.build.os}`);
  return [host];
}

if (import.meta.main) {
  let targets: CompileTarget[];
  try {
    targets = chooseTargets(Deno.args);
  } catch (error) {
    Deno.stderr.writeSync(new TextEncoder().encode(`compile: ${(error as Error).message}\n`));
    Deno.exit(2);
  }
  for (const target of targets) {
    const { code } = await new Deno.Command(Deno.execPath(), {
      args: compileArgs(target, "dist"),
      stdout: "inherit",
      stderr: "inherit",
    }).output();
    if (code !== 0) Deno.exit(code);
  }
}
