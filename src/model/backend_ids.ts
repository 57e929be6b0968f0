/**
 * The backend ids, in registry precedence order: the one list the JSON schema's enum, the
 * `--backends` check and the help text use. It sits apart from the registry
 * (`src/backends/mod.ts`) so the zod schema can import it without importing every backend
 * (the backends import the model types, which are inferred from the schema: a cycle).
 * `test/backends/ids_test.ts` fails when this list and the registry differ, so adding a
 * backend is one registry entry plus its id here, in the same place.
 */
export const BACKEND_IDS = [
  "nvml",
  "nvidia-smi",
  "level-zero",
  "amdsmi",
  "drm",
  "macmon",
] as const;
