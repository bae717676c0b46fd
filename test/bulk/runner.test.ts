import { describe, expect, it } from 'vitest';
import type { LiveRecord } from '../../src/bulk/live.js';
import type { PlanRow } from '../../src/bulk/plan.js';
import type { ReportLine } from '../../src/bulk/report.js';
import { type Progress, type RowOperations, runPlan } from '../../src/bulk/runner.js';
import { priceRows } from '../../src/bulk/spec.js';
import { ApiError, AuthError, NetworkError, NotFoundError } from '../../src/errors.js';

const spec = priceRows;

function update(line: number, id: number, oldPrice: number, newPrice: number): PlanRow {
  return { line, action: 'update', ids: { id, inventoryId: 1, rentalBlockId: line }, old: { price: oldPrice }, new: { price: newPrice } };
}

function create(line: number, rentalBlockId: number, price: number): PlanRow {
  return { line, action: 'create', ids: { inventoryId: 1, rentalBlockId }, old: null, new: { price } };
}

function record(id: number, rentalBlockId: number, price: number): LiveRecord {
  return { id, values: { inventoryId: 1, rentalBlockId, price } };
}

/** Operations over a map of records, with hooks; every method counts its calls. */
function fakeOps(records: Map<number, LiveRecord>, hooks: Partial<RowOperations> = {}) {
  const calls = { current: 0, find: 0, create: 0, update: 0, remove: 0 };
  let nextId = 500;
  const byRow = (row: PlanRow): LiveRecord | undefined =>
    row.ids.id !== undefined
      ? records.get(row.ids.id)
      : [...records.values()].find((r) => r.values.rentalBlockId === row.ids.rentalBlockId);
  const ops: RowOperations = {
    current: async (row) => {
      calls.current++;
      return hooks.current ? hooks.current(row) : byRow(row);
    },
    find: async (row) => {
      calls.find++;
      return hooks.find ? hooks.find(row) : byRow(row);
    },
    create: async (row) => {
      calls.create++;
      if (hooks.create) return hooks.create(row);
      const created = record(nextId++, row.ids.rentalBlockId!, row.new!.price as number);
      records.set(created.id, created);
      return created;
    },
    update: async (row, current) => {
      calls.update++;
      if (hooks.update) return hooks.update(row, current);
      const updated = { id: current.id, values: { ...current.values, ...row.new } };
      records.set(current.id, updated);
      return updated;
    },
    remove: async (row, current) => {
      calls.remove++;
      if (hooks.remove) return hooks.remove(row, current);
      records.delete(current.id);
    },
  };
  return { ops, calls };
}

async function run(rows: PlanRow[], ops: RowOperations, extra: Partial<Parameters<typeof runPlan>[1]> = {}) {
  const lines: ReportLine[] = [];
  const summary = await runPlan(rows, { spec, ops, onLine: (l) => lines.push(l), ...extra });
  return { summary, lines };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** n records at price 1 and a plan that sets each to 2. */
function updates(n: number): { records: Map<number, LiveRecord>; rows: PlanRow[] } {
  const records = new Map<number, LiveRecord>();
  const rows: PlanRow[] = [];
  for (let i = 1; i <= n; i++) {
    records.set(i, record(i, i, 1));
    rows.push(update(i, i, 1, 2));
  }
  return { records, rows };
}

describe('runner: concurrency', () => {
  it('never has more than N requests in flight, and uses N', async () => {
    const { records, rows } = updates(40);
    let inFlight = 0;
    let most = 0;
    const slow = async <T>(value: T): Promise<T> => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
      inFlight--;
      return value;
    };
    const { ops } = fakeOps(records);
    const wrapped: RowOperations = {
      ...ops,
      current: async (row) => slow(await ops.current(row)),
      update: (row, current) => ops.update(row, current).then(slow),
    };
    const { summary, lines } = await run(rows, wrapped, { concurrency: 3 });
    expect(most).toBe(3);
    expect(summary.counts.updated).toBe(40);
    expect(lines.map((l) => l.line)).toEqual(rows.map((r) => r.line)); // plan order, whatever the completion order
  });

  it('defaults to 32', async () => {
    let inFlight = 0;
    let most = 0;
    const { records, rows } = updates(80);
    const { ops } = fakeOps(records, {
      current: async (row) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await tick();
        inFlight--;
        return records.get(row.ids.id!);
      },
    });
    await run(rows, ops);
    expect(most).toBe(32);
  });

  it('rows that need no request are settled without one', async () => {
    const { ops, calls } = fakeOps(new Map());
    const rows: PlanRow[] = [
      { line: 2, action: 'unchanged', ids: { id: 1 }, old: { price: 1 }, new: { price: 1 } },
      { line: 3, action: 'invalid', ids: {}, old: null, new: null, error: 'price: must be ≥ 0' },
      { line: 4, action: 'refused', ids: { id: 2 }, old: { price: 1 }, new: { price: 9 }, error: 'too far' },
    ];
    const { summary, lines } = await run(rows, ops);
    expect(Object.values(calls).every((n) => n === 0)).toBe(true);
    expect(lines.map((l) => [l.line, l.outcome, l.error])).toEqual([
      [2, 'unchanged', undefined],
      [3, 'invalid', 'price: must be ≥ 0'],
      [4, 'refused', 'too far'],
    ]);
    expect(summary.complete).toBe(false);
  });
});

describe('runner: Ctrl-C', () => {
  it('stops taking rows, lets in-flight ones finish, marks the rest not_run', async () => {
    const { records, rows } = updates(20);
    rows.push({ line: 21, action: 'unchanged', ids: { id: 99 }, old: { price: 1 }, new: { price: 1 } });
    const controller = new AbortController();
    const started: number[] = [];
    const finished: number[] = [];
    const { ops } = fakeOps(records, {
      update: async (row, current) => {
        started.push(row.line);
        if (row.line === 5) controller.abort();
        await tick();
        finished.push(row.line);
        return { id: current.id, values: { ...current.values, ...row.new } };
      },
    });
    const { summary, lines } = await run(rows, ops, { concurrency: 4, signal: controller.signal });
    expect(summary.aborted).toBe(true);
    expect(finished.sort((a, b) => a - b)).toEqual(started.sort((a, b) => a - b)); // nothing left half-done
    expect(summary.counts.updated).toBe(started.length);
    expect(started.length).toBeLessThanOrEqual(8); // at most the rows taken before the abort was seen
    expect(summary.counts.not_run).toBe(20 - started.length);
    expect(lines).toHaveLength(21); // still one report line per row
    expect(lines.at(-1)!.outcome).toBe('unchanged'); // needs no request: not "not run"
    expect(summary.complete).toBe(false);
  });

  it('an already aborted signal runs nothing', async () => {
    const { ops, calls } = fakeOps(new Map([[1, record(1, 1, 1)]]));
    const { summary } = await run([update(1, 1, 1, 2)], ops, { signal: AbortSignal.abort() });
    expect(calls.update).toBe(0);
    expect(summary.counts.not_run).toBe(1);
  });
});

describe('runner: the check before each write', () => {
  it('a record changed since the plan is stale and not overwritten', async () => {
    const records = new Map([[1, record(1, 14, 130)]]);
    const { ops, calls } = fakeOps(records);
    const { lines } = await run([update(14, 1, 120, 126)], ops);
    expect(lines[0]).toMatchObject({ line: 14, outcome: 'stale', error: 'changed since the plan: price is now 130, the plan expected 120' });
    expect(calls.update).toBe(0);
    expect(records.get(1)!.values.price).toBe(130);
  });

  it('a record that already has the new value is unchanged (applying a plan twice is harmless)', async () => {
    const { ops, calls } = fakeOps(new Map([[1, record(1, 14, 126)]]));
    const { lines } = await run([update(14, 1, 120, 126)], ops);
    expect(lines[0]!.outcome).toBe('unchanged');
    expect(calls.update).toBe(0);
  });

  it('compares decimals exactly: 120.0 is 120', async () => {
    const { ops } = fakeOps(new Map([[1, { id: 1, values: { inventoryId: 1, rentalBlockId: 14, price: '120.0' } }]]));
    const { lines } = await run([update(14, 1, 120, 126)], ops);
    expect(lines[0]!.outcome).toBe('updated');
  });

  it('a deleted record is stale; a create whose key now exists is stale or unchanged', async () => {
    const records = new Map([[7, record(7, 3, 50)]]);
    const { ops, calls } = fakeOps(records);
    const { lines } = await run([update(2, 1, 1, 2), create(3, 3, 60), create(4, 3, 50)], ops);
    expect(lines.map((l) => [l.outcome, l.error])).toEqual([
      ['stale', 'the inventory price no longer exists'],
      ['stale', 'inventory price 7 with this key was created since the plan, with other values'],
      ['unchanged', undefined],
    ]);
    expect(lines[2]!.ids.id).toBe(7);
    expect(calls.create).toBe(0);
  });

  it('delete: removes when the record still has the old values; gone already is unchanged', async () => {
    const records = new Map([[1, record(1, 1, 5)], [2, record(2, 2, 9)]]);
    const { ops } = fakeOps(records);
    const del = (line: number, id: number, price: number): PlanRow => ({ line, action: 'delete', ids: { id, inventoryId: 1 }, old: { price }, new: null });
    const { lines } = await run([del(1, 1, 5), del(2, 2, 8), del(3, 3, 1)], ops);
    expect(lines.map((l) => l.outcome)).toEqual(['deleted', 'stale', 'unchanged']);
    expect([...records.keys()]).toEqual([2]);
  });
});

describe('runner: a POST whose outcome is unknown', () => {
  const lost = () => new NetworkError('cannot complete POST (ECONNRESET)', 'ECONNRESET', true);

  it('looks first: found → created, and no second POST (no duplicate)', async () => {
    const records = new Map<number, LiveRecord>();
    const { ops, calls } = fakeOps(records, {
      create: async () => {
        records.set(42, record(42, 5, 60)); // the server did create it…
        throw lost(); // …but the answer was lost
      },
    });
    const { lines } = await run([create(9, 5, 60)], ops);
    expect(lines[0]).toMatchObject({ outcome: 'created', ids: { id: 42, inventoryId: 1, rentalBlockId: 5 } });
    expect(calls.create).toBe(1);
    expect(calls.find).toBe(1);
    expect(records.size).toBe(1);
  });

  it('not found → the POST is sent once more', async () => {
    const records = new Map<number, LiveRecord>();
    let attempts = 0;
    const { ops, calls } = fakeOps(records, {
      create: async (row) => {
        if (++attempts === 1) throw lost(); // lost before the server acted
        const created = record(43, row.ids.rentalBlockId!, 60);
        records.set(43, created);
        return created;
      },
    });
    const { lines } = await run([create(9, 5, 60)], ops);
    expect(lines[0]).toMatchObject({ outcome: 'created', ids: { id: 43 } });
    expect(calls.create).toBe(2);
    expect(records.size).toBe(1);
  });

  it('unknown twice and still not found → failed, and only two POSTs', async () => {
    const { ops, calls } = fakeOps(new Map(), {
      create: async () => {
        throw lost();
      },
    });
    const { lines } = await run([create(9, 5, 60)], ops);
    expect(lines[0]).toMatchObject({ outcome: 'failed', error: 'cannot complete POST (ECONNRESET)' });
    expect(calls.create).toBe(2);
    expect(calls.find).toBe(2);
  });

  it('found with other values → stale (someone else created it)', async () => {
    const records = new Map<number, LiveRecord>();
    const { ops } = fakeOps(records, {
      create: async () => {
        records.set(44, record(44, 5, 99));
        throw lost();
      },
    });
    const { lines } = await run([create(9, 5, 60)], ops);
    expect(lines[0]!.outcome).toBe('stale');
  });

  it('a POST that was surely not sent is a plain failure (resume re-runs it)', async () => {
    const { ops, calls } = fakeOps(new Map(), {
      create: async () => {
        throw new NetworkError('refused', 'ECONNREFUSED', false);
      },
    });
    const { lines } = await run([create(9, 5, 60)], ops);
    expect(lines[0]!.outcome).toBe('failed');
    expect(calls.find).toBe(0);
  });
});

describe('runner: a write whose outcome is unknown (5xx, 429, a 404 on a retried DELETE)', () => {
  const noWait = { sleep: async () => undefined };

  it('a PUT answered 500 after the server applied it: looked up, reported updated, not sent again', async () => {
    const { records, rows } = updates(1);
    const { ops, calls } = fakeOps(records, {
      update: async (row, current) => {
        records.set(current.id, { id: current.id, values: { ...current.values, ...row.new } });
        throw new ApiError('PUT: HTTP 500 Internal Server Error', 500);
      },
    });
    const { lines } = await run(rows, ops, noWait);
    expect(lines[0]).toMatchObject({ outcome: 'updated' });
    expect([calls.update, calls.find]).toEqual([1, 1]);
  });

  it('a POST answered 429 (not applied): after a pause and a look, sent again once', async () => {
    const records = new Map<number, LiveRecord>();
    let posts = 0;
    const waits: number[] = [];
    const { ops, calls } = fakeOps(records, {
      create: async (row) => {
        if (++posts === 1) throw new ApiError('POST: HTTP 429 Too Many Requests', 429);
        const created = record(45, row.ids.rentalBlockId!, 60);
        records.set(45, created);
        return created;
      },
    });
    const { lines } = await run([create(9, 5, 60)], ops, { sleep: async (ms) => void waits.push(ms) });
    expect(lines[0]).toMatchObject({ outcome: 'created', ids: { id: 45 } });
    expect([calls.create, calls.find, records.size]).toEqual([2, 1, 1]);
    expect(waits).toHaveLength(1);
  });

  it('a DELETE whose retry got 404 (an earlier attempt deleted it) is deleted, not failed', async () => {
    const records = new Map([[1, record(1, 1, 1)]]);
    const { ops } = fakeOps(records, {
      remove: async (_row, current) => {
        records.delete(current.id);
        throw new NotFoundError('DELETE: HTTP 404 Not Found', 404);
      },
    });
    const row: PlanRow = { line: 1, action: 'delete', ids: { id: 1, inventoryId: 1, rentalBlockId: 1 }, old: { price: 1 }, new: null };
    const { lines } = await run([row], ops, noWait);
    expect(lines[0]).toMatchObject({ outcome: 'deleted' });
  });

  it('a 400 is a plain failure: no look, no second try', async () => {
    const { records, rows } = updates(1);
    const { ops, calls } = fakeOps(records, {
      update: async () => {
        throw new ApiError('PUT: HTTP 400 Bad Request: price: must be ≥ 0', 400);
      },
    });
    const { lines } = await run(rows, ops, noWait);
    expect(lines[0]).toMatchObject({ outcome: 'failed', error: 'PUT: HTTP 400 Bad Request: price: must be ≥ 0' });
    expect([calls.update, calls.find]).toEqual([1, 0]);
  });
});

describe('runner: failures and progress', () => {
  it('a failed row does not stop the others', async () => {
    const records = new Map([[1, record(1, 1, 1)], [2, record(2, 2, 1)]]);
    const { ops } = fakeOps(records, {
      update: async (row, current) => {
        if (row.line === 1) throw new Error('HTTP 500');
        return current;
      },
    });
    const { summary, lines } = await run([update(1, 1, 1, 2), update(2, 2, 1, 2)], ops);
    expect(lines.map((l) => [l.outcome, l.error])).toEqual([
      ['failed', 'HTTP 500'],
      ['updated', undefined],
    ]);
    expect(summary.counts).toMatchObject({ failed: 1, updated: 1 });
  });

  it('refused credentials stop the run: the rest is not_run', async () => {
    const { records, rows } = updates(10);
    const { ops } = fakeOps(records, {
      update: async () => {
        throw new AuthError('HTTP 401 Unauthorized', 401);
      },
    });
    const { summary } = await run(rows, ops, { concurrency: 2 });
    expect(summary.stoppedBy).toBe('HTTP 401 Unauthorized');
    expect(summary.counts.failed).toBe(2);
    expect(summary.counts.not_run).toBe(8);
  });

  it('a server that cannot be reached stops the run after five rows in a row failed to reach it: the rest is not_run', async () => {
    const { records, rows } = updates(20);
    const { ops, calls } = fakeOps(records, {
      update: async (row, current) => {
        if (row.line > 3) throw new NetworkError('connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED');
        return current;
      },
    });
    const { summary, lines } = await run(rows, ops, { concurrency: 1 });
    expect(lines.map((l) => l.outcome)).toEqual([...Array(3).fill('updated'), ...Array(5).fill('failed'), ...Array(12).fill('not_run')]);
    expect(calls.update).toBe(8);
    expect(summary.stopError).toBeInstanceOf(NetworkError);
    expect(summary.stoppedBy).toBe('5 rows in a row could not reach the server (connect ECONNREFUSED 127.0.0.1:9)');
    expect(summary.complete).toBe(false);
  });

  it('with many rows in flight, those in flight when the run stops finish and are reported as they end', async () => {
    const { records, rows } = updates(100);
    const { ops, calls } = fakeOps(records, {
      update: async () => {
        await tick();
        throw new NetworkError('socket hang up', 'ECONNRESET');
      },
    });
    const { summary, lines } = await run(rows, ops, { concurrency: 8 });
    expect(summary.stopError).toBeInstanceOf(NetworkError);
    expect(summary.counts.failed).toBe(calls.update);
    expect(summary.counts.failed).toBeGreaterThanOrEqual(5);
    expect(summary.counts.failed).toBeLessThan(5 + 8);
    expect(summary.counts.failed + summary.counts.not_run).toBe(100);
    expect(lines.map((l) => l.line)).toEqual(rows.map((r) => r.line));
  });

  it('network failures with rows that reached the server between them do not stop the run', async () => {
    const { records, rows } = updates(30);
    const { ops } = fakeOps(records, {
      update: async (row, current) => {
        // Four failures, a success, four failures…: never five in a row.
        if (row.line % 5 !== 0) throw new NetworkError('connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED');
        return current;
      },
    });
    const { summary } = await run(rows, ops, { concurrency: 1 });
    expect(summary.stopError).toBeUndefined();
    expect(summary.counts).toMatchObject({ updated: 6, failed: 24, not_run: 0 });
  });

  it('other failures (the server answered) between network failures reset the count too', async () => {
    const { records, rows } = updates(12);
    const { ops } = fakeOps(records, {
      update: async (row) => {
        if (row.line % 3 === 0) throw new ApiError('HTTP 422: price is invalid', 422);
        throw new NetworkError('connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED');
      },
    });
    const { summary } = await run(rows, ops, { concurrency: 1 });
    expect(summary.stopError).toBeUndefined();
    expect(summary.counts).toMatchObject({ failed: 12, not_run: 0 });
  });

  it('reports done/total, failures, rate and ETA from the injected clock', async () => {
    let clock = 0;
    const records = new Map([[1, record(1, 1, 1)], [2, record(2, 2, 1)]]);
    const { ops } = fakeOps(records, {
      update: async (row, current) => {
        clock += 500;
        if (row.line === 2) throw new Error('boom');
        return current;
      },
    });
    const progress: Progress[] = [];
    await run([update(1, 1, 1, 2), update(2, 2, 1, 2)], ops, { concurrency: 1, now: () => clock, onProgress: (p) => progress.push(p) });
    expect(progress).toEqual([
      { done: 1, total: 2, failed: 0, elapsedMs: 500, rate: 2, etaMs: 500 },
      { done: 2, total: 2, failed: 1, elapsedMs: 1000, rate: 2, etaMs: 0 },
    ]);
  });
});
