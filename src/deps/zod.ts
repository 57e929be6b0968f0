/**
 * zod, named by its full npm specifier so that gputop's source resolves with no config file:
 * `deno run`, `deno install -g` and `import ".../src/mod.ts"` from another project all work
 * without this repository's deno.json. Every module imports zod from here, never `"zod"`;
 * the version is pinned exactly here and locked in deno.lock. One file per dependency.
 */
export { z } from "npm:zod@4.6.7";
