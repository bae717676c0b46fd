// Appending one array to another without spreading it into arguments: `push(...items)` passes
// every element on the stack and throws "Maximum call stack size exceeded" past ~120,000 of them.

export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

/** The largest of `values` and `floor` (Math.max(floor, ...values) without the argument limit). */
export function maxOf(values: Iterable<number>, floor: number): number {
  let max = floor;
  for (const value of values) if (value > max) max = value;
  return max;
}
