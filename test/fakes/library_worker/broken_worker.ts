/**
 * A stand-in for src/backends/library_worker.ts that fails as it loads, as a worker module
 * that cannot be evaluated would (Deno prints its "Uncaught (in worker)" line on stderr).
 */
throw new Error("this worker module does not load");
