/**
 * Stand-ins for `gputop serve` hosts in the `--hosts` tests: each a Deno.serve on a local port
 * that answers `/snapshot` one way — a snapshot (optionally behind a bearer token), never
 * (a hang), with an HTTP status, with garbage, or with an endless body — and a port nobody
 * listens on. Hanging answers are released when the host closes, so a test ends cleanly.
 */
import { fixtureRootArgs } from "../linux/sysfs/fixture_tree.ts";
import { runCli } from "./run_cli.ts";

export type FakeBehaviour =
  | { kind: "snapshot"; body: string; token?: string; delayMs?: number }
  | { kind: "hang" }
  | { kind: "status"; status: number }
  | { kind: "garbage"; body: string }
  | { kind: "endless" };

export interface FakeHost {
  /** `127.0.0.1:PORT`, as a user would list it in --hosts. */
  host: string;
  /** /snapshot requests seen, with their Authorization header. */
  requests: (string | null)[];
  close(): Promise<void>;
}

export function startFakeHost(behaviour: FakeBehaviour): FakeHost {
  const requests: (string | null)[] = [];
  const releases = new Set<() => void>();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    (request) => {
      requests.push(request.headers.get("authorization"));
      if (new URL(request.url).pathname !== "/snapshot") return new Response("", { status: 404 });
      return answer(behaviour, request, releases);
    },
  );
  return {
    host: `127.0.0.1:${server.addr.port}`,
    requests,
    close: async () => {
      for (const release of releases) release();
      await server.shutdown();
    },
  };
}

function answer(
  behaviour: FakeBehaviour,
  request: Request,
  releases: Set<() => void>,
): Response | Promise<Response> {
  switch (behaviour.kind) {
    case "snapshot": {
      const expected = behaviour.token === undefined ? null : `Bearer ${behaviour.token}`;
      if (expected !== null && request.headers.get("authorization") !== expected) {
        return new Response("", { status: 401 });
      }
      const respond = () => new Response(behaviour.body, { headers: JSON_HEADERS });
      if (!behaviour.delayMs) return respond();
      return new Promise((resolve) => setTimeout(() => resolve(respond()), behaviour.delayMs));
    }
    case "hang":
      return new Promise((resolve) => {
        const release = () => {
          releases.delete(release);
          resolve(new Response("", { status: 503 }));
        };
        releases.add(release);
      });
    case "status":
      return new Response("", { status: behaviour.status });
    case "garbage":
      return new Response(behaviour.body, { headers: JSON_HEADERS });
    case "endless":
      return new Response(endlessStream(), { headers: JSON_HEADERS });
  }
}

const JSON_HEADERS = { "content-type": "application/json" };

/** `[0,0,0,…` without end, 64 KiB a chunk, until the reader cancels. */
function endlessStream(): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode("0,".repeat(32 * 1024));
  let first = true;
  return new ReadableStream({
    pull(controller) {
      if (first) controller.enqueue(new TextEncoder().encode("["));
      first = false;
      controller.enqueue(chunk);
    },
  });
}

/** A local address with nothing listening on it (bound, then released). */
export function closedPortHost(): string {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return `127.0.0.1:${port}`;
}

/** `gputop --json` of a fixture scenario read by the DRM backend: what its serve would send. */
export async function fixtureSnapshotJson(scenario: string): Promise<string> {
  const result = await runCli(["--json", "--backends", "drm", ...fixtureRootArgs(scenario)]);
  if (result.code !== 0) throw new Error(`fixture ${scenario}: ${result.stderr}`);
  return result.stdout;
}
