/**
 * string-width (display columns of a string, grapheme-aware), named once by its exact npm
 * specifier so the source needs no import map (see src/deps/zod.ts).
 */
export { default } from "npm:string-width@9.0.0";
