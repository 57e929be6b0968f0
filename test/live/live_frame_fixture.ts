/** The reading the live-frame tests draw: one fully known GPU, one that knows little. */
import type { LiveFrameOptions } from "../../src/live/frame_options.ts";
import type { Snapshot } from "../../src/model/types.ts";
import { makeBackend, makeDevice, makeProcess, makeSnapshot } from "../render/snapshot_builder.ts";

export const FRAME_SNAPSHOT: Snapshot = makeSnapshot({
  timestamp: "2025-06-01T12:34:56.000Z",
  hostname: "gpu-box",
  backends: [makeBackend({ id: "nvml" }), makeBackend({ id: "drm" })],
  devices: [
    makeDevice({
      index: 0,
      name: "NVIDIA A100-SXM4-80GB",
      vendor: "nvidia",
      pciBusId: "0000:07:00.0",
      memoryUsedBytes: 21474836480, // 20 GiB of 80: a quarter
      memoryTotalBytes: 85899345920,
      utilizationPercent: 50,
      engines: { encode: 12, decode: 34 },
      temperatureCelsius: 64,
      powerWatts: 123.456,
      powerLimitWatts: 400,
      graphicsClockMHz: 1095,
      memoryClockMHz: 1215,
      fanPercent: 30,
    }),
    makeDevice({
      index: 1,
      id: "0000:00:02.0",
      name: "Intel UHD Graphics 620",
      vendor: "intel",
      pciBusId: "0000:00:02.0",
    }),
  ],
  processes: [
    makeProcess({
      pid: 4242,
      user: "alice",
      deviceIndex: 0,
      type: "compute",
      gpuMemoryBytes: 2147483648,
      engines: { sm: 75, memory: 40 },
      command: "python3 train.py --epochs 100 --batch-size 256 --data /datasets/imagenet",
    }),
    makeProcess({
      pid: 5151,
      user: "bob",
      deviceIndex: 0,
      type: "compute+graphics",
      gpuMemoryBytes: 1073741824,
      engines: { sm: 90 },
      command: "日本語のプロセス 👨‍👩‍👧 render",
    }),
    makeProcess({
      pid: 77,
      user: null,
      deviceIndex: 1,
      type: "drm",
      gpuMemoryBytes: null,
      engines: null,
      name: "Xorg",
    }),
  ],
});

/** Frame options without colour, at a 1 s interval, nothing pending. */
export const PLAIN: LiveFrameOptions = {
  color: false,
  intervalMs: 1000,
  version: "0.1.0",
  pending: false,
  error: null,
};

/** Lines without their trailing blanks, to compare with expected text. */
export const trimmed = (lines: string[]) => lines.map((line) => line.trimEnd());
