// The rule of bookings applied to a change of the event itself (domain/event-change.ts), the stock
// rule (stock-change.ts), the stricter of two holds policies (hold-policy.ts) and the read-back of a
// write against a concurrent one (data/race-guard.ts): pure, without a server.

import { describe, expect, test } from 'vitest';
import { type EventChangeWorld, EventChangeRefused, addsHolds, judgeEventChange, mayAddHolds } from '../../src/domain/event-change.js';
import { holdsOf } from '../../src/domain/holds.js';
import { holdRuleFor, parseHoldPolicy, writeRuleFor } from '../../src/domain/hold-policy.js';
import { type CalendarBooking, type CalendarEvent, readEvent, readItem } from '../../src/domain/records.js';
import { StockChangeRefused, judgeStockChange, stockShortage } from '../../src/domain/stock-change.js';
import { parseWallTime } from '../../src/domain/wall-time.js';
import { LostRace, triesFirst, writeGuarded } from '../../src/data/race-guard.js';
import { ProtocolError } from '../../src/errors.js';

const STATUS: Record<number, string> = { 1: 'Quoted', 2: 'Confirmed', 4: 'Cancelled' };
const ruleOf = holdRuleFor(parseHoldPolicy('', 'test'));

function event(id: number, from: string, to: string, statusId = 2, extra: Record<string, unknown> = {}): CalendarEvent {
  return readEvent({ id, eventName: `E${id}`, eventStatusId: statusId, dropoffDate: from, startDate: from, endDate: to, teardownDate: to, pickupDate: to, ...extra }, (s) => (s === undefined ? undefined : STATUS[s]));
}

const line = (id: number, eventId: number, quantity: number): CalendarBooking => ({ id, eventId, itemId: 7, quantity, price: undefined, record: {} });
const tent = readItem({ id: 7, name: 'Tent', quantityAvailable: 2, active: 1 });

/** The world of `before` → `after` with `other` holding 2 tents on 2030-01-10. */
function world(before: CalendarEvent, after: CalendarEvent): EventChangeWorld {
  const other = event(50, '2030-01-10T08:00:00', '2030-01-10T20:00:00');
  const bookings = new Map([[50, [line(500, 50, 2)]]]);
  return { before, after, ruleBefore: ruleOf(before), ruleAfter: ruleOf(after), lines: [line(1, before.id, 1)], items: new Map([[7, tent]]), others: { events: new Map([[50, other]]), bookings, byItem: holdsOf([other], bookings, ruleOf) } };
}

describe('a change of an event is judged when it can add holds', () => {
  test('mayAddHolds: status, a window date, a cancel date cleared; not a rename nor a cancel', () => {
    expect(mayAddHolds({ eventStatusId: 2 })).toBe(true);
    expect(mayAddHolds({ pickupDate: '2030-01-01' })).toBe(true);
    expect(mayAddHolds({ cancelDate: null })).toBe(true);
    expect(mayAddHolds({ cancelDate: '2030-01-01' })).toBe(false);
    expect(mayAddHolds({ eventName: 'x' })).toBe(false);
  });

  test('addsHolds: a quote confirmed, an uncancel, a window moved or widened; not a narrower window', () => {
    const firm = event(1, '2030-01-01T08:00:00', '2030-01-03T08:00:00');
    expect(addsHolds({ before: event(1, '2030-01-01T08:00:00', '2030-01-03T08:00:00', 1), after: firm, ruleBefore: 'tentative', ruleAfter: 'firm' })).toBe(true);
    expect(addsHolds({ before: event(1, '2030-01-01T08:00:00', '2030-01-03T08:00:00', 4), after: firm, ruleBefore: 'none', ruleAfter: 'firm' })).toBe(true);
    expect(addsHolds({ before: firm, after: event(1, '2030-01-02T08:00:00', '2030-01-04T08:00:00'), ruleBefore: 'firm', ruleAfter: 'firm' })).toBe(true);
    expect(addsHolds({ before: firm, after: event(1, '2030-01-01T12:00:00', '2030-01-02T08:00:00'), ruleBefore: 'firm', ruleAfter: 'firm' })).toBe(false);
  });

  test('a move onto held stock is refused naming the holder; allowed, it is let through as overbooked', () => {
    const before = event(1, '2030-01-01T08:00:00', '2030-01-02T08:00:00');
    const after = event(1, '2030-01-10T08:00:00', '2030-01-11T08:00:00');
    expect(() => judgeEventChange(world(before, after), { allowOverbook: false, verb: 'moved' })).toThrow(EventChangeRefused);
    expect(() => judgeEventChange(world(before, after), { allowOverbook: false, verb: 'moved' })).toThrow(/cannot be moved[\s\S]*event 50 "E50": 2[\s\S]*Nothing was changed/);
    expect(judgeEventChange(world(before, after), { allowOverbook: true, verb: 'moved' }).overbooked).toHaveLength(1);
    // A quote moved there blocks nothing: warned, never refused.
    const quote = event(1, '2030-01-10T08:00:00', '2030-01-11T08:00:00', 1);
    expect(judgeEventChange(world(event(1, '2030-01-01T08:00:00', '2030-01-02T08:00:00', 1), quote), { allowOverbook: false, verb: 'moved' }).overbooked).toHaveLength(1);
  });
});

describe('the stock and the holds policies', () => {
  test('lowering the stock below the future peak is refused; to the peak it fits', () => {
    const held = world(event(1, '2030-01-01T08:00:00', '2030-01-02T08:00:00'), event(1, '2030-01-01T08:00:00', '2030-01-02T08:00:00')).others;
    const future = { from: parseWallTime('2029-12-01T00:00:00')!, to: Number.MAX_SAFE_INTEGER };
    expect(stockShortage(tent, 2, held, future)).toBeUndefined();
    expect(() => judgeStockChange(stockShortage(tent, 1, held, future), { allowOverbook: false })).toThrow(StockChangeRefused);
    expect(judgeStockChange(stockShortage(tent, 1, held, future), { allowOverbook: true })).toMatchObject({ held: 2, newQuantity: 1 });
  });

  test('writes hold each status by the stricter of the shop and the run: a looser --holds changes nothing, a stricter one counts', () => {
    const shop = parseHoldPolicy('', 'shop');
    const confirmed = { cancelled: false, status: 'Confirmed' };
    const quoted = { cancelled: false, status: 'Quoted' };
    expect(writeRuleFor(shop, parseHoldPolicy('Confirmed=tentative', '--holds'))(confirmed)).toBe('firm');
    expect(writeRuleFor(shop, parseHoldPolicy('Quoted=firm', '--holds'))(quoted)).toBe('firm');
    expect(writeRuleFor(shop, shop)({ cancelled: true, status: 'Confirmed' })).toBe('none');
  });
});

describe('a write read back against a concurrent one', () => {
  const short = [{ itemId: 7, itemName: 'Tent', owned: 2, asked: 1, held: 2, at: undefined, holders: [] }];
  test('short after writing: backed out, the holds read again, tried once more; short again: LostRace, both tries backed out', async () => {
    const log: string[] = [];
    const guard = (shortages: Array<typeof short>) => ({
      label: 'the bookings of E1',
      pause: async () => void log.push('pause'),
      forgetHolds: () => void log.push('forget holds'),
      attempt: async (again: boolean) => (log.push(again ? 'write again' : 'write'), { written: log.length, guarded: true }),
      shortagesNow: async () => shortages.shift() ?? [],
      backOut: async () => void log.push('back out'),
    });
    await expect(writeGuarded(guard([short, []]))).resolves.toBeDefined();
    expect(log).toEqual(['write', 'back out', 'pause', 'forget holds', 'write again']);
    log.length = 0;
    await expect(writeGuarded(guard([short, short]))).rejects.toThrow(LostRace);
    expect(log).toEqual(['write', 'back out', 'pause', 'forget holds', 'write again', 'back out']);
  });

  test('of the writers that backed out together, the one whose event has the lowest id tries again first', async () => {
    const holder = (id: number) => ({ event: { id } as CalendarEvent, quantity: 1 });
    const heldBy = (...ids: number[]) => [{ ...short[0]!, holders: ids.map(holder) }];
    expect(triesFirst(4, heldBy(9))).toBe(true);
    expect(triesFirst(9, heldBy(4))).toBe(false);
    expect(triesFirst(4, heldBy(9, 2))).toBe(false);
    expect(triesFirst(undefined, heldBy(9))).toBeUndefined();
    const told: Array<boolean | undefined> = [];
    const shortages = [heldBy(9), []];
    await writeGuarded({
      label: 'the bookings of E4',
      eventId: 4,
      pause: async (first) => void told.push(first),
      forgetHolds: () => undefined,
      attempt: async () => ({ written: 1, guarded: true }),
      shortagesNow: async () => shortages.shift() ?? [],
      backOut: async () => undefined,
    });
    expect(told).toEqual([true]);
  });

  test('a second try that fails for another reason than the rules is not called a lost race', async () => {
    let tries = 0;
    const failing = writeGuarded({
      label: 'the bookings of E1',
      pause: async () => undefined,
      forgetHolds: () => undefined,
      attempt: async () => {
        if (++tries > 1) throw new ProtocolError('the server answered with an empty "data" array for booking 4');
        return { written: 1, guarded: true };
      },
      shortagesNow: async () => short,
      backOut: async () => undefined,
    });
    await expect(failing).rejects.toThrow(/^the server answered with an empty "data" array for booking 4$/);
  });

  test('an attempt that backs out is withdrawn from the history: what it and its back-out wrote', async () => {
    const history = { records: 0, withdrawn: [] as number[], historyMark: () => history.records, withdrawSince: (mark: number) => void history.withdrawn.push(mark) };
    const shortages = [short, []];
    await writeGuarded({
      label: 'the bookings of E1',
      history,
      pause: async () => undefined,
      forgetHolds: () => undefined,
      attempt: async () => ((history.records += 2), { written: 1, guarded: true }),
      shortagesNow: async () => shortages.shift() ?? [],
      backOut: async () => void (history.records += 2),
    });
    expect(history.withdrawn).toEqual([0]);
  });

  test('a write that adds no firm hold is not read back', async () => {
    let read = false;
    await writeGuarded({ label: 'x', forgetHolds: () => undefined, attempt: async () => ({ written: 1, guarded: false }), shortagesNow: async () => ((read = true), short), backOut: async () => undefined });
    expect(read).toBe(false);
  });
});
