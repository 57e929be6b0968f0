/** `gputop schema`: the JSON Schema of `--json`, generated from the zod definition. */
import { z } from "../../deps/zod.ts";
import { SnapshotSchema } from "../../model/schema.ts";
import { EXIT_OK } from "../../platform/exit_codes.ts";
import type { Invocation } from "../command.ts";
import type { Io } from "../../platform/io.ts";

export function snapshotJsonSchema(): Record<string, unknown> {
  return {
    title: "gputop snapshot",
    ...z.toJSONSchema(SnapshotSchema, { target: "draft-2020-12" }) as Record<string, unknown>,
  };
}

export function run(_: Invocation, io: Io): Promise<number> {
  io.out(JSON.stringify(snapshotJsonSchema(), null, 2) + "\n");
  return Promise.resolve(EXIT_OK);
}
