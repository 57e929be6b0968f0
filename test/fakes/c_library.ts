/**
 * The one builder behind every fake vendor library in test/fakes/<lib>/: compiles C with the
 * system `cc` into a temporary folder (removed when the test module unloads), once per
 * build key per process, and says why it cannot where there is no compiler. Under CI
 * (`CI=true`) a missing compiler is a failure, not a skip: `.ci/run` installs it. Also the
 * pieces the layout and signature probes of those fakes share.
 */

/** Warnings are errors: a fake that drifts into undefined behaviour must not build. */
const CC_FLAGS = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC"];

/** One library to build: its source (a file, or C text written next to the output). */
export interface CLibraryBuild {
  /** Names the build in the per-process cache and its own output folder. */
  key: string;
  /** The shared object's file name (some backends read meaning from it). */
  fileName: string;
  source: { path: string } | { text: string };
  /** Defines and include paths, placed before `-o`. */
  args?: readonly string[];
}

let ccProbe: string | null | undefined;

/** Null when `cc --version` runs; otherwise why not. Asked once per process. */
function ccMissingReason(): string | null {
  if (ccProbe !== undefined) return ccProbe;
  try {
    const probe = new Deno.Command("cc", { args: ["--version"], stdout: "null", stderr: "null" })
      .outputSync();
    ccProbe = probe.success ? null : "cc --version failed";
  } catch {
    ccProbe = "no C compiler (cc) on PATH";
  }
  return ccProbe;
}

export class FakeCLibrary {
  readonly #label: string;
  readonly #systems: readonly string[];
  readonly #tempPrefix: string;
  #buildDir: string | null = null;
  readonly #builds = new Map<string, Promise<string>>();

  /**
   * @param label what the fake stands for, in messages ("NVML", "Level Zero loader")
   * @param systems the `Deno.build.os` values the fake can be built on
   * @param tempPrefix the temporary folder's name prefix
   */
  constructor(label: string, systems: readonly string[], tempPrefix: string) {
    this.#label = label;
    this.#systems = systems;
    this.#tempPrefix = tempPrefix;
  }

  /**
   * Null when the fake can be built here; otherwise why not (for a skipped test's name). An
   * arrow, so that a fake's module can export it as its own function.
   */
  readonly unavailableReason = (): string | null => {
    const reason = this.#systems.includes(Deno.build.os)
      ? ccMissingReason()
      : `the fake ${this.#label} is built with cc on ${this.#systems.join(" and ")}, ` +
        `not ${Deno.build.os}`;
    if (reason !== null && Deno.env.get("CI") === "true") {
      throw new Error(`CI=true but the fake ${this.#label} cannot be built: ${reason}`);
    }
    return reason;
  };

  /**
   * A test that needs this fake; ignored, with the reason in its name, where it cannot be
   * built. An arrow, like `unavailableReason`.
   */
  readonly test = (name: string, fn: () => Promise<void>): void => {
    const reason = this.unavailableReason();
    Deno.test({
      name: reason === null ? name : `${name} (skipped: ${reason})`,
      ignore: reason !== null,
      fn,
    });
  };

  /**
   * The builder of a fake whose compile-time variants differ only in their defines: for a
   * variant (`fallback` when none is named), `source` compiled with `defines[variant]` into
   * `fileName(variant)`, once per variant.
   */
  variants<V extends string>(
    source: string,
    defines: Readonly<Record<V, readonly string[]>>,
    fileName: (variant: V) => string,
    fallback: NoInfer<V>,
  ): (variant?: V) => Promise<string> {
    return (variant = fallback) =>
      this.build({
        key: variant,
        fileName: fileName(variant),
        source: { path: source },
        args: defines[variant],
      });
  }

  /** The path of the built library, compiling it on the first call for `build.key`. */
  build(build: CLibraryBuild): Promise<string> {
    let built = this.#builds.get(build.key);
    if (built === undefined) {
      built = this.#compile(build);
      this.#builds.set(build.key, built);
    }
    return built;
  }

  async #compile(build: CLibraryBuild): Promise<string> {
    const dir = `${this.#outputRoot()}/${build.key}`;
    await Deno.mkdir(dir, { recursive: true });
    let source: string;
    if ("path" in build.source) {
      source = build.source.path;
    } else {
      source = `${dir}/source.c`;
      await Deno.writeTextFile(source, build.source.text);
    }
    const output = `${dir}/${build.fileName}`;
    const result = await new Deno.Command("cc", {
      args: [...CC_FLAGS, ...(build.args ?? []), "-o", output, source],
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!result.success) {
      throw new Error(
        `cc failed for the fake ${this.#label} (${build.key}):\n` +
          new TextDecoder().decode(result.stderr),
      );
    }
    return output;
  }

  #outputRoot(): string {
    if (this.#buildDir === null) {
      const dir = Deno.makeTempDirSync({ prefix: this.#tempPrefix });
      this.#buildDir = dir;
      globalThis.addEventListener("unload", () => {
        try {
          Deno.removeSync(dir, { recursive: true });
        } catch {
          // already gone
        }
      });
    }
    return this.#buildDir;
  }
}

/**
 * Compiles a probe program (`cc -std=c11 -Wall -Werror ARGS -o probe SOURCE`) in a temporary
 * folder, runs it and returns its standard output; throws with cc's message or the exit code.
 */
export async function compileAndRunProbe(
  args: readonly string[],
  source: string,
): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "gputop-c-probe-" });
  try {
    const program = `${dir}/probe`;
    const built = await new Deno.Command("cc", {
      args: ["-std=c11", "-Wall", "-Werror", ...args, "-o", program, source],
      stderr: "piped",
    }).output();
    if (!built.success) throw new Error(new TextDecoder().decode(built.stderr));
    const ran = await new Deno.Command(program, { stdout: "piped" }).output();
    if (!ran.success) throw new Error(`${source}: the probe exited with ${ran.code}`);
    return new TextDecoder().decode(ran.stdout);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** A layout probe's `key value` lines, as [key, value text] pairs. */
export function probeLines(text: string): Array<[string, string]> {
  return text.trim().split("\n").map((line) => {
    const [key = "", value = ""] = line.split(" ");
    return [key, value];
  });
}

/**
 * C text for a signature probe: the fake's source is included with each of `names` renamed
 * `fake_*` (after `prelude`, which includes the vendor headers), and each of `checked` is
 * assigned to a pointer of the vendor declaration's type, so a fake function whose signature
 * differs from the header does not compile (with -Werror).
 */
export function signatureProbeSource(
  prelude: readonly string[],
  fakeSource: string,
  names: readonly string[],
  checked: readonly string[] = names,
): string {
  return [
    ...prelude,
    ...names.map((name) => `#define ${name} fake_${name}`),
    `#include "${fakeSource}"`,
    ...names.map((name) => `#undef ${name}`),
    "int main(void) {",
    ...checked.map((name) =>
      `  __typeof__(${name}) *probe_${name} = fake_${name}; (void)probe_${name};`
    ),
    "  return 0;",
    "}",
    "",
  ].join("\n");
}
