// Rows handed to the runner in order, each once its parent is read: calls made at once are
// answered in the order made, whichever item waits, and nothing is mapped before it is ready.

import { describe, expect, it } from 'vitest';
import { mapWhenReady } from '../../src/bulk/when-ready.js';

async function* runsOf<T>(...runs: T[][]): AsyncGenerator<readonly T[]> {
  for (const run of runs) yield run;
}

/** Items ready once released by hand. */
function gate() {
  const released = new Set<number>();
  const waiting = new Map<number, () => void>();
  return {
    isReady: (n: number) => released.has(n),
    whenReady: (n: number) => new Promise<void>((resolve) => waiting.set(n, resolve)),
    release(n: number) {
      released.add(n);
      waiting.get(n)?.();
    },
  };
}

describe('mapWhenReady', () => {
  it('answers calls made at once in the order made, each item mapped only once ready', async () => {
    const g = gate();
    const mapped: number[] = [];
    const iterator = mapWhenReady(() => runsOf([1, 2], [3, 4, 5]), g.isReady, g.whenReady, (n) => (mapped.push(n), n * 10))[Symbol.asyncIterator]();
    g.release(1);
    const answers = [iterator.next(), iterator.next(), iterator.next(), iterator.next(), iterator.next(), iterator.next()];
    const settled: number[] = [];
    answers.forEach((answer, i) => void answer.then(() => settled.push(i)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(mapped).toEqual([1]);
    g.release(4);
    g.release(3);
    await new Promise((resolve) => setImmediate(resolve));
    expect(mapped).toEqual([1]);
    g.release(2);
    g.release(5);
    expect((await Promise.all(answers)).map((r) => (r.done ? 'done' : r.value))).toEqual([10, 20, 30, 40, 50, 'done']);
    expect(mapped).toEqual([1, 2, 3, 4, 5]);
    expect(settled).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('a later item ready while an earlier one waits is answered after it, never before', async () => {
    const g = gate();
    [1, 3].forEach(g.release);
    const iterator = mapWhenReady(() => runsOf([1, 2, 3]), g.isReady, g.whenReady, (n) => n)[Symbol.asyncIterator]();
    const answers = [iterator.next(), iterator.next(), iterator.next(), iterator.next()];
    const settled: number[] = [];
    answers.forEach((answer, i) => void answer.then(() => settled.push(i)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toEqual([0]);
    g.release(2);
    // Made once the waited item is ready but before the wait has been answered: still behind it.
    answers.push(iterator.next());
    expect((await Promise.all(answers)).map((r) => (r.done ? 'done' : r.value))).toEqual([1, 2, 3, 'done', 'done']);
    expect(settled).toEqual([0, 1, 2, 3]);
  });

  it('an item at hand and ready is answered at once; the rest after the wait, still in order', async () => {
    const g = gate();
    [1, 2, 3].forEach(g.release);
    const iterable = mapWhenReady(() => runsOf([1, 2, 3]), g.isReady, g.whenReady, (n) => n);
    const seen: number[] = [];
    for await (const n of iterable) seen.push(n);
    expect(seen).toEqual([1, 2, 3]);
    // Read again from the start: a new pass over the runs.
    const again: number[] = [];
    for await (const n of iterable) again.push(n);
    expect(again).toEqual([1, 2, 3]);
  });

  it('a failing map or run rejects that call; a loop left early stops the runs', async () => {
    const g = gate();
    [1, 2].forEach(g.release);
    const failing = mapWhenReady(() => runsOf([1, 2]), g.isReady, g.whenReady, (n) => {
      if (n === 2) throw new Error('bad row');
      return n;
    })[Symbol.asyncIterator]();
    expect(await failing.next()).toEqual({ value: 1, done: false });
    await expect(failing.next()).rejects.toThrow('bad row');

    let closed = false;
    async function* watched(): AsyncGenerator<readonly number[]> {
      try {
        yield [1];
        yield [2];
      } finally {
        closed = true;
      }
    }
    for await (const n of mapWhenReady(watched, g.isReady, g.whenReady, (x) => x)) if (n === 1) break;
    expect(closed).toBe(true);
  });
});
