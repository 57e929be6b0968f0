/**
 * Memory of the library API in a long run (issue 23): `watchSnapshots` at 50 ms over tree B
 * (500 processes / 2,500 DRM fds), plain `deno run` without V8 flags (`memory_probe.ts`), RSS
 * after 100 and after 300 samples; worst of `runs`. Target: ≤ 100 MiB, and ≤ 1.1× the
 * 100-sample figure.
 */
import { fileURLToPath } from "node:url";
import type { Row } from "./table.ts";

const PROBE = fileURLToPath(new URL("./memory_probe.ts", import.meta.url));

interface Probe {
  firstRssMiB: number;
  lastRssMiB: number;
  firstHeapMiB: number;
  lastHeapMiB: number;
}

async function probe(procRoot: string, sysRoot: string): Promise<Probe> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--cached-only", PROBE, procRoot, sysRoot, "50", "100", "300"],
    stderr: "inherit",
  }).output();
  if (!output.success) throw new Error("memory probe failed");
  return JSON.parse(new TextDecoder().decode(output.stdout)) as Probe;
}

export async function memoryRows(
  procRoot: string,
  sysRoot: string,
  runs: number,
  say: (line: string) => void,
): Promise<Row[]> {
  const probes: Probe[] = [];
  for (let i = 0; i < runs; i++) {
    const p = await probe(procRoot, sysRoot);
    say(
      `memory: RSS ${p.firstRssMiB.toFixed(0)} → ${p.lastRssMiB.toFixed(0)} MiB, heap used ${
        p.firstHeapMiB.toFixed(0)
      } → ${p.lastHeapMiB.toFixed(0)} MiB`,
    );
    probes.push(p);
  }
  const worst = probes.reduce((a, b) => b.lastRssMiB > a.lastRssMiB ? b : a);
  const growth = (p: Probe) => p.lastRssMiB / p.firstRssMiB;
  const f = (n: number) => n.toFixed(0);
  return [{
    figure: `library \`watchSnapshots\` at 50 ms, plain \`deno run\`, tree B (500 / 2,500): RSS ` +
      `after 100 → 300 samples (V8 heap used), MiB, worst of ${runs}`,
    gputop: `${f(worst.firstRssMiB)} → ${f(worst.lastRssMiB)} (${f(worst.firstHeapMiB)} → ${
      f(worst.lastHeapMiB)
    }); all: ${probes.map((p) => `${f(p.firstRssMiB)} → ${f(p.lastRssMiB)}`).join(", ")}`,
    reference: "—",
    ratio: `${Math.max(...probes.map(growth)).toFixed(2)}×`,
    target: "≤ 100 MiB, ≤ 1.1×",
    met: probes.every((p) => p.lastRssMiB <= 100 && growth(p) <= 1.1),
  }];
}
