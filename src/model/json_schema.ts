/** The JSON Schema of `--json` (what `gputop schema` prints), generated from the zod definition. */
import { z } from "../deps/zod.ts";
import { OutputSnapshotSchema } from "./schema.ts";

export function snapshotJsonSchema(): Record<string, unknown> {
  return {
    title: "gputop snapshot",
    ...z.toJSONSchema(OutputSnapshotSchema, { target: "draft-2020-12" }) as Record<string, unknown>,
  };
}
