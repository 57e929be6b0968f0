/**
 * Would a second thread bring tree D's one-shot closer to C? The best case, measured as a whole
 * process: `split` reads tree B (half of tree D's shape: 500 pids / 2,500 DRM fds / 2,500
 * others) on the main thread while a worker reads tree B as well, each a full `readSnapshot`
 * (drm) + `renderJson`, with nothing merged and nothing sent back but the JSON's length; a
 * real split would add the hand-over of records and their merge. `single` reads tree D on the
 * main thread alone, the same harness without a worker. The worker is started first, as early
 * as gputop could start one. Run: `deno run -A two_threads.ts split|single PROC_ROOT SYS_ROOT`;
 * prints the JSON lengths.
 */
const WORKER = new URL("./two_threads_worker.ts", import.meta.url).href;

/** gputop's modules load only here, after the worker has been started. */
async function readJsonLength(procRoot: string, sysRoot: string): Promise<number> {
  const [{ readSnapshot }, { renderJson }] = await Promise.all([
    import("../../src/mod.ts"),
    import("../../src/render/json.ts"),
  ]);
  return renderJson(await readSnapshot({ backends: ["drm"], procRoot, sysRoot })).length;
}

async function main(mode: string, procRoot: string, sysRoot: string): Promise<string> {
  if (mode === "single") return `${await readJsonLength(procRoot, sysRoot)}`;
  const worker = new Worker(WORKER, { type: "module" });
  const theirs = new Promise<number>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<number>) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(event.message));
  });
  worker.postMessage({ procRoot, sysRoot });
  const mine = await readJsonLength(procRoot, sysRoot);
  const lengths = `${mine} ${await theirs}`;
  worker.terminate();
  return lengths;
}

if (import.meta.main) {
  const [mode, procRoot, sysRoot] = Deno.args;
  if ((mode !== "split" && mode !== "single") || procRoot === undefined || sysRoot === undefined) {
    Deno.stderr.writeSync(
      new TextEncoder().encode("usage: two_threads.ts split|single PROC_ROOT SYS_ROOT\n"),
    );
    Deno.exit(2);
  }
  Deno.stdout.writeSync(new TextEncoder().encode(`${await main(mode, procRoot, sysRoot)}\n`));
}
