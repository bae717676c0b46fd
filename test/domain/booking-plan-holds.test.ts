// The booking planner with holds by status: firm holds refuse, quotes are named, a quote is never refused.
import { describe, expect, it } from 'vitest';
import { BookingRefused, type BookingTarget, type BookingWorld, planBookings } from '../../src/domain/booking-plan.js';
import { money } from '../../src/domain/money.js';
import { readEvent, readItem } from '../../src/domain/records.js';
import type { Hold } from '../../src/domain/sweep.js';

const H = 3_600_000;
const window = { from: 10 * H, to: 20 * H };
const firmEvent = readEvent({ id: 1, eventName: 'Firm' });
const quote = readEvent({ id: 2, eventName: 'Quote' });

function world(target: BookingTarget, holds: Hold[]): BookingWorld {
  return {
    target,
    current: [],
    others: { events: new Map([[1, firmEvent], [2, quote]]), bookings: new Map(), byItem: new Map([[7, holds]]) },
    items: new Map([[7, readItem({ id: 7, name: 'Tent', quantityAvailable: 3, active: 1 })]]),
    blockPrice: () => money(100),
    blockLabel: 'Daily',
  };
}

const target = (holdRule?: 'firm' | 'tentative'): BookingTarget => ({ id: 9, label: 'event 9 "New"', window, cancelled: false, blockId: 1, ...(holdRule ? { holdRule } : {}) });
const holds: Hold[] = [
  { from: 0, to: 30 * H, quantity: 2, eventId: 1 },
  { from: 12 * H, to: 14 * H, quantity: 1, eventId: 2, kind: 'tentative' },
];
const set = (quantity: number) => [{ kind: 'set' as const, itemId: 7, quantity }];

describe('planBookings with holds by status', () => {
  it('checks against firm holds only and names the quotes whose units it takes', () => {
    const plan = planBookings(world(target('firm'), holds), set(1), { allowOverbook: false });
    expect(plan.overbooked).toEqual([]);
    expect(plan.quotesCountedOn.map((q) => [q.itemName, q.short, q.quotes.map((x) => x.event.id)])).toEqual([['Tent', 1, [2]]]);
  });

  it('refuses a firm event short against firm holds', () => {
    expect(() => planBookings(world(target(), holds), set(2), { allowOverbook: false })).toThrow(BookingRefused);
  });

  it('lets a quote through short, with the shortage to warn about', () => {
    const plan = planBookings(world(target('tentative'), holds), set(2), { allowOverbook: false });
    expect(plan.writes).toHaveLength(1);
    expect(plan.overbooked.map((s) => [s.itemName, s.held, s.asked])).toEqual([['Tent', 2, 2]]);
  });

  it('counts every hold firmly when no hold policy marked them (as before)', () => {
    const unmarked = holds.map(({ kind: _kind, ...h }) => h);
    expect(() => planBookings(world(target(), unmarked), set(1), { allowOverbook: false })).toThrow(BookingRefused);
    expect(planBookings(world(target(), unmarked), set(1), { allowOverbook: true }).quotesCountedOn).toEqual([]);
  });
});

describe('planBookings without a price', () => {
  it('tells two unpriced items of one name apart by id, with a command to paste for each', () => {
    const twins: BookingWorld = {
      ...world(target(), []),
      items: new Map([7, 8].map((id) => [id, readItem({ id, name: 'Tent', quantityAvailable: 3, active: 1 })])),
      blockPrice: () => undefined,
    };
    const asked = [7, 8].map((itemId) => ({ kind: 'set' as const, itemId, quantity: 1 }));
    expect(() => planBookings(twins, asked, { allowOverbook: false })).toThrow(
      [
        '"Tent" (item 7), "Tent" (item 8): no price for the rental block "Daily" (the block of event 9 "New").',
        'Give --price, or add the prices:',
        '  rentals prices add --inventory-id 7 --rental-block-id 1 --price <p>',
        '  rentals prices add --inventory-id 8 --rental-block-id 1 --price <p>',
      ].join('\n'),
    );
  });

  it('names the block by its id in the command to paste: a block named like a reference (`7`) would be read as another', () => {
    const special: BookingWorld = { ...world(target(), []), blockLabel: '7', blockPrice: () => undefined };
    expect(() => planBookings(special, set(1), { allowOverbook: false })).toThrow('no price for the rental block "7" (the block of event 9 "New").\nGive --price, or add the price:\n  rentals prices add --inventory-id 7 --rental-block-id 1 --price <p>');
  });
});
