/**
 * Tree D's one-shot reading with warm code: `readSnapshot` (a fresh session each time: open,
 * scan, enrich, compose, close) and `renderJson`, several times in one process. The first
 * iteration runs cold (modules load, every function starts in the interpreter); the later ones
 * run the same work on code V8 has already compiled. Their ms, set against the C reference's
 * whole process, is what gputop's work costs before any start-up or cold-code cost: the
 * single-threaded ceiling under the one-shot row (README, Performance).
 * Run: `deno run -A warm_read.ts PROC_ROOT SYS_ROOT [ITERATIONS]` (4 by default); prints
 * "ms N processes N" per iteration.
 */
import { readSnapshot } from "../../src/mod.ts";
import { renderJson } from "../../src/render/json.ts";

async function main(procRoot: string, sysRoot: string, iterations: number): Promise<void> {
  const lines: string[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    const snapshot = await readSnapshot({ backends: ["drm"], procRoot, sysRoot });
    const json = renderJson(snapshot);
    const elapsed = performance.now() - start;
    if (json.length === 0) throw new Error("empty JSON");
    lines.push(`ms ${elapsed.toFixed(2)} processes ${snapshot.processes.length}`);
  }
  Deno.stdout.writeSync(new TextEncoder().encode(`${lines.join("\n")}\n`));
}

if (import.meta.main) {
  const [procRoot, sysRoot, iterationsArgument] = Deno.args;
  const iterations = Number(iterationsArgument ?? 4);
  if (
    procRoot === undefined || sysRoot === undefined ||
    !(Number.isInteger(iterations) && iterations > 0)
  ) {
    Deno.stderr.writeSync(
      new TextEncoder().encode("usage: warm_read.ts PROC_ROOT SYS_ROOT [ITERATIONS]\n"),
    );
    Deno.exit(2);
  }
  await main(procRoot, sysRoot, iterations);
}
