// The worked example of the manual's reports (docs/calendar.md, "Reports"): these numbers are the
// ones the page shows.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HOLD_POLICY, eventHoldRule } from '../../src/domain/hold-policy.js';
import { formatMoneyFixed } from '../../src/domain/money.js';
import { type CalendarBooking, type CalendarEvent, type CalendarItem, readEvent, readItem } from '../../src/domain/records.js';
import { readBooking } from '../helpers/bookings.js';
import { type RevenuePart, revenue } from '../../src/domain/revenue.js';
import { type UtilizationRow, utilization } from '../../src/domain/utilization.js';
import { parseWallTime } from '../../src/domain/wall-time.js';

const STATUSES = new Map([
  [1, 'Quoted'],
  [2, 'Confirmed'],
]);
const statusOf = (event: CalendarEvent) => STATUSES.get(event.statusId ?? 0) ?? '(no status)';
const ruleOf = (event: CalendarEvent) => eventHoldRule(DEFAULT_HOLD_POLICY, event, statusOf(event));

const tent = readItem({ id: 1, name: 'Tent', quantityAvailable: 2, active: 1 });
const chair = readItem({ id: 2, name: 'Chair', quantityAvailable: 10, active: 1 });
const items = new Map<number, CalendarItem>([
  [1, tent],
  [2, chair],
]);
const events = [
  readEvent({ id: 10, eventName: 'Harper wedding', eventStatusId: 2, dropoffDate: '2026-06-01T12:00', startDate: '2026-06-01T15:00', pickupDate: '2026-06-02T12:00' }),
  readEvent({ id: 11, eventName: 'Lee party', eventStatusId: 1, dropoffDate: '2026-06-02T00:00', startDate: '2026-06-02T18:00', pickupDate: '2026-06-03T12:00' }),
  readEvent({ id: 12, eventName: 'Ng talk', eventStatusId: 2, dropoffDate: '2026-06-01T08:00', startDate: '2026-06-01T09:00', pickupDate: '2026-06-01T18:00', cancelDate: '2026-05-20' }),
];
const bookings = new Map<number, CalendarBooking[]>([
  [10, [readBooking({ id: 1, inventoryId: 1, quantity: 2, price: 450 }, 10), readBooking({ id: 2, inventoryId: 2, quantity: 10, price: 2.5 }, 10)]],
  [11, [readBooking({ id: 3, inventoryId: 2, quantity: 6, price: 2.75 }, 11)]],
  [12, [readBooking({ id: 4, inventoryId: 1, quantity: 1, price: '450.00' }, 12)]],
]);
const range = { from: parseWallTime('2026-06-01')!, to: parseWallTime('2026-06-03')! };
const input = { range, fleet: [tent, chair], items, events, bookings, ruleOf, statusOf };

const percent = (r: UtilizationRow) => [r.label, r.heldUnitHours, r.ownedUnitHours, r.utilization === undefined ? undefined : Math.round(r.utilization * 10000) / 100];
const amounts = (p: RevenuePart) => [...p.rows, p.total].map((r) => [r.label, formatMoneyFixed(r.amount), r.lines]);

describe('the worked example (docs/calendar.md: Reports)', () => {
  it('utilization by item: Tent 48 of 96 unit-hours, Chair 384 of 480, total 75%', () => {
    const report = utilization(input, 'item');
    expect([...report.rows, report.total].map(percent)).toEqual([
      ['Tent', 48, 96, 50],
      ['Chair', 384, 480, 80],
      ['total', 432, 576, 75],
    ]);
  });

  it('utilization by status: the rows add up to the total', () => {
    expect(utilization(input, 'status').rows.map(percent)).toEqual([
      ['Confirmed', 288, 576, 50],
      ['Quoted', 144, 576, 25],
    ]);
  });

  it('utilization by month: each month over its part of the range', () => {
    const report = utilization({ ...input, range: { from: parseWallTime('2026-05-31T12:00')!, to: parseWallTime('2026-06-02')! } }, 'month');
    // May: 12 hours owned, nothing held; June: 24 hours owned, Tent 2×12 + Chair 10×12 + 6×0 held
    expect(report.rows.map(percent)).toEqual([
      ['2026-05', 0, 144, 0],
      ['2026-06', 144, 288, 50],
    ]);
  });

  it('revenue by item and by status in exact decimals; the cancelled event apart', () => {
    const byItem = revenue(input, 'item');
    expect(amounts(byItem)).toEqual([
      ['Tent', '900.00', 1],
      ['Chair', '41.50', 2],
      ['total', '941.50', 3],
    ]);
    expect(amounts(byItem.cancelled)).toEqual([
      ['Tent', '450.00', 1],
      ['total', '450.00', 1],
    ]);
    expect(amounts(revenue(input, 'status'))).toEqual([
      ['Confirmed', '925.00', 2],
      ['Quoted', '16.50', 1],
      ['total', '941.50', 3],
    ]);
  });

  it('revenue is dated by the event start: an event starting after the range is left out', () => {
    const report = revenue({ ...input, range: { from: range.from, to: parseWallTime('2026-06-02T12:00')! } }, 'month');
    expect(amounts(report)).toEqual([
      ['2026-06', '925.00', 2],
      ['total', '925.00', 2],
    ]);
  });

  it('revenue by month has a row for every month of the range, a month without revenue as zero, cancelled ones too', () => {
    const report = revenue({ ...input, range: { from: parseWallTime('2026-04-15')!, to: parseWallTime('2026-08-01')! } }, 'month');
    expect(amounts(report)).toEqual([
      ['2026-04', '0.00', 0],
      ['2026-05', '0.00', 0],
      ['2026-06', '941.50', 3],
      ['2026-07', '0.00', 0],
      ['total', '941.50', 3],
    ]);
    expect(amounts(report.cancelled).map(([month]) => month)).toEqual(['2026-04', '2026-05', '2026-06', '2026-07', 'total']);
  });

  it('counts a line without a price as unpriced, adding nothing', () => {
    const unpriced = new Map(bookings);
    unpriced.set(11, [readBooking({ id: 3, inventoryId: 2, quantity: 6, price: null }, 11)]);
    const report = revenue({ ...input, bookings: unpriced }, 'item');
    expect(formatMoneyFixed(report.total.amount)).toBe('925.00');
    expect(report.total.unpriced).toBe(1);
  });
});

describe('the manual', () => {
  it("shows the worked example's numbers as computed", () => {
    const page = readFileSync(new URL('../../docs/calendar.md', import.meta.url), 'utf8');
    const section = page.slice(page.indexOf('## Reports'), page.indexOf('## On paper'));
    // | Tent | 2 × 24 = 48 | 2 × 48 = 96 | 50% | 2 × 450.00 = 900.00 |: the last figure of each cell
    const table = [...section.matchAll(/^\| (Tent|Chair|total) \|(.*)\|$/gm)].map(([, label, cells]) => [label, ...cells!.split('|').map((c) => c.trim().split(' ').at(-1))]);
    const use = utilization(input, 'item');
    const earned = revenue(input, 'item');
    const computed = [...use.rows, use.total].map((r, i) => [
      r.label,
      String(r.heldUnitHours),
      String(r.ownedUnitHours),
      `${Math.round(r.utilization! * 100)}%`,
      formatMoneyFixed([...earned.rows, earned.total][i]!.amount),
    ]);
    expect(table).toEqual(computed);
  });
});

describe('utilization', () => {
  it('equals a minute-by-minute count on random small calendars', () => {
    const M = 60_000;
    const base = parseWallTime('2026-01-31T23:00')!;
    const arbitraryEvent = fc.record({
      from: fc.integer({ min: 0, max: 120 }),
      length: fc.integer({ min: 1, max: 60 }),
      status: fc.constantFrom(1, 2, 3),
      cancelled: fc.boolean(),
      lines: fc.array(fc.record({ item: fc.constantFrom(1, 2, 3), quantity: fc.integer({ min: 0, max: 4 }) }), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(
        fc.array(arbitraryEvent, { maxLength: 6 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 120 }),
        fc.constantFrom('item' as const, 'month' as const, 'status' as const),
        (raw, start, span, by) => {
          const fleet = [1, 2].map((id) => readItem({ id, name: `I${id}`, quantityAvailable: id * 2, active: 1 }));
          const evs: CalendarEvent[] = raw.map((e, i) => ({
            ...readEvent({ id: i + 1, eventName: `E${i}`, eventStatusId: e.status }),
            window: { from: base + e.from * M, to: base + (e.from + e.length) * M },
            cancelled: e.cancelled,
          }));
          const bks = new Map(raw.map((e, i) => [i + 1, e.lines.map((l, j) => readBooking({ id: j, inventoryId: l.item, quantity: l.quantity }, i + 1))]));
          const statusName = (e: CalendarEvent) => ['', 'Quoted', 'Confirmed', 'Cancelled'][e.statusId!]!;
          const report = utilization(
            { range: { from: base + start * M, to: base + (start + span) * M }, fleet, events: evs, bookings: bks, ruleOf: (e) => eventHoldRule(DEFAULT_HOLD_POLICY, e, statusName(e)), statusOf: statusName },
            by,
          );
          const key = (minute: number, e: CalendarEvent, itemId: number) =>
            by === 'item' ? String(itemId) : by === 'month' ? new Date(base + minute * M).toISOString().slice(0, 7) : statusName(e);
          const held = new Map<string, number>();
          let heldTotal = 0;
          for (let m = start; m < start + span; m++) {
            for (const e of evs) {
              if (e.cancelled || statusName(e) === 'Cancelled' || !(e.window!.from <= base + m * M && base + m * M < e.window!.to)) continue;
              for (const b of bks.get(e.id)!) {
                if (b.itemId > 2 || b.quantity === 0) continue;
                held.set(key(m, e, b.itemId), (held.get(key(m, e, b.itemId)) ?? 0) + b.quantity);
                heldTotal += b.quantity;
              }
            }
          }
          const hours = (unitMinutes: number) => (unitMinutes * M) / 3_600_000;
          expect(report.total.heldUnitHours).toBe(hours(heldTotal));
          expect(report.total.ownedUnitHours).toBe(hours(6 * span));
          for (const row of report.rows) expect([row.key, row.heldUnitHours]).toEqual([row.key, hours(held.get(row.key) ?? 0)]);
          for (const k of held.keys()) expect(report.rows.map((r) => r.key)).toContain(k);
        },
      ),
      { numRuns: 200 },
    );
  });
});
