/**
 * A throwaway certificate authority and a server certificate it signed for 127.0.0.1 and
 * localhost (P-256, one day), made by the real `openssl` for the HTTPS tests. The server's own
 * certificate must not be the CA's: rustls, under Deno's fetch, refuses a CA certificate as a
 * server's, so one self-signed certificate cannot serve as both.
 */
import { join } from "node:path";
import { programPath } from "./require_program.ts";
import { runCommand } from "./run_cli.ts";

export interface TestCertificates {
  /** PEM files: the CA to trust, and the server's certificate and key. */
  ca: string;
  cert: string;
  key: string;
}

const EC_KEY = [
  "-newkey",
  "ec",
  "-pkeyopt",
  "ec_paramgen_curve:prime256v1",
  "-nodes",
  "-days",
  "1",
];

export async function makeTestCertificates(dir: string): Promise<TestCertificates> {
  const openssl = programPath("openssl");
  if (openssl === null) throw new Error("openssl is not installed; .ci/run installs it");
  const file = (name: string) => join(dir, name);
  const run = async (args: string[]) => {
    const result = await runCommand(openssl, args);
    if (result.code !== 0) throw new Error(`openssl ${args[0]}: ${result.stderr}`);
  };
  await run([
    "req",
    "-x509",
    ...EC_KEY,
    "-keyout",
    file("ca.key"),
    "-out",
    file("ca.pem"),
    "-subj",
    "/CN=gputop fleet test CA",
  ]);
  await run([
    "req",
    "-x509",
    ...EC_KEY,
    "-CA",
    file("ca.pem"),
    "-CAkey",
    file("ca.key"),
    "-keyout",
    file("key.pem"),
    "-out",
    file("cert.pem"),
    "-subj",
    "/CN=localhost",
    "-addext",
    "subjectAltName=IP:127.0.0.1,DNS:localhost",
    "-addext",
    "basicConstraints=critical,CA:FALSE",
  ]); // deno-fmt-ignore
  return { ca: file("ca.pem"), cert: file("cert.pem"), key: file("key.pem") };
}
