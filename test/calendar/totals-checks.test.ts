import { describe, expect, it } from 'vitest';
import { formatMoney, money } from '../../src/domain/money.js';
import { type CheckInput, calendarNotes, checkCalendar, dateProblems } from '../../src/domain/checks.js';
import { DEFAULT_HOLD_POLICY, holdRuleFor } from '../../src/domain/hold-policy.js';
import { eventTotals } from '../../src/domain/totals.js';
import { PriceTable } from '../../src/domain/prices.js';
import { readEvent, readItem } from '../../src/domain/records.js';
import { readBooking } from '../helpers/bookings.js';

const event = (fields: Record<string, unknown> = {}) =>
  readEvent({
    id: 1, eventName: 'Gala', eventStatusId: 2, rentalBlockId: 1,
    dropoffDate: '2026-06-01T08:00:00', startDate: '2026-06-01T12:00:00', endDate: '2026-06-01T20:00:00', teardownDate: '2026-06-01T21:00:00', pickupDate: '2026-06-02T09:00:00',
    cancelDate: null,
    ...fields,
  });
const booking = (id: number, inventoryId: number, quantity: number, price: unknown, eventId = 1) => readBooking({ id, eventId, inventoryId, quantity, price }, eventId);

describe('event totals', () => {
  it('Σ quantity × price + delivery + labor + misc + sales tax − discount, exactly; deposit apart', () => {
    const totals = eventTotals(
      { amountDelivery: 0.1, amountLabor: '0.2', amountMisc: null, amountSalesTax: 1.005, amountDiscount: 0.3, amountDeposit: 100 },
      [booking(1, 1, 3, 0.1), booking(2, 2, 7, '19.99'), booking(3, 3, 2, null)],
    );
    expect(totals.lines.map((l) => (l ? formatMoney(l) : null))).toEqual(['0.3', '139.93', null]);
    expect(formatMoney(totals.items)).toBe('140.23');
    expect(formatMoney(totals.total)).toBe('141.235');
    expect(formatMoney(totals.deposit!)).toBe('100');
    expect(totals.misc).toBeUndefined();
    expect(totals.unpriced).toBe(1);
  });
});

describe('check rules', () => {
  const input = (overrides: Partial<CheckInput> = {}): CheckInput => ({
    events: [event()],
    bookings: new Map([[1, [booking(10, 7, 1, 5)]]]),
    items: new Map([[7, readItem({ id: 7, name: 'Tent', quantityAvailable: 1, active: 1 })]]),
    prices: new PriceTable([{ id: 1, itemId: 7, blockId: 1, price: money(5) }]),
    blocks: new Set([1]),
    statuses: new Set([2]),
    ...overrides,
  });

  it('a clean calendar has no problem', () => {
    expect(checkCalendar(input())).toEqual([]);
  });

  it('missing item, block and status; a booking without a price', () => {
    const codes = (i: CheckInput) => checkCalendar(i).map((p) => p.code);
    expect(codes(input({ items: new Map() }))).toEqual(['missing-item']);
    expect(codes(input({ blocks: new Set() }))).toEqual(['missing-block']);
    expect(codes(input({ statuses: new Set() }))).toEqual(['missing-status']);
    expect(codes(input({ bookings: new Map([[1, [booking(10, 7, 1, null)]]]) }))).toEqual(['booking-without-price']);
  });

  it('names the pair of dates out of order, and missing dates', () => {
    const problems = dateProblems(event({ teardownDate: '2026-06-03T00:00:00', startDate: null }));
    expect(problems.map((p) => [p.code, p.fields])).toEqual([
      ['missing-date', ['startDate']],
      ['dates-out-of-order', ['teardownDate', 'pickupDate']],
    ]);
  });

  it('after a price-list change, an agreed price on a firm or completed event is no problem; on a quote, a note that it could be refreshed', () => {
    const ruleOf = holdRuleFor(DEFAULT_HOLD_POLICY);
    // Each event's line at 5.00, the list at 6.50 since.
    const priced = (statusId: number, status: string) => {
      const i = input({ events: [readEvent({ ...event().record, eventStatusId: statusId }, () => status)], prices: new PriceTable([{ id: 1, itemId: 7, blockId: 1, price: money('6.50') }]), statuses: new Set([statusId]), ruleOf });
      return { problems: checkCalendar(i), notes: calendarNotes(i) };
    };
    expect(priced(2, 'Confirmed')).toEqual({ problems: [], notes: [] });
    expect(priced(3, 'Completed')).toEqual({ problems: [], notes: [] });
    const quote = priced(1, 'Quoted');
    expect(quote.problems).toEqual([]);
    expect(quote.notes).toEqual([expect.objectContaining({ code: 'quote-price-changed', eventId: 1, itemId: 7, bookingId: 10, price: 5, listed: 6.5 })]);
    expect(quote.notes[0]!.message).toBe('event 1 "Gala" quotes "Tent" at 5.00; its price for the event\'s rental block is now 6.50: the quote could be refreshed (booking 10)');
    // The same price: nothing to say.
    const same = input({ events: [readEvent({ ...event().record, eventStatusId: 1 }, () => 'Quoted')], ruleOf });
    expect(calendarNotes(same)).toEqual([]);
  });

  it('cancelled events are not checked and hold nothing', () => {
    const cancelled = event({ id: 2, cancelDate: '2026-05-01T00:00:00', startDate: '2027-01-01T00:00:00' });
    const i = input({ events: [event(), cancelled], bookings: new Map([[1, [booking(10, 7, 1, 5)]], [2, [booking(11, 7, 1, 5, 2)]]]) });
    expect(checkCalendar(i)).toEqual([]);
  });
});
