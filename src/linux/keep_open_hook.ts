/**
 * `GPUTOP_BENCH_KEEP_FDINFO_OPEN=1`: a bench and test hook only (README "Performance"). Under any
 * proc root, keep files open between samples of a long-running session as under a procfs root:
 * the DRM scan's fdinfo files (`DrmProcessSamplerOptions.keepOpenOnAnyFilesystem`) and the
 * enrichment's `stat` files (`session/stat_reader.ts`). For the idle bench on a generated tree,
 * which is a plain directory: there a removed file still reads through a kept descriptor, so
 * gputop never keeps one on such a tree otherwise.
 */
export const KEEP_FDINFO_OPEN_HOOK = "GPUTOP_BENCH_KEEP_FDINFO_OPEN";
