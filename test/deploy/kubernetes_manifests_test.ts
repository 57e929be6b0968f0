/**
 * deploy/kubernetes/: each manifest parses as YAML (the `yaml` package; no cluster here for
 * kubectl's server-side checks) and holds together: the DaemonSet shares the host's PID
 * namespace and mounts its root read-only at the path given to `--root`, the token Secret is
 * mounted not world-readable, the Service and ServiceMonitor find its port by name and its
 * pods by label; and the container's command line starts a real `gputop serve` (over a
 * fixture root standing for /host).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { scenarioRootOf } from "../linux/sysfs/fixture_tree.ts";
import { REPO_ROOT } from "../support/run_cli.ts";
import { withTempDirAsync } from "../support/temp_dir.ts";
import { parseAllDocuments } from "../support/yaml.ts";
import { startServe } from "../serve/serve_process.ts";

const DIR = join(REPO_ROOT, "deploy", "kubernetes");
// deno-lint-ignore no-explicit-any
type Manifest = any;

function manifests(): Map<string, Manifest> {
  const byKind = new Map<string, Manifest>();
  for (const entry of Deno.readDirSync(DIR)) {
    const documents = parseAllDocuments(Deno.readTextFileSync(join(DIR, entry.name)));
    for (const document of [documents].flat()) {
      assert.deepEqual(document.errors, [], entry.name);
      const manifest = document.toJS();
      assert.equal(typeof manifest.apiVersion, "string", entry.name);
      byKind.set(manifest.kind, manifest);
    }
  }
  return byKind;
}

function daemonSetContainer(): Manifest {
  return manifests().get("DaemonSet").spec.template.spec.containers[0];
}

Deno.test("deploy/kubernetes: a DaemonSet, a Service and a ServiceMonitor that fit together", () => {
  const all = manifests();
  assert.deepEqual([...all.keys()].sort(), ["DaemonSet", "Service", "ServiceMonitor"]);
  const daemonSet = all.get("DaemonSet");
  const pod = daemonSet.spec.template;
  assert.deepEqual(daemonSet.spec.selector.matchLabels, pod.metadata.labels);
  assert.equal(pod.spec.hostPID, true);
  const container = pod.spec.containers[0];
  const port = container.ports[0];
  const service = all.get("Service");
  assert.equal(service.spec.ports[0].targetPort, port.name);
  assert.deepEqual(service.spec.selector, pod.metadata.labels);
  const monitor = all.get("ServiceMonitor");
  assert.equal(monitor.apiVersion, "monitoring.coreos.com/v1");
  assert.deepEqual(monitor.spec.selector.matchLabels, service.metadata.labels);
  assert.equal(monitor.spec.endpoints[0].port, service.spec.ports[0].name);
  // the ServiceMonitor's token is the Secret the DaemonSet mounts
  const secret = pod.spec.volumes.find((v: Manifest) => v.secret).secret;
  assert.equal(monitor.spec.endpoints[0].authorization.credentials.name, secret.secretName);
  for (const probe of [container.readinessProbe, container.livenessProbe]) {
    assert.deepEqual([probe.httpGet.path, probe.httpGet.port], ["/healthz", port.name]);
  }
});

Deno.test("deploy/kubernetes: host root read-only at --root, token not world-readable", () => {
  const daemonSet = manifests().get("DaemonSet");
  const spec = daemonSet.spec.template.spec;
  const container = spec.containers[0];
  const args: string[] = container.args;
  const root = args[args.indexOf("--root") + 1];
  const hostRoot = spec.volumes.find((v: Manifest) => v.hostPath?.path === "/");
  const rootMount = container.volumeMounts.find((m: Manifest) => m.name === hostRoot.name);
  assert.equal(rootMount.mountPath, root);
  assert.equal(rootMount.readOnly, true);
  const tokenFile = args[args.indexOf("--token-file") + 1]!;
  const secretVolume = spec.volumes.find((v: Manifest) => v.secret);
  const secretMount = container.volumeMounts.find((m: Manifest) => m.name === secretVolume.name);
  assert.equal(tokenFile, `${secretMount.mountPath}/token`);
  assert.equal(secretVolume.secret.defaultMode & 0o004, 0, "gputop refuses a world-readable token");
  assert.equal(secretVolume.secret.defaultMode, 0o400);
  assert.deepEqual(container.securityContext.capabilities, {
    drop: ["ALL"],
    add: ["SYS_PTRACE", "DAC_READ_SEARCH"],
  });
  assert.equal(container.securityContext.readOnlyRootFilesystem, true);
  assert.equal(container.securityContext.allowPrivilegeEscalation, false);
});

Deno.test("deploy/kubernetes: the container's command line starts a real gputop serve", async () => {
  const container = daemonSetContainer();
  assert.deepEqual(container.command, ["/usr/local/bin/gputop"]);
  const args: string[] = [...container.args];
  assert.equal(args.shift(), "serve");
  const listenAt = args.indexOf("--listen");
  assert.equal(args[listenAt + 1], `0.0.0.0:${container.ports[0].containerPort}`);
  args.splice(listenAt, 2); // the test's own --listen 127.0.0.1:0 instead
  await withTempDirAsync(async (dir) => {
    Deno.writeTextFileSync(join(dir, "token"), "k8s-token");
    Deno.chmodSync(join(dir, "token"), 0o400);
    const local = args.map((arg) =>
      arg === "/host" ? scenarioRootOf("amdgpu-discrete") : arg.replace("/etc/gputop", dir)
    );
    const serve = await startServe(local, {});
    try {
      const response = await fetch(`http://127.0.0.1:${serve.port}/snapshot`, {
        headers: { authorization: "Bearer k8s-token" },
      });
      assert.equal(response.status, 200);
      const snapshot = await response.json();
      // read through --root: the fixture's Vega, and its processes from the fixture's proc
      assert.ok(snapshot.devices.some((d: Manifest) => d.vendor === "amd"));
      assert.ok(snapshot.processes.some((p: Manifest) => p.name === "python3"));
      const health = await fetch(`http://127.0.0.1:${serve.port}/healthz`);
      assert.equal(health.status, 200, "probes need no token");
      await health.body?.cancel();
    } finally {
      assert.equal((await serve.stop()).code, 143);
    }
  });
});
