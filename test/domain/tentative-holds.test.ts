import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HOLD_POLICY, eventHoldRule } from '../../src/domain/hold-policy.js';
import { type Holdings, holdsOf } from '../../src/domain/holds.js';
import { type CalendarBooking, type CalendarEvent, type CalendarItem, readEvent, readItem } from '../../src/domain/records.js';
import { readBooking } from '../helpers/bookings.js';
import type { Hold } from '../../src/domain/sweep.js';
import { availabilityByKind, checkBooking, describeQuotesCountingOn, describeUnconfirmableQuotes, firmShortages, quotesCountingOn, unconfirmableQuotes } from '../../src/domain/tentative-holds.js';
import { parseWallTime } from '../../src/domain/wall-time.js';

const H = 3_600_000;
const hold = (from: number, to: number, quantity: number, eventId: number, kind?: 'tentative'): Hold => ({ from: from * H, to: to * H, quantity, eventId, ...(kind ? { kind } : {}) });

const STATUS_NAMES = new Map([
  [1, 'Quoted'],
  [2, 'Confirmed'],
]);
const ruleOf = (event: CalendarEvent) => eventHoldRule(DEFAULT_HOLD_POLICY, event, STATUS_NAMES.get(event.statusId ?? 0));

function event(id: number, statusId: number, from: string, to: string): CalendarEvent {
  return readEvent({ id, eventName: `E${id}`, eventStatusId: statusId, dropoffDate: from, pickupDate: to });
}

describe('availability by kind', () => {
  const holds = [hold(0, 10, 2, 1), hold(5, 15, 1, 2, 'tentative'), hold(12, 20, 3, 3, 'tentative')];

  it('tells booked (firm), tentative, free and free if every quote confirms apart', () => {
    const a = availabilityByKind(holds, 5, { from: 0, to: 20 * H });
    expect(a).toMatchObject({ owned: 5, booked: 2, tentative: 4, free: 3, freeIfQuotesConfirm: 1, bookedAt: 0, tentativeAt: 12 * H });
    expect(a.bookedBy.map((h) => h.eventId)).toEqual([1]);
    expect(a.tentativeBy.map((h) => h.eventId)).toEqual([2, 3]);
  });

  it('free if every quote confirms goes below 0 when the quotes cannot all confirm', () => {
    expect(availabilityByKind(holds, 3, { from: 0, to: 20 * H })).toMatchObject({ free: 1, freeIfQuotesConfirm: -1 });
  });

  it('is limited to the range', () => {
    expect(availabilityByKind(holds, 5, { from: 15 * H, to: 16 * H })).toMatchObject({ booked: 0, tentative: 3, free: 5, freeIfQuotesConfirm: 2, bookedAt: undefined });
  });
});

describe('booking against firm holds', () => {
  const items = new Map<number, CalendarItem>([[7, readItem({ id: 7, name: 'Tent', quantityAvailable: 4, active: 1 })]]);
  const events = [event(1, 2, '2026-06-01T08:00', '2026-06-03T08:00'), event(2, 1, '2026-06-02T08:00', '2026-06-04T08:00'), event(3, 1, '2026-06-02T12:00', '2026-06-02T14:00')];
  const bookings = new Map<number, CalendarBooking[]>([
    [1, [readBooking({ id: 11, inventoryId: 7, quantity: 2 }, 1)]],
    [2, [readBooking({ id: 21, inventoryId: 7, quantity: 1 }, 2), readBooking({ id: 22, inventoryId: 7, quantity: 1 }, 2)]],
    [3, [readBooking({ id: 31, inventoryId: 7, quantity: 1 }, 3)]],
  ]);
  const held: Holdings = { events: new Map(events.map((e) => [e.id, e])), bookings, byItem: holdsOf(events, bookings, ruleOf) };
  const window = { from: parseWallTime('2026-06-02T00:00')!, to: parseWallTime('2026-06-03T00:00')! };
  const ask = (quantity: number) => [{ itemId: 7, itemName: 'Tent', owned: 4, quantity }];

  it('marks quote holds tentative and leaves firm ones unmarked', () => {
    expect(held.byItem.get(7)!.map((h) => [h.eventId, h.kind])).toEqual([
      [1, undefined],
      [2, 'tentative'],
      [2, 'tentative'],
      [3, 'tentative'],
    ]);
  });

  it('is refused only by firm holds', () => {
    expect(firmShortages(window, ask(2), held)).toEqual([]);
    const [short] = firmShortages(window, ask(3), held);
    expect(short).toMatchObject({ itemId: 7, held: 2, asked: 3, owned: 4 });
    expect(short!.holders.map((h) => h.event.id)).toEqual([1]);
  });

  it('names the quotes whose units a booking takes, and how many would be missing', () => {
    expect(quotesCountingOn(window, ask(0), held)).toEqual([]);
    // firm 2 + quotes 2 (event 2) + 1 (event 3, 12:00-14:00) + ask 1 = 6 > 4 at 12:00
    const [taken] = quotesCountingOn(window, ask(1), held);
    expect(taken!.short).toBe(2);
    expect(describeQuotesCountingOn([taken!])).toEqual([
      '  Tent: if every quote confirms, 2 short; the quotes counting on these units:',
      '    event 2 "E2": 2',
      '    event 3 "E3": 1',
    ]);
    expect(taken!.quotes.map((q) => [q.event.id, q.quantity])).toEqual([
      [2, 2],
      [3, 1],
    ]);
    const narrow = { from: parseWallTime('2026-06-02T15:00')!, to: parseWallTime('2026-06-02T16:00')! };
    // event 3 is over by 15:00: only event 2 counts on the unit
    expect(quotesCountingOn(narrow, ask(1), held).map((q) => [q.short, q.quotes.map((x) => x.event.id)])).toEqual([[1, [2]]]);
    const late = { from: parseWallTime('2026-06-03T09:00')!, to: parseWallTime('2026-06-03T10:00')! };
    expect(quotesCountingOn(late, ask(2), held)).toEqual([]);
  });

  it('checks a booking in one call: firm shortages to refuse, quotes counted on to warn', () => {
    expect(checkBooking(window, ask(1), held)).toEqual({ shortages: [], quotesCountingOn: quotesCountingOn(window, ask(1), held) });
    const both = checkBooking(window, ask(3), held);
    expect(both.shortages.map((s) => s.itemId)).toEqual([7]);
    expect(both.quotesCountingOn.map((q) => q.quotes.map((x) => x.event.id))).toEqual([[2, 3]]);
  });

  it('lists the quotes that can no longer be confirmed against firm holds', () => {
    expect(unconfirmableQuotes(events, bookings, items, ruleOf, held.byItem)).toEqual([]);
    const bigger = new Map(bookings);
    bigger.set(2, [...bookings.get(2)!, readBooking({ id: 23, inventoryId: 7, quantity: 1 }, 2)]);
    const byItem = holdsOf(events, bigger, ruleOf);
    const found = unconfirmableQuotes(events, bigger, items, ruleOf, byItem);
    expect(found.map((q) => q.event.id)).toEqual([2]);
    expect(found[0]!.shortages[0]).toMatchObject({ asked: 3, held: 2, owned: 4 });
    expect(describeUnconfirmableQuotes(found)).toEqual([
      'event 2 "E2" cannot be confirmed: its bookings do not fit against the firm holds',
      '  Tent: 4 owned, 2 held by other events at 2026-06-02 08:00, 3 asked (short by 1)',
      '    event 1 "E1": 2',
    ]);
  });
});

describe('quotesCountingOn', () => {
  it('names exactly the quotes in force while all holds + the ask exceed the stock (brute force by the minute)', () => {
    const M = 60_000;
    const arbitraryHold = fc
      .record({ from: fc.integer({ min: 0, max: 40 }), length: fc.integer({ min: 1, max: 20 }), quantity: fc.integer({ min: 0, max: 3 }), tentative: fc.boolean() })
      .map((h) => ({ from: h.from * M, to: (h.from + h.length) * M, quantity: h.quantity, ...(h.tentative ? { kind: 'tentative' as const } : {}) }));
    fc.assert(
      fc.property(fc.array(arbitraryHold, { maxLength: 8 }), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 4 }), (raw, start, span, owned, quantity) => {
        const holds: Hold[] = raw.map((h, i) => ({ ...h, eventId: i + 1 }));
        const events = new Map(holds.map((h) => [h.eventId, readEvent({ id: h.eventId, eventName: `E${h.eventId}` })]));
        const window = { from: start * M, to: (start + span) * M };
        const found = quotesCountingOn(window, [{ itemId: 1, itemName: 'X', owned, quantity }], { events, bookings: new Map(), byItem: new Map([[1, holds]]) });
        const expected = new Map<number, number>();
        let worst = 0;
        for (let m = window.from; m < window.to; m += M) {
          const inForce = holds.filter((h) => h.quantity > 0 && h.from <= m && m < h.to);
          const over = inForce.reduce((sum, h) => sum + h.quantity, 0) + quantity - owned;
          if (over <= 0) continue;
          worst = Math.max(worst, over);
          for (const h of inForce) if (h.kind === 'tentative') expected.set(h.eventId, h.quantity);
        }
        expect(found.flatMap((f) => f.quotes.map((q) => [q.event.id, q.quantity])).sort((a, b) => a[0]! - b[0]!)).toEqual([...expected].sort((a, b) => a[0] - b[0]));
        if (expected.size > 0) expect(found[0]!.short).toBe(worst);
      }),
      { numRuns: 300 },
    );
  });
});
