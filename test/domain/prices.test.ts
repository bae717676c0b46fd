// One price per item and rental block: the rule that refuses a second one, and how a pair that
// has two already (written by another tool) is told apart from a pair that has none.

import { describe, expect, it } from 'vitest';
import { DomainRefusal } from '../../src/domain/errors.js';
import { type CheckInput, checkCalendar } from '../../src/domain/checks.js';
import { money } from '../../src/domain/money.js';
import { PriceTable, judgePricePair } from '../../src/domain/prices.js';
import { readEvent, readItem } from '../../src/domain/records.js';
import { readBooking } from '../helpers/bookings.js';

const pair = { itemId: 7, itemName: 'Frame Tent', blockId: 2, blockName: 'Weekend' };
const weekend = { id: 4, itemId: 7, blockId: 2, price: money('675') };
const daily = { id: 3, itemId: 7, blockId: 1, price: money('450') };

describe('one price per item and rental block', () => {
  it('lets a price through for a block the item has no price for', () => {
    expect(() => judgePricePair(pair, money('10'), [daily])).not.toThrow();
  });

  it('refuses a second price for the pair, naming the item, the block and the price it has, with the command that changes it', () => {
    let refused: unknown;
    try {
      judgePricePair(pair, money('10'), [daily, weekend]);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DomainRefusal);
    const message = (refused as Error).message;
    expect(message).toContain('"Frame Tent" already has a price for the rental block "Weekend": price 4 (675.00)');
    expect(message).toContain('rentals prices set --inventory-id 7 --rental-block-id 2 --price 10.00');
    expect(message).toContain('rentals prices update 4 --inventory-id 7 --price 10.00');
    expect(message).not.toContain('price 3');
  });

  it('lets a price be updated in place, and refuses moving it onto a pair that has another', () => {
    expect(() => judgePricePair(pair, money('10'), [daily, weekend], 4)).not.toThrow();
    expect(() => judgePricePair(pair, money('10'), [daily, weekend], 3)).toThrow(/already has a price for the rental block "Weekend": price 4 \(675\.00\)/);
  });

  it('a pair that has two already: both named, and the way out is to remove one', () => {
    const again = { id: 62, itemId: 7, blockId: 2, price: money('10') };
    expect(() => judgePricePair(pair, money('12'), [weekend, again])).toThrow(/already has 2 prices for the rental block "Weekend": price 4 \(675\.00\) and price 62 \(10\.00\)[^]*rentals prices delete 62 --inventory-id 7/);
  });

  it('tells a pair with two prices from a pair with none', () => {
    const again = { id: 62, itemId: 7, blockId: 2, price: money('10') };
    const table = new PriceTable([daily, weekend, again]);
    expect(table.get(7, 2)).toBeUndefined();
    expect(table.all(7, 2).map((p) => p.id)).toEqual([4, 62]);
    expect(table.all(7, 3)).toEqual([]);
    expect(table.duplicates().map((prices) => prices.map((p) => p.id))).toEqual([[4, 62]]);
  });
});

describe('check: prices of a pair', () => {
  const event = readEvent({
    id: 1, eventName: 'Gala', eventStatusId: 2, rentalBlockId: 2,
    dropoffDate: '2026-06-01T08:00:00', startDate: '2026-06-01T12:00:00', endDate: '2026-06-01T20:00:00', teardownDate: '2026-06-01T21:00:00', pickupDate: '2026-06-02T09:00:00',
    cancelDate: null,
  });
  const input = (prices: PriceTable): CheckInput => ({
    events: [event],
    bookings: new Map([[1, [readBooking({ id: 10, eventId: 1, inventoryId: 7, quantity: 1, price: 5 }, 1)]]]),
    items: new Map([[7, readItem({ id: 7, name: 'Frame Tent', quantityAvailable: 1, active: 1 })]]),
    prices,
    blocks: new Set([1, 2]),
    blockNames: new Map([[1, 'Daily'], [2, 'Weekend']]),
    statuses: new Set([2]),
  });

  it('a booking whose item has no price for the block names the block by its name', () => {
    const [problem] = checkCalendar(input(new PriceTable([daily])));
    expect(problem?.code).toBe('no-price-for-block');
    expect(problem?.message).toContain(`the item has no price for the event's rental block "Weekend"`);
  });

  it('two prices for one pair are their own problem, naming both, not "no price"', () => {
    const problems = checkCalendar(input(new PriceTable([weekend, { id: 62, itemId: 7, blockId: 2, price: money('10') }])));
    expect(problems.map((p) => p.code)).toEqual(['duplicate-price']);
    expect(problems[0]).toMatchObject({ itemId: 7, rentalBlockId: 2, priceIds: [4, 62], eventIds: [1] });
    expect(problems[0]!.message).toContain('"Frame Tent" (item 7) has 2 prices for the rental block "Weekend": price 4 (675.00) and price 62 (10.00)');
    expect(problems[0]!.message).toContain('rentals prices delete 62 --inventory-id 7');
  });
});
