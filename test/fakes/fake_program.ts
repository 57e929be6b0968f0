/**
 * A per-test wrapper around one of the fake programs (fake_macmon.sh, fake_nvidia_smi.sh). A
 * backend's child processes inherit the test process's environment, not the BackendContext's,
 * so the fake's settings live in a file the wrapper sources before it execs the fake; a test
 * can change them between runs with `setEnv`.
 */

export interface FakeProgram {
  /** Path of the wrapper to point the backend at (GPUTOP_MACMON, GPUTOP_NVIDIA_SMI). */
  path: string;
  /** Replaces the fake's settings for the runs that follow. */
  setEnv(env: Record<string, string>): void;
  /** Arguments of every run so far, one string per run. */
  calls(): string[];
  /** Writes `text` to a file in the wrapper's directory and returns its path. */
  writeFile(name: string, text: string): string;
  dispose(): void;
}

export interface FakeProgramSpec {
  /** Absolute path of the fake script the wrapper execs. */
  fake: string;
  /** The wrapper's file name (`macmon`, `nvidia-smi`). */
  name: string;
  /** The variable through which the fake logs each run's arguments. */
  argsLogVariable: string;
}

/** Quotes `value` for sh: inside single quotes only `'` itself needs care. */
function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** A wrapper in a fresh temp directory that sources its settings, then runs the fake. */
export function makeFakeProgram(spec: FakeProgramSpec, env: Record<string, string>): FakeProgram {
  // A checkout may lose the executable bit; restore it before the wrapper execs the fake.
  Deno.chmodSync(spec.fake, 0o755);
  const dir = Deno.makeTempDirSync({ prefix: `gputop-${spec.name}-` });
  const path = `${dir}/${spec.name}`;
  const log = `${dir}/calls.log`;
  const envFile = `${dir}/env`;
  const setEnv = (values: Record<string, string>) => {
    const lines = Object.entries({ ...values, [spec.argsLogVariable]: log })
      .map(([name, value]) => `${name}=${shellQuote(value)}`);
    Deno.writeTextFileSync(envFile, lines.join("\n") + "\n");
  };
  setEnv(env);
  Deno.writeTextFileSync(
    path,
    `#!/bin/sh\nset -a\n. ${shellQuote(envFile)}\nset +a\nexec ${shellQuote(spec.fake)} "$@"\n`,
  );
  Deno.chmodSync(path, 0o755);
  return {
    path,
    setEnv,
    calls: () => {
      try {
        return Deno.readTextFileSync(log).split("\n").filter(Boolean);
      } catch {
        return [];
      }
    },
    writeFile: (name, text) => {
      const file = `${dir}/${name}`;
      Deno.writeTextFileSync(file, text);
      return file;
    },
    dispose: () => Deno.removeSync(dir, { recursive: true }),
  };
}
