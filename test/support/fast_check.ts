/**
 * fast-check for the property tests, named once by its exact npm specifier (like
 * `src/deps/zod.ts`), so no import map is needed. Test-only: never part of the binary.
 */
export * from "npm:fast-check@4.10.2";
export { default } from "npm:fast-check@4.10.2";
