/**
 * One entry of `--hosts` / `--hosts-file` and the `/snapshot` address it stands for:
 * `HOST:PORT` (http), `HOST` (port 9757, serve's default), or an `http://` / `https://` URL,
 * whose path, when it has one, is the prefix `/snapshot` is read under (a host behind a proxy).
 */
import { UsageError } from "../platform/usage_error.ts";

/** `gputop serve`'s default port (its `--listen` default is 127.0.0.1:9757). */
export const SERVE_DEFAULT_PORT = 9757;

export interface HostTarget {
  /** The entry as the user wrote it: the `host` label of everything read from it. */
  host: string;
  /** Where its snapshot is read. */
  snapshotUrl: string;
}

export function hostTarget(entry: string, optionName: string): HostTarget {
  const bad = (why: string) =>
    new UsageError(`invalid value for ${optionName}: '${entry}' (${why})`);
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(entry);
  let url: URL;
  try {
    url = new URL(hasScheme ? entry : `http://${entry}`);
  } catch {
    throw bad("expected HOST:PORT or an http:// or https:// URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw bad("only http and https");
  if (url.hostname === "") throw bad("no host name");
  if (url.username !== "" || url.password !== "") {
    throw bad("no user or password in the URL; use --token-file");
  }
  if (url.search !== "" || url.hash !== "") throw bad("no query or fragment");
  if (!hasScheme && url.pathname !== "/") throw bad("a path needs an http:// or https:// URL");
  if (url.port === "" && !hasScheme) url.port = String(SERVE_DEFAULT_PORT);
  const prefix = url.pathname.replace(/\/+$/, "");
  const path = prefix.endsWith("/snapshot") ? prefix : `${prefix}/snapshot`;
  return { host: entry, snapshotUrl: `${url.origin}${path}` };
}

/**
 * The hosts of `--hosts LIST` (comma separated, repeatable) and `--hosts-file` text (one a
 * line, `#` starts a comment, blank lines skipped), in order, each once.
 */
export function hostTargets(
  lists: readonly string[],
  fileText: { path: string; text: string } | null,
): HostTarget[] {
  const entries: [string, string][] = [];
  for (const list of lists) {
    for (const item of list.split(",")) {
      if (item.trim() !== "") entries.push([item.trim(), "--hosts"]);
    }
  }
  if (fileText !== null) {
    for (const line of fileText.text.split("\n")) {
      const entry = line.replace(/#.*/, "").trim();
      if (entry !== "") entries.push([entry, `--hosts-file ${fileText.path}`]);
    }
  }
  const seen = new Set<string>();
  const targets: HostTarget[] = [];
  for (const [entry, from] of entries) {
    if (seen.has(entry)) continue;
    seen.add(entry);
    targets.push(hostTarget(entry, from));
  }
  return targets;
}
