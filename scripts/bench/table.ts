/** The bench's rows and the Markdown table they print as. */

/** One figure: gputop's cell, the reference's (C or an empty `deno run`), ratio, target, met. */
export interface Row {
  figure: string;
  gputop: string;
  reference: string;
  ratio: string;
  target: string;
  /** Null where the row has no target. */
  met: boolean | null;
}

/** A row that only reports (no reference, no target). */
export function infoRow(figure: string, gputop: string): Row {
  return { figure, gputop, reference: "—", ratio: "—", target: "—", met: null };
}

export function markdownTable(rows: readonly Row[]): string[] {
  const met = (row: Row) => row.met === null ? "—" : row.met ? "met" : "**missed**";
  return [
    "| figure | gputop | C reference / empty `deno run` | ratio | target | |",
    "|---|---|---|---|---|---|",
    ...rows.map((row) =>
      `| ${row.figure} | ${row.gputop} | ${row.reference} | ${row.ratio} | ${row.target} | ${
        met(row)
      } |`
    ),
  ];
}
