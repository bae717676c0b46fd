// `check` with holds by status: overbooked counts firm holds; quotes that cannot confirm are listed.
import { describe, expect, it } from 'vitest';
import { checkCalendar } from '../../src/domain/checks.js';
import { DEFAULT_HOLD_POLICY, holdRuleFor } from '../../src/domain/hold-policy.js';
import { PriceTable } from '../../src/domain/prices.js';
import { readEvent, readItem } from '../../src/domain/records.js';
import { readBooking } from '../helpers/bookings.js';

const STATUSES = new Map([
  [1, 'Quoted'],
  [2, 'Confirmed'],
]);
const status = (id: number | undefined) => (id === undefined ? undefined : STATUSES.get(id));
const dates = (from: string, to: string) => ({ dropoffDate: from, startDate: from, endDate: to, teardownDate: to, pickupDate: to, rentalBlockId: 1 });
const events = [
  readEvent({ id: 1, eventName: 'Wedding', eventStatusId: 2, ...dates('2026-06-12T08:00:00', '2026-06-14T12:00:00') }, status),
  readEvent({ id: 2, eventName: 'Party', eventStatusId: 1, ...dates('2026-06-13T08:00:00', '2026-06-13T20:00:00') }, status),
  readEvent({ id: 3, eventName: 'Fair', eventStatusId: 1, ...dates('2026-06-20T08:00:00', '2026-06-21T20:00:00') }, status),
];
const bookings = new Map([
  [1, [readBooking({ id: 11, inventoryId: 7, quantity: 2, price: 10 }, 1)]],
  [2, [readBooking({ id: 21, inventoryId: 7, quantity: 1, price: 10 }, 2)]],
  [3, [readBooking({ id: 31, inventoryId: 7, quantity: 2, price: 10 }, 3)]],
]);
const input = {
  events,
  bookings,
  items: new Map([[7, readItem({ id: 7, name: 'Tent', quantityAvailable: 2, active: 1 })]]),
  prices: new PriceTable([{ id: 1, itemId: 7, blockId: 1, price: { units: 10n, scale: 0 } }]),
  blocks: new Set([1]),
  statuses: new Set([1, 2]),
};

describe('check with holds by status', () => {
  it('reports the quote that no longer fits, not an overbooking', () => {
    const problems = checkCalendar({ ...input, ruleOf: holdRuleFor(DEFAULT_HOLD_POLICY) });
    expect(problems.map((p) => [p.code, p.eventId ?? null])).toEqual([['quote-cannot-confirm', 2]]);
    expect(problems[0]).toMatchObject({ message: 'event 2 "Party" cannot be confirmed: "Tent" 2 held firmly + 1 quoted > 2 owned', itemIds: [7], eventIds: [1] });
  });

  it('leaves out a quote outside the range', () => {
    const range = { from: Date.UTC(2026, 5, 20), to: Date.UTC(2026, 5, 22) };
    expect(checkCalendar({ ...input, range, ruleOf: holdRuleFor(DEFAULT_HOLD_POLICY) })).toEqual([]);
  });

  it('without a hold policy counts every event firmly (as before)', () => {
    expect(checkCalendar(input).map((p) => p.code)).toEqual(['overbooked']);
  });
});
