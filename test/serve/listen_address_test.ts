import assert from "node:assert/strict";
import { UsageError } from "../../src/platform/usage_error.ts";
import { isLoopback, parseListenAddress } from "../../src/serve/listen_address.ts";

Deno.test("parseListenAddress: HOST:PORT, [v6]:PORT, :PORT and PORT", () => {
  assert.deepEqual(parseListenAddress("127.0.0.1:9757"), { hostname: "127.0.0.1", port: 9757 });
  assert.deepEqual(parseListenAddress("0.0.0.0:80"), { hostname: "0.0.0.0", port: 80 });
  assert.deepEqual(parseListenAddress("[::1]:9000"), { hostname: "::1", port: 9000 });
  assert.deepEqual(parseListenAddress(":9000"), { hostname: "127.0.0.1", port: 9000 });
  assert.deepEqual(parseListenAddress("9000"), { hostname: "127.0.0.1", port: 9000 });
  assert.deepEqual(parseListenAddress("localhost:0"), { hostname: "localhost", port: 0 });
});

Deno.test("parseListenAddress: bad values are usage errors naming --listen", () => {
  const cases = ["", "host", "host:", "host:http", "1.2.3.4:70000", "::1:9000", "a b:1", " :9000"];
  for (const bad of cases) {
    assert.throws(() => parseListenAddress(bad), (error: unknown) => {
      assert.ok(error instanceof UsageError, bad);
      assert.match(error.message, /^invalid value for --listen: /);
      return true;
    });
  }
});

Deno.test("parseListenAddress: a bracketed address without a port is told the port is missing", () => {
  for (const text of ["[::1]", "[::1]:", "[::]"]) {
    assert.throws(
      () => parseListenAddress(text),
      new UsageError(
        `invalid value for --listen: '${text}' (no port after the brackets; expected HOST:PORT)`,
      ),
    );
  }
  // An unbracketed IPv6 address is told where the brackets go.
  assert.throws(() => parseListenAddress("::1:9000"), /goes in brackets, as \[::1\]:PORT/);
  // Every interface is asked for by name; `:PORT` is loopback.
  assert.deepEqual(parseListenAddress("[::]:9757"), { hostname: "::", port: 9757 });
  assert.deepEqual(parseListenAddress("0.0.0.0:9757"), { hostname: "0.0.0.0", port: 9757 });
});

Deno.test("isLoopback: 127.0.0.0/8, ::1 and localhost; wildcards and others are not", () => {
  for (const host of ["127.0.0.1", "127.1.2.3", "::1", "localhost", "LOCALHOST"]) {
    assert.ok(isLoopback(host), host);
  }
  for (const host of ["0.0.0.0", "::", "10.0.0.1", "128.0.0.1", "gpu-07", "127.0.0.1.example"]) {
    assert.equal(isLoopback(host), false, host);
  }
});
