/** The connection cap counts connections in and out and logs one line per overload. */
import assert from "node:assert/strict";
import { ConnectionLimit, NOTICE_INTERVAL_MS } from "../../src/serve/connection_limit.ts";

function limit(cap: number) {
  const lines: string[] = [];
  let now = 0;
  const connections = new ConnectionLimit(cap, cap + 128, (line) => lines.push(line), () => now);
  return { connections, lines, advance: (ms: number) => now += ms };
}

Deno.test("ConnectionLimit: refuses at the cap with one line for a thousand refusals", () => {
  const { connections, lines } = limit(16);
  for (let i = 0; i < 16; i++) assert.ok(connections.tryOpen());
  for (let i = 0; i < 1000; i++) assert.equal(connections.tryOpen(), false);
  assert.deepEqual(lines, [
    "gputop: 16 connections open, the cap for an open-file limit of 144; closing new ones until some close\n",
  ]);
  connections.release();
  assert.equal(connections.open, 15);
  assert.ok(connections.tryOpen(), "a slot freed is a slot taken");
  assert.equal(lines.length, 1, "flapping at the edge logs nothing more");
});

Deno.test("ConnectionLimit: another overload logs again once eased and a minute on", () => {
  const { connections, lines, advance } = limit(16);
  for (let i = 0; i < 17; i++) connections.tryOpen();
  for (let i = 0; i < 8; i++) connections.release(); // down to half
  for (let i = 0; i < 8; i++) connections.tryOpen();
  connections.tryOpen();
  assert.equal(lines.length, 1, "eased, but within the minute");
  advance(NOTICE_INTERVAL_MS);
  connections.tryOpen();
  assert.equal(lines.length, 2);
});

Deno.test("ConnectionLimit: accept failures share the one line", () => {
  const { connections, lines, advance } = limit(16);
  const emfile = new Error("Too many open files (os error 24)");
  for (let i = 0; i < 50; i++) connections.acceptFailed(emfile, 100);
  assert.deepEqual(lines, [
    "gputop: cannot accept connections: Too many open files (os error 24); retrying every 100 ms\n",
  ]);
  advance(NOTICE_INTERVAL_MS);
  connections.acceptFailed(emfile, 100);
  assert.equal(lines.length, 2, "a lasting failure: one line a minute");
});
