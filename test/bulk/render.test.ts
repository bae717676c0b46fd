import { describe, expect, it } from 'vitest';
import { money } from '../../src/domain/money.js';
import { planLines } from '../../src/bulk/plan-lines.js';
import { totalsLine } from '../../src/bulk/plan-render.js';
import { formatDuration, formatSummary, progressLine, progressRenderer } from '../../src/bulk/progress.js';
import { emptyCounts } from '../../src/bulk/report.js';
import type { RunSummary } from '../../src/bulk/runner.js';
import { bookingRows, inventoryRows, priceRows } from '../../src/bulk/spec.js';
import { FakeApi } from '../helpers/sandbox-api.js';
import { planText } from './helpers.js';
import { forPeople } from '../../src/common/terminal-text.js';

describe('dry-run plan text', () => {
  it('prices: per row update old → new (change %), unchanged, create, invalid; then totals', async () => {
    const api = FakeApi.catalogue(3);
    api.seed('inventory', [{ id: 4, name: 'Tent 20x20', quantityAvailable: 1, active: 1 }]);
    api.seed('prices', [{ id: 41, inventoryId: 4, rentalBlockId: 1, price: 120 }]);
    const text = 'inventoryName,pricingType,price\nTent 20x20,Weekend,126\nItem 1,Weekend,1.1\nTent 20x20,Week,99\nItem 2,Week,"1,200"\n';
    const { plan } = await planText(api, text);
    expect([...planLines(priceRows, plan)]).toEqual([
      'line 2  update     Tent 20x20 / Weekend  120.00 → 126.00 (+5.0%)',
      'line 3  unchanged  Item 1 / Weekend      1.10',
      'line 4  create     Tent 20x20 / Week     99.00',
      'line 5  invalid    Item 2 / Week         price: must be a plain decimal without commas (write 1200.50, not 1,200.50) (got "1,200")',
    ]);
    expect(totalsLine(plan)).toBe('4 rows: 1 create, 1 update, 1 unchanged, 1 invalid, 0 refused');
  });

  it('fields are named when a row sets several; refused rows say why', async () => {
    const api = new FakeApi()
      .seed('inventory', [{ id: 1, name: 'Tent', quantityAvailable: 1, active: 1 }])
      .seed('events', [{ id: 7 }])
      .seed('bookings', [{ id: 70, eventId: 7, inventoryId: 1, quantity: 2, price: 100 }]);
    const inventory = await planText(api, 'name,quantityAvailable,active\nTent,5,no\nNew thing,3,\n', { spec: inventoryRows });
    expect([...planLines(inventoryRows, inventory.plan)]).toEqual([
      'line 2  update     Tent       quantityAvailable 1 → 5, active yes → no',
      'line 3  create     New thing  name "New thing", quantityAvailable 3, active yes',
    ]);
    const bookings = await planText(api, 'inventoryId,quantity,price\n1,3,200\n', { spec: bookingRows, scope: { eventId: 7 }, maxChange: money('50') });
    expect([...planLines(bookingRows, bookings.plan)]).toEqual([
      'line 2  refused    Tent  quantity 2 → 3, price 100.00 → 200.00 (+100.0%)  (price: changes by +100.0%, more than --max-change 50%)',
    ]);
  });
});

describe('progress on stderr', () => {
  const progress = { done: 4210, total: 10000, failed: 2, elapsedMs: 3118, rate: 1350.2, etaMs: 4288 };

  it('one line: done/total, percent, rate, ETA, failures', () => {
    expect(progressLine(progress, 'prices import')).toBe('prices import  4210/10000  42%  1350 rows/s  ETA 4s  2 failed');
    expect(progressLine({ ...progress, done: 10000, failed: 0, etaMs: 0 })).toBe('10000/10000  100%  1350 rows/s');
  });

  it('redraws in place on a TTY, at most every interval, and clears at the end', () => {
    const written: string[] = [];
    let clock = 0;
    // As stderr shows it: through the sanitizer, which lets only the program's own redraw through.
    const renderer = progressRenderer({ isTTY: true, write: (t) => written.push(forPeople(t)) }, { now: () => clock, intervalMs: 100 });
    renderer.update(progress);
    clock = 50;
    renderer.update({ ...progress, done: 4300 }); // too soon: skipped
    clock = 150;
    renderer.update({ ...progress, done: 4400 });
    renderer.update({ ...progress, done: 10000 }); // the last one is always drawn
    renderer.finish();
    expect(written).toHaveLength(4);
    expect(written[0]).toBe('\r\x1b[K4210/10000  42%  1350 rows/s  ETA 4s  2 failed');
    expect(written[1]).toMatch(/^\r\x1b\[K4400\/10000/);
    expect(written[3]).toBe('\r\x1b[K');
  });

  it('prints nothing when stderr is not a TTY', () => {
    const written: string[] = [];
    const renderer = progressRenderer({ isTTY: false, write: (t) => written.push(t) });
    renderer.update(progress);
    renderer.finish();
    expect(written).toEqual([]);
  });

  it('durations', () => {
    expect([0, 4_400, 61_000, 3_725_000].map(formatDuration)).toEqual(['0s', '4s', '1m01s', '1h02m']);
  });
});

describe('summary', () => {
  const summary = (changes: Omit<Partial<RunSummary>, 'counts'> & { counts?: Partial<RunSummary['counts']> }): RunSummary => ({
    total: 10,
    complete: false,
    aborted: false,
    elapsedMs: 2000,
    ...changes,
    counts: { ...emptyCounts(), ...changes.counts },
  });

  it('always the five main outcomes, the others when they happened', () => {
    expect(formatSummary(summary({ counts: { created: 1, updated: 5, unchanged: 4 }, complete: true }))).toBe(
      '10 rows: 1 created, 5 updated, 4 unchanged, 0 stale, 0 failed (2.0 s, 5 rows/s)',
    );
    expect(formatSummary(summary({ counts: { updated: 3, not_run: 6, invalid: 1 }, aborted: true }))).toBe(
      // the rate counts the 4 rows that ran, not the 6 that never started
      '10 rows: 0 created, 3 updated, 0 unchanged, 0 stale, 0 failed, 1 invalid, 6 not run (2.0 s, 2 rows/s)\n' +
        'Interrupted: rows in flight finished, the rest were not run.',
    );
  });

  it('after Ctrl-C, names no way to resume: not every command has --resume (apply has not); the error after it says how', () => {
    const stopped = summary({ counts: { updated: 4, not_run: 6 }, aborted: true });
    expect(formatSummary(stopped)).not.toContain('--resume');
  });
});
