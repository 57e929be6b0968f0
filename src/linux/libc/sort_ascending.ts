/** Sorting the fd and pid numbers a directory listing gave, with no copy in the usual case. */

function ascending(a: number, b: number): number {
  return a - b;
}

/**
 * `numbers` sorted ascending, in place. procfs lists in ascending order already (checked in
 * one pass); a short list out of order (a pid's fds on another filesystem) is sorted by
 * insertion, which allocates nothing (`Array.prototype.sort` copies the array, per pid).
 */
export function sortAscending(numbers: number[]): number[] {
  let sorted = true;
  for (let i = 1; i < numbers.length && sorted; i++) sorted = numbers[i - 1]! <= numbers[i]!;
  if (sorted) return numbers;
  if (numbers.length > 64) return numbers.sort(ascending);
  for (let i = 1; i < numbers.length; i++) {
    const value = numbers[i]!;
    let at = i;
    for (; at > 0 && numbers[at - 1]! > value; at--) numbers[at] = numbers[at - 1]!;
    numbers[at] = value;
  }
  return numbers;
}
