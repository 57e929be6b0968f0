import assert from "node:assert/strict";
import {
  csvLines,
  isNoValue,
  numberCell,
  splitCsvLine,
  textCell,
} from "../../../src/backends/nvidia-smi/parse_csv.ts";

Deno.test("splitCsvLine splits on ', ' and trims each cell", () => {
  assert.deepEqual(
    splitCsvLine("0, GPU-00000000-0000, 00000000:00:09.0 ,  81559,[N/A], "),
    ["0", "GPU-00000000-0000", "00000000:00:09.0", "81559", "[N/A]", ""],
  );
});

Deno.test("splitCsvLine with a limit keeps commas in the last cell", () => {
  assert.deepEqual(splitCsvLine("1, 2, /opt/a, b/app, x", 3), ["1", "2", "/opt/a, b/app, x"]);
  assert.deepEqual(splitCsvLine("1, 2", 3), ["1", "2"]);
});

Deno.test("splitCsvLine reads quoted cells", () => {
  assert.deepEqual(splitCsvLine('"Tesla, big", 2, "say ""hi"""'), ["Tesla, big", "2", 'say "hi"']);
  assert.deepEqual(splitCsvLine('1, "a, b"', 2), ["1", "a, b"]);
  // An unclosed quote is text, not an error.
  assert.deepEqual(splitCsvLine('"open, 2'), ['"open', "2"]);
});

Deno.test("csvLines drops blank lines and Windows line ends", () => {
  assert.deepEqual(csvLines("a, b\r\n\r\n c, d \n"), ["a, b", "c, d"]);
  assert.deepEqual(csvLines(""), []);
});

Deno.test("every marker nvidia-smi prints instead of a value is no value", () => {
  for (
    const cell of [
      "[N/A]",
      "[Not Supported]",
      "[Requested functionality has been deprecated]",
      "[Unknown Error]",
      "[Insufficient Permissions]",
      "N/A", // bare, as temperature.memory prints it in the 595.71.05 captures
      "",
      "   ",
    ]
  ) {
    assert.deepEqual(isNoValue(cell), true, cell);
    assert.deepEqual(textCell(cell), null, cell);
    assert.deepEqual(numberCell(cell, ["MiB"]), null, cell);
  }
  assert.deepEqual(isNoValue("0"), false);
  assert.deepEqual(textCell(" P0 "), "P0");
});

Deno.test("numberCell reads bare numbers and strips an expected unit", () => {
  assert.deepEqual(numberCell("81559", ["MiB"]), 81559);
  assert.deepEqual(numberCell("631.95", ["W"]), 631.95);
  // The 2020 capture prints units inside the values.
  assert.deepEqual(numberCell("11175 MiB", ["MiB"]), 11175);
  assert.deepEqual(numberCell("106.56 W", ["W"]), 106.56);
  assert.deepEqual(numberCell("29 %", ["%"]), 29);
  assert.deepEqual(numberCell("1936 MHz", ["MHz"]), 1936);
  assert.deepEqual(numberCell("-3", []), -3);
});

Deno.test("numberCell refuses another unit and non-numbers", () => {
  assert.deepEqual(numberCell("8 GiB", ["MiB"]), null);
  assert.deepEqual(numberCell("12 W", ["MiB"]), null);
  assert.deepEqual(numberCell("12", []), 12);
  assert.deepEqual(numberCell("twelve", []), null);
  assert.deepEqual(numberCell("1.2.3", []), null);
  assert.deepEqual(numberCell("0x10", []), null);
});
