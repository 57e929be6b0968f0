import assert from "node:assert/strict";
import { join } from "node:path";
import { bearerMatches, readTokenFile } from "../../src/serve/bearer_token.ts";
import { UsageError } from "../../src/platform/usage_error.ts";
import { withTempDir } from "../support/temp_dir.ts";

Deno.test("bearerMatches: only 'Bearer <the token>' (scheme in any case)", async () => {
  const token = "abc def";
  assert.ok(await bearerMatches("Bearer abc def", token));
  assert.ok(await bearerMatches("bearer abc def", token));
  assert.ok(await bearerMatches("BEARER   abc def", token));
  for (
    const wrong of [
      null,
      "",
      "Bearer",
      "Bearer ",
      "abc def",
      "Basic abc def",
      "Bearer abc",
      "Bearer abc defg",
      "Bearer abc dEf",
      "Bearerabc def",
    ]
  ) {
    assert.equal(await bearerMatches(wrong, token), false, String(wrong));
  }
});

Deno.test("readTokenFile: trimmed; missing, empty, world-readable or a folder is a usage error", () => {
  withTempDir((dir) => {
    const path = join(dir, "token");
    Deno.writeTextFileSync(path, "\n  s3cret \r\n");
    Deno.chmodSync(path, 0o640);
    assert.equal(readTokenFile(path), "s3cret");
    const refused = (file: string, why: RegExp) =>
      assert.throws(() => readTokenFile(file), (error: unknown) => {
        assert.ok(error instanceof UsageError);
        assert.ok(error.message.startsWith(`invalid value for --token-file: '${file}' (`));
        assert.match(error.message, why);
        return true;
      });
    Deno.chmodSync(path, 0o604);
    refused(path, /readable by every user/);
    Deno.writeTextFileSync(path, " \n");
    Deno.chmodSync(path, 0o600);
    refused(path, /\(empty\)$/);
    refused(join(dir, "absent"), /No such file|not found/i);
    refused(dir, /not a regular file/);
  });
});
