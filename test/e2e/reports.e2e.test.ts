// The rows of `rentals report`, as a script and a person read them: machine formats carry only the
// rows (the totals beside them in -o json), every revenue row says whether it is cancelled, the
// table's total sits under the rows it sums with the cancelled ones after it, and a grouping by
// month has a row for every month of the range.

import { describe, expect, test } from 'vitest';
import { ok } from './harness.js';
import { calendarSuite } from './calendar-fixtures.js';

const fixtures = calendarSuite('Reports');
const { rentals, item, line } = fixtures;
const event = (dropoff: string, pickup: string, extra: Record<string, unknown> = {}) => fixtures.event(dropoff, pickup, extra, fixtures.unique('Show'));

let months = 0;

/** One item booked by a Confirmed event and by a cancelled one, both starting in a month of 2029 no other test uses; that month's range. */
async function bookedAndCancelled(): Promise<{ tent: { id: number; name: string }; range: string[] }> {
  const month = `2029-${String(++months).padStart(2, '0')}`;
  const tent = await item(4);
  const kept = await event(`${month}-10T08:00:00`, `${month}-11T08:00:00`);
  await line(kept.id, tent.id, 1, 850);
  const gone = await event(`${month}-12T08:00:00`, `${month}-13T08:00:00`, { cancelDate: '2028-12-20T00:00:00' });
  await line(gone.id, tent.id, 1, 850);
  return { tent, range: ['--from', `${month}-01`, '--to', `${month}-28`] };
}

describe('report revenue --include-cancelled in the machine formats', () => {
  test('csv and tsv have a cancelled column: a cancelled row and a kept one no longer look the same', async () => {
    const { tent, range } = await bookedAndCancelled();
    const csv = ok(await rentals(['report', 'revenue', ...range, '--include-cancelled', '-o', 'csv'])).stdout.trimEnd().split('\n');
    expect(csv[0]).toBe('key,label,amount,lines,unpriced,cancelled');
    expect(csv.filter((row) => row.startsWith(`${tent.id},`))).toEqual([`${tent.id},${tent.name},850,1,0,false`, `${tent.id},${tent.name},850,1,0,true`]);
    const tsv = ok(await rentals(['report', 'revenue', ...range, '--include-cancelled', '-o', 'tsv'])).stdout.trimEnd().split('\n');
    expect(tsv.filter((row) => row.startsWith(`${tent.id}\t`)).map((row) => row.split('\t').at(-1))).toEqual(['false', 'true']);
  });

  test('without --include-cancelled the columns are the same, every row false', async () => {
    const { tent, range } = await bookedAndCancelled();
    const csv = ok(await rentals(['report', 'revenue', ...range, '-o', 'csv'])).stdout.trimEnd().split('\n');
    expect(csv[0]).toBe('key,label,amount,lines,unpriced,cancelled');
    expect(csv.filter((row) => row.startsWith(`${tent.id},`))).toEqual([`${tent.id},${tent.name},850,1,0,false`]);
    expect(csv.slice(1).every((row) => row.endsWith(',false'))).toBe(true);
  });
});

describe('the totals are beside the rows, not among them', () => {
  test('revenue -o json: data holds the rows only, the totals are top-level fields; adding the rows gives the total', async () => {
    const { range } = await bookedAndCancelled();
    const body = JSON.parse(ok(await rentals(['report', 'revenue', ...range, '--include-cancelled', '-o', 'json'])).stdout) as {
      data: Array<{ key: string; amount: number; lines: number; cancelled: boolean }>;
      total: { amount: number; lines: number; unpriced: number };
      cancelledTotal: { amount: number; lines: number; unpriced: number };
    };
    expect(body.data.map((r) => r.key)).not.toContain('total');
    expect(body.data.map((r) => r.key)).not.toContain('cancelled');
    const sum = (rows: typeof body.data) => rows.reduce((s, r) => s + r.amount, 0);
    expect(body.total.amount).toBeCloseTo(sum(body.data.filter((r) => !r.cancelled)), 6);
    expect(body.cancelledTotal.amount).toBeCloseTo(sum(body.data.filter((r) => r.cancelled)), 6);
    expect(body.cancelledTotal).toMatchObject({ amount: 850, lines: 1, unpriced: 0 });
    expect(Object.keys(body).sort()).toEqual(['cancelledTotal', 'data', 'total']);
    const plain = JSON.parse(ok(await rentals(['report', 'revenue', ...range, '-o', 'json'])).stdout) as Record<string, unknown>;
    expect(Object.keys(plain).sort()).toEqual(['data', 'total']);
  });

  test('revenue csv, tsv and ndjson carry no total row', async () => {
    const { range } = await bookedAndCancelled();
    for (const format of ['csv', 'tsv']) {
      const out = ok(await rentals(['report', 'revenue', ...range, '--include-cancelled', '-o', format])).stdout;
      expect(out, format).not.toMatch(/^(total|cancelled)[,\t]/m);
    }
    const lines = ok(await rentals(['report', 'revenue', ...range, '--include-cancelled', '-o', 'ndjson'])).stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { key: string });
    expect(lines.map((l) => l.key)).not.toContain('total');
    expect(lines.map((l) => l.key)).not.toContain('cancelled');
  });

  test('utilization -o json: the total beside the rows, none among them', async () => {
    const { range } = await bookedAndCancelled();
    const body = JSON.parse(ok(await rentals(['report', 'utilization', ...range, '-o', 'json'])).stdout) as { data: Array<{ key: string }>; total: Record<string, unknown> };
    expect(body.data.map((r) => r.key)).not.toContain('total');
    expect(body.total).toEqual({ heldUnitHours: expect.any(Number), ownedUnitHours: expect.any(Number), utilization: expect.any(Number) });
    const csv = ok(await rentals(['report', 'utilization', ...range, '-o', 'csv'])).stdout;
    expect(csv).not.toMatch(/^total,/m);
  });
});

describe('the table at a terminal', () => {
  test('the total right under the rows it sums; the cancelled rows after it, said to be outside the total', async () => {
    const { tent, range } = await bookedAndCancelled();
    for (const by of ['item', 'status']) {
      const lines = ok(await rentals(['report', 'revenue', ...range, '--by', by, '--include-cancelled', '-o', 'table'])).stdout.trimEnd().split('\n');
      const total = lines.findIndex((l) => /^total\s/.test(l));
      const heading = lines.findIndex((l) => /^Cancelled, not in the total:$/.test(l));
      expect(total, lines.join('\n')).toBeGreaterThan(0);
      expect(heading, lines.join('\n')).toBeGreaterThan(total);
      expect(lines[heading - 1], 'a blank line sets the cancelled rows apart').toBe('');
      expect(lines.at(-1)).toMatch(/^cancelled total\s+850\.00\s+1$/);
      const cancelledRows = lines.slice(heading + 1, -1);
      expect(cancelledRows.length, lines.join('\n')).toBeGreaterThan(0);
      if (by === 'item') expect(cancelledRows).toEqual([expect.stringMatching(new RegExp(`^${tent.name}\\s+850\\.00\\s+1\\b`))]);
      // Nothing above the total is outside it: the rows above add up to it.
      const above = lines.slice(1, total).map((l) => Number(/\s(\d+\.\d\d)\s/.exec(l)?.[1] ?? 0));
      expect(above.reduce((s, n) => s + n, 0)).toBeCloseTo(Number(/\s(\d+\.\d\d)\s/.exec(lines[total]!)![1]), 2);
    }
  });

  test('without --include-cancelled the total is the last line', async () => {
    const { range } = await bookedAndCancelled();
    const lines = ok(await rentals(['report', 'revenue', ...range, '-o', 'table'])).stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^total\s/);
    expect(lines.join('\n')).not.toContain('ancelled');
  });
});

describe('--by month', () => {
  test('revenue and utilization both list every month of the range, the months without anything as zero rows', async () => {
    const tent = await item(2);
    const show = await event('2029-11-10T08:00:00', '2029-11-11T08:00:00');
    await line(show.id, tent.id, 2, 100);
    const range = ['--from', '2029-10-01', '--to', '2030-02-28', '--by', 'month'];
    const months = ['2029-10', '2029-11', '2029-12', '2030-01', '2030-02'];
    const money = JSON.parse(ok(await rentals(['report', 'revenue', ...range, '-o', 'json'])).stdout).data as Array<{ key: string; amount: number; lines: number }>;
    expect(money.map((r) => r.key)).toEqual(months);
    expect(money.find((r) => r.key === '2029-10')).toMatchObject({ amount: 0, lines: 0 });
    expect(money.find((r) => r.key === '2029-11')).toMatchObject({ amount: 200, lines: 1 });
    const held = JSON.parse(ok(await rentals(['report', 'utilization', ...range, '-o', 'json'])).stdout).data as Array<{ key: string }>;
    expect(held.map((r) => r.key)).toEqual(months);
  });
});
