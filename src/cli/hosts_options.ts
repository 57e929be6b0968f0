/**
 * `--hosts` and the options that go with it, taken by the commands that can read a fleet
 * (`snapshot`, `ps`, `check`, `fit`, `top`) as their own options. Not shared options: `serve`
 * has a `--token-file` of its own, the token it requires rather than the one it sends.
 * Validated in fleet_options.ts.
 */
import type { OptionSpecs } from "./option_spec.ts";

export const HOSTS_OPTIONS = {
  hosts: {
    type: "string",
    multiple: true,
    value: "LIST",
    help: "read these hosts' 'gputop serve' instead of this machine: HOST:PORT\n" +
      "or http(s):// URLs, comma separated (HOST alone: port 9757)",
  },
  "hosts-file": {
    type: "string",
    value: "FILE",
    help: "more hosts for --hosts, one a line (# comments, blank lines skipped)",
  },
  "host-timeout": {
    type: "string",
    value: "D",
    help: "with --hosts: how long each host may take to answer (default 3s)",
  },
  "token-file": {
    type: "string",
    value: "PATH",
    help: "with --hosts: send the token in PATH as 'Authorization: Bearer'\n" +
      "(env GPUTOP_TOKEN; the file must not be world-readable)",
  },
  "host-ca": {
    type: "string",
    value: "FILE",
    help: "with --hosts: also trust the CA certificate(s) in FILE (PEM) for https",
  },
} as const satisfies OptionSpecs;
