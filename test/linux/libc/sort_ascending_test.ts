import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { sortAscending } from "../../../src/linux/libc/sort_ascending.ts";

Deno.test("sortAscending: an ascending list comes back as the same array, unchanged", () => {
  const numbers = [1, 2, 2, 7, 300];
  const sorted = sortAscending(numbers);
  assertEquals(sorted === numbers, true);
  assertEquals(sorted, [1, 2, 2, 7, 300]);
});

Deno.test("sortAscending: short and long lists out of order are sorted numerically, in place", () => {
  const short = [10, 9, 100, 1, 2];
  assertEquals(sortAscending(short), [1, 2, 9, 10, 100]);
  assertEquals(short, [1, 2, 9, 10, 100]);
  const long = Array.from({ length: 150 }, (_, i) => (i * 37) % 150);
  const sorted = sortAscending(long);
  assertEquals(sorted, Array.from({ length: 150 }, (_, i) => i));
  assertEquals(long, sorted);
  assertEquals(sortAscending([]), []);
});
