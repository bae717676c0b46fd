// Turnaround: a unit back from an event stays held while it is cleaned and prepared. The settings'
// text, the rules resolved to items (an item's before its category's before every item's), and the
// hold windows that carry it: a booking, the free windows, the ways out and check all count it.

import { describe, expect, test } from 'vitest';
import { checkValue, readTurnaround, readTurnaroundRules, setting } from '../../src/config/settings-table.js';
import { checkCalendar } from '../../src/domain/checks.js';
import { freeWindows } from '../../src/domain/free-windows.js';
import { type Holdings, heldWindow, holdsOf, shortages } from '../../src/domain/holds.js';
import { PriceTable } from '../../src/domain/prices.js';
import { readEvent, readItem } from '../../src/domain/records.js';
import { type TurnaroundPolicy, resolveTurnaround } from '../../src/domain/turnaround.js';
import { waysOut } from '../../src/domain/ways-out.js';
import { HOUR_MS, parseWallTime } from '../../src/domain/wall-time.js';
import { readBooking } from '../helpers/bookings.js';

const at = (text: string) => parseWallTime(`${text.replace(' ', 'T')}:00`)!;
const H4 = 4 * HOUR_MS;

describe('the settings', () => {
  test('a length: 4h, 1d12h, 90m, 0 for none; anything else breaks the rule, which the message names', () => {
    expect(readTurnaround('4h')).toBe(H4);
    expect(readTurnaround(' 1d12h ')).toBe(36 * HOUR_MS);
    expect(readTurnaround('90m')).toBe(1.5 * HOUR_MS);
    expect(readTurnaround('0')).toBe(0);
    for (const bad of ['4 hours', '-4h', '31d', 'soon', '']) expect(readTurnaround(bad), bad).toBeUndefined();
    expect(checkValue(setting('turnaround'), '4 hours')).toBe('turnaround must be a length like 4h, 1d, 90m or 1d12h (weeks, days, hours, minutes), 0 for none, at most 30 days (got "4 hours")');
  });

  test('rules by item or category: Name=length; Name=length (a name may hold a comma), each name once', () => {
    expect(readTurnaroundRules('20x20 Frame Tent=1d; String Lights, 100ft=2h; 7=0')).toEqual([
      { name: '20x20 Frame Tent', ms: 24 * HOUR_MS },
      { name: 'String Lights, 100ft', ms: 2 * HOUR_MS },
      { name: '7', ms: 0 },
    ]);
    for (const bad of ['Tent', 'Tent=soon', '=4h', 'Tent=1h; tent=2h']) expect(readTurnaroundRules(bad), bad).toBeUndefined();
    expect(checkValue(setting('turnaroundItems'), 'Tent=soon')).toMatch(/^turnaround-items must be Name=length rules separated by ";"/);
  });
});

const item = (id: number, name: string, quantity: number, category?: number) => readItem({ id, name, quantityAvailable: quantity, active: 1, ...(category === undefined ? {} : { inventoryCategoryId: category }) });
const items = new Map([item(1, 'Tent', 1, 10), item(2, 'Chair', 50, 20), item(3, 'Linen', 10, 20)].map((i) => [i.id, i]));

describe('the rules resolved to items', () => {
  const policy = (p: Partial<TurnaroundPolicy>): TurnaroundPolicy => ({ all: H4, items: [], categories: [], ...p });

  test("an item's rule before its category's, its category's before every item's; by name (any case) or id", () => {
    const { turnaroundOf, problems } = resolveTurnaround(policy({ items: [{ name: 'tent', ms: 24 * HOUR_MS }], categories: [{ name: 'Seating', ms: HOUR_MS }] }), items, new Map([[10, 'Tents'], [20, 'Seating']]));
    expect(problems).toEqual([]);
    expect([turnaroundOf(1), turnaroundOf(2), turnaroundOf(3), turnaroundOf(99)]).toEqual([24 * HOUR_MS, HOUR_MS, HOUR_MS, H4]);
    expect(resolveTurnaround(policy({ items: [{ name: '2', ms: 0 }] }), items).turnaroundOf(2)).toBe(0);
  });

  test('a name that matches nothing is a problem with its nearest name, never a guess; categories the items cannot take, said', () => {
    expect(resolveTurnaround(policy({ items: [{ name: 'Tnet', ms: HOUR_MS }] }), items).problems).toEqual(['"Tnet": no such item; did you mean "Tent"?']);
    const untold = new Map([item(1, 'Tent', 1)].map((i) => [i.id, i]));
    const { problems, turnaroundOf } = resolveTurnaround(policy({ categories: [{ name: 'Tents', ms: HOUR_MS }] }), untold, new Map([[10, 'Tents']]));
    expect(problems[0]).toMatch(/^the service's items carry no category/);
    expect(turnaroundOf(1)).toBe(H4);
  });
});

describe('the hold windows carry it', () => {
  // The tent (1 unit) goes out for an event that ends (pickup) at 10:00.
  const returned = readEvent({ id: 7, eventName: 'Morning', eventStatusId: 2, dropoffDate: '2026-06-01T08:00:00', startDate: '2026-06-01T08:00:00', endDate: '2026-06-01T10:00:00', teardownDate: '2026-06-01T10:00:00', pickupDate: '2026-06-01T10:00:00', cancelDate: null }, () => 'Confirmed');
  const bookings = new Map([[7, [readBooking({ id: 70, eventId: 7, inventoryId: 1, quantity: 1, price: 10 }, 7)]]]);
  const turnaround = (itemId: number) => (itemId === 1 ? H4 : 0);
  const held: Holdings = { events: new Map([[7, returned]]), bookings, byItem: holdsOf([returned], bookings, undefined, turnaround), turnaround };
  const tent = [{ itemId: 1, itemName: 'Tent', owned: 1, quantity: 1 }];

  test('a unit returned at 10:00 with a 4h turnaround is held until 14:00: not bookable at 12:00, bookable at 14:00', () => {
    expect(held.byItem.get(1)).toEqual([expect.objectContaining({ from: at('2026-06-01 08:00'), to: at('2026-06-01 14:00'), turnaround: H4 })]);
    expect(shortages({ from: at('2026-06-01 12:00'), to: at('2026-06-01 18:00') }, tent, held)).toEqual([expect.objectContaining({ itemId: 1, held: 1, asked: 1 })]);
    expect(shortages({ from: at('2026-06-01 14:00'), to: at('2026-06-01 18:00') }, tent, held)).toEqual([]);
    // Without a turnaround the unit is free from 10:00.
    const plain: Holdings = { ...held, byItem: holdsOf([returned], bookings), turnaround: undefined };
    expect(shortages({ from: at('2026-06-01 12:00'), to: at('2026-06-01 18:00') }, tent, plain)).toEqual([]);
  });

  test('a booking needs its own turnaround too: one returned at 06:00 cannot go back out to the 08:00 event', () => {
    expect(heldWindow({ from: at('2026-06-01 02:00'), to: at('2026-06-01 06:00') }, 1, turnaround)).toEqual({ from: at('2026-06-01 02:00'), to: at('2026-06-01 10:00') });
    expect(shortages({ from: at('2026-06-01 02:00'), to: at('2026-06-01 06:00') }, tent, held)).toHaveLength(1);
    expect(shortages({ from: at('2026-06-01 00:00'), to: at('2026-06-01 04:00') }, tent, held)).toEqual([]);
  });

  test('free windows leave the turnaround after them; the ways out find the window that does', () => {
    const windows = freeWindows([{ itemId: 1, owned: 1, quantity: 1, holds: held.byItem.get(1)!, turnaround: H4 }], { duration: 2 * HOUR_MS, range: { from: at('2026-06-01 00:00'), to: at('2026-06-02 00:00') }, limit: 5 });
    // 00:00 → 08:00 is free, but a 2h rental must be back by 02:00 to be ready at 08:00 again; then from 14:00.
    expect(windows.map((w) => [w.from, w.latestStart])).toEqual([
      [at('2026-06-01 00:00'), at('2026-06-01 02:00')],
      [at('2026-06-01 14:00'), at('2026-06-01 22:00')],
    ]);
    const way = waysOut({ itemId: 1, quantity: 1, window: { from: at('2026-06-01 12:00'), to: at('2026-06-01 16:00') } }, {
      items,
      holds: () => held.byItem.get(1)!,
      events: held.events,
      standIns: () => [],
      search: { from: at('2026-06-01 00:00'), to: at('2026-06-03 00:00') },
      turnaround,
    });
    expect(way.free).toBe(0);
    expect(way.windows[0]).toEqual({ from: at('2026-06-01 14:00'), to: at('2026-06-01 18:00') });
  });

  test('check: two events back to back within the turnaround overbook, the holder in its turnaround named', () => {
    const next = readEvent({ ...returned.record, id: 8, eventName: 'Noon', dropoffDate: '2026-06-01T12:00:00', startDate: '2026-06-01T12:00:00', endDate: '2026-06-01T16:00:00', teardownDate: '2026-06-01T16:00:00', pickupDate: '2026-06-01T16:00:00' }, () => 'Confirmed');
    const both = new Map([...bookings, [8, [readBooking({ id: 80, eventId: 8, inventoryId: 1, quantity: 1, price: 10 }, 8)]]]);
    const input = { events: [returned, next], bookings: both, items, prices: new PriceTable([]), blocks: new Set<number>(), statuses: new Set<number>() };
    expect(checkCalendar(input).filter((p) => p.code === 'overbooked')).toEqual([]);
    const problems = checkCalendar({ ...input, turnaround }).filter((p) => p.code === 'overbooked');
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain('event 7 "Morning": 1 (in turnaround until 2026-06-01 14:00)');
  });
});
