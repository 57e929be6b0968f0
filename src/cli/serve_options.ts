/** `serve`'s options for serving beyond loopback: a token, TLS, and command lines. */
import type { OptionSpecs } from "./option_spec.ts";

export const SERVE_EXPOSURE_OPTIONS: OptionSpecs = {
  "token-file": {
    type: "string",
    value: "PATH",
    help: "require 'Authorization: Bearer TOKEN' on every path but /healthz,\n" +
      "TOKEN being the file's content (read at start, whitespace trimmed;\n" +
      "the file must not be readable by every user)",
  },
  "tls-cert": {
    type: "string",
    value: "PATH",
    help: "serve HTTPS with this PEM certificate chain (with --tls-key)",
  },
  "tls-key": {
    type: "string",
    value: "PATH",
    help: "the PEM private key of --tls-cert",
  },
  "expose-commands": {
    type: "boolean",
    help: "put processes' command lines in /snapshot (without it they are null:\n" +
      "command lines can hold secrets)",
  },
};
