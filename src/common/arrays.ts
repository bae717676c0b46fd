// Appending one array to another without spreading it into arguments: `push(...items)` passes
// every element on the stack and throws "Maximum call stack size exceeded" past ~120,000 of them.

export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
