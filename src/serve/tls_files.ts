/**
 * `serve --tls-cert PATH --tls-key PATH`: HTTPS through Deno's own TLS (`Deno.listenTls`), so
 * no proxy is needed. Both or neither: one alone is a usage error, as is a file that cannot
 * be read (named). Whether the two are a valid PEM certificate chain and its key is judged
 * when the listener is made (serve.ts reports that as one line).
 */
import { errorMessage } from "../model/errors.ts";
import { UsageError } from "../platform/usage_error.ts";

export interface TlsFiles {
  certPath: string;
  keyPath: string;
  /** PEM text, read at start. */
  cert: string;
  key: string;
}

function readPem(flag: string, path: string): string {
  try {
    return Deno.readTextFileSync(path);
  } catch (error) {
    throw new UsageError(`invalid value for ${flag}: '${path}' (${errorMessage(error)})`);
  }
}

/** The two files read, or null when neither flag was given. */
export function readTlsFiles(
  certPath: string | undefined,
  keyPath: string | undefined,
): TlsFiles | null {
  if (certPath === undefined && keyPath === undefined) return null;
  if (certPath === undefined) throw new UsageError("--tls-key needs --tls-cert");
  if (keyPath === undefined) throw new UsageError("--tls-cert needs --tls-key");
  return {
    certPath,
    keyPath,
    cert: readPem("--tls-cert", certPath),
    key: readPem("--tls-key", keyPath),
  };
}
