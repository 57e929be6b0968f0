/** The soft open-file limit from /proc/self/limits, and the connection cap taken from it. */
import assert from "node:assert/strict";
import {
  DEFAULT_OPEN_FILE_LIMIT,
  parseOpenFileLimit,
  readOpenFileLimit,
} from "../../src/serve/open_file_limit.ts";
import { connectionCapFor } from "../../src/serve/connection_limit.ts";

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            1024                 524288               files
Max locked memory         8388608              8388608              bytes
`;

Deno.test("parseOpenFileLimit: the soft column of 'Max open files'", () => {
  assert.equal(parseOpenFileLimit(LIMITS), 1024);
  assert.equal(parseOpenFileLimit(LIMITS.replace(/1024 /, "unlimited")), Infinity);
  assert.equal(parseOpenFileLimit("Max cpu time  unlimited  unlimited  seconds\n"), null);
  assert.equal(parseOpenFileLimit("Max open files  0  0  files\n"), null);
});

Deno.test("readOpenFileLimit: this process's figure; the default where there is none", () => {
  if (Deno.build.os === "linux") {
    const own = /^Max open files\s+(\d+)/m.exec(Deno.readTextFileSync("/proc/self/limits"));
    assert.equal(readOpenFileLimit(), Number(own?.[1]));
  }
  assert.equal(readOpenFileLimit(() => LIMITS), 1024);
  assert.equal(readOpenFileLimit(() => "garbage"), DEFAULT_OPEN_FILE_LIMIT);
  const missing = () => {
    throw new Deno.errors.NotFound("no /proc");
  };
  assert.equal(readOpenFileLimit(missing), DEFAULT_OPEN_FILE_LIMIT);
});

Deno.test("connectionCapFor: 128 descriptors kept back, never under 16", () => {
  assert.equal(connectionCapFor(1024), 896);
  assert.equal(connectionCapFor(65536), 65408);
  assert.equal(connectionCapFor(100), 16);
  assert.equal(connectionCapFor(Infinity), Infinity);
});
