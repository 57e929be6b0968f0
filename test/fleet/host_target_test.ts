import assert from "node:assert/strict";
import { hostTarget, hostTargets } from "../../src/fleet/host_target.ts";
import { UsageError } from "../../src/platform/usage_error.ts";

Deno.test("hostTarget: HOST:PORT, HOST, URLs, IPv6 → the /snapshot address; the entry kept as given", () => {
  const cases: [string, string][] = [
    ["gpu-07:9757", "http://gpu-07:9757/snapshot"],
    ["gpu-07", "http://gpu-07:9757/snapshot"],
    ["10.0.0.7:8080", "http://10.0.0.7:8080/snapshot"],
    ["[::1]:9000", "http://[::1]:9000/snapshot"],
    ["https://gpu-07:9443", "https://gpu-07:9443/snapshot"],
    ["https://gpu-07", "https://gpu-07/snapshot"],
    ["http://gw/racks/7/", "http://gw/racks/7/snapshot"],
    ["http://gpu-07:9757/snapshot", "http://gpu-07:9757/snapshot"],
  ];
  for (const [entry, url] of cases) {
    assert.deepEqual(hostTarget(entry, "--hosts"), { host: entry, snapshotUrl: url }, entry);
  }
});

Deno.test("hostTarget: other schemes, credentials, queries, bare paths are usage errors", () => {
  for (
    const entry of [
      "ftp://a:1",
      "http://u:p@a:1",
      "http://a:1/?x=1",
      "a:1/path",
      "a:notaport",
      "http://",
    ]
  ) {
    assert.throws(() => hostTarget(entry, "--hosts"), UsageError, entry);
  }
});

Deno.test("hostTargets: lists and file lines in order, comments and blanks skipped, each once", () => {
  const targets = hostTargets(["a:1,b:2", " c:3 ,"], {
    path: "f",
    text: "# fleet\n\nd:4  # rack 4\nb:2\n   \n",
  });
  assert.deepEqual(targets.map((t) => t.host), ["a:1", "b:2", "c:3", "d:4"]);
  assert.throws(
    () => hostTargets([], { path: "hosts.txt", text: "ok:1\nftp://x\n" }),
    /--hosts-file hosts.txt: 'ftp:\/\/x'/,
  );
});
