/**
 * The DRM sampler's per-pid usages of an idle process, handed out again (issue 23: what an idle
 * sample costs, and the memory of long runs). A sample's clients come grouped by pid, in
 * ascending pid order (`DrmClientScan.clients`); one pid's clients are a "run". The scan hands
 * an fd's client object out again while its fdinfo text, pid and node are unchanged, so a run
 * made of the very client objects of the last two samples read the same counters three times:
 * its sums are the same, and so are its rates (the same counters twice give the same rate
 * whatever the time between, as long as the clock moved). Such a pid gets the last sample's
 * usage objects again (never changed once made: the caller builds new ones); any other is
 * summed anew by the caller. An idle process then costs no sums and no new objects.
 */

/** One pid's run of clients in the last sample and the usages made of them. */
interface PidRun<U> {
  pid: number;
  /** Where its clients were in the last sample's client list. */
  from: number;
  to: number;
  usages: U[];
  /** Its clients were the same objects as in the sample before: its usages can be reused. */
  steady: boolean;
  /** The usages were made with a clock that moved since the sample before. */
  timed: boolean;
}

export class PidUsageRuns<C extends { pid: number }, U> {
  #lastClients: readonly C[] = [];
  #runs: PidRun<U>[] = [];

  /**
   * Every pid's usages for this sample's `clients`, in client order; `sum(from, to)` makes the
   * usages of the run `clients[from…to)` when the last ones cannot be handed out again.
   * `elapsedMs`: since the last sample (null on the first).
   */
  usagesOf(
    clients: readonly C[],
    elapsedMs: number | null,
    sum: (from: number, to: number) => U[],
  ): U[] {
    const usages: U[] = [];
    const before = this.#runs;
    const runs: PidRun<U>[] = [];
    const timed = elapsedMs !== null && elapsedMs > 0;
    let r = 0;
    for (let from = 0; from < clients.length;) {
      const pid = clients[from]!.pid;
      let to = from + 1;
      while (to < clients.length && clients[to]!.pid === pid) to++;
      while (r < before.length && before[r]!.pid < pid) r++;
      const last = before[r]?.pid === pid ? before[r]! : null;
      const same = last !== null && this.#sameRun(last, clients, from, to);
      let run: PidRun<U>;
      if (last !== null && same && last.steady && timed && last.timed) {
        run = last; // nothing read changed: the same sums and rates
        run.from = from;
        run.to = to;
      } else {
        run = { pid, from, to, usages: sum(from, to), steady: same, timed };
      }
      runs.push(run);
      for (const usage of run.usages) usages.push(usage);
      from = to;
    }
    this.#runs = runs;
    this.#lastClients = clients;
    return usages;
  }

  /** Whether `clients[from…to)` are the very objects of `last`'s run in the last sample. */
  #sameRun(last: PidRun<U>, clients: readonly C[], from: number, to: number): boolean {
    if (last.to - last.from !== to - from) return false;
    const lastClients = this.#lastClients;
    for (let i = 0; i < to - from; i++) {
      if (lastClients[last.from + i] !== clients[from + i]) return false;
    }
    return true;
  }
}
