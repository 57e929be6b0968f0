/**
 * The TypeScript compiler API, for tests that read source as a syntax tree (the code-size
 * rule), named once by its exact npm specifier (like `src/deps/zod.ts`), so no import map is
 * needed. Test-only: never part of the binary.
 */
export { default } from "npm:typescript@5.9.3";
