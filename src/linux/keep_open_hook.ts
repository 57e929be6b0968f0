/**
 * `GPUTOP_BENCH_REOPEN_FILES=1`: a bench hook only (README "Performance"). A long-running
 * session keeps no file open between samples, under any proc root: the DRM scan's fdinfo files
 * (`DrmProcessSamplerOptions.reopenFiles`) and the enrichment's `stat` files
 * (`session/stat_reader.ts`) are opened for every read, as gputop read a plain directory tree
 * before kept files were checked there (`libc/kept_file_check.ts`). The bench's "reopened"
 * rows set it, so the cost of keeping files open stays visible beside the default.
 */
export const REOPEN_FILES_HOOK = "GPUTOP_BENCH_REOPEN_FILES";
