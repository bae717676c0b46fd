import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FreeWindow, type WindowAsk, freeWindows } from '../../src/domain/free-windows.js';
import type { Hold } from '../../src/domain/sweep.js';

const M = 60_000;
const H = 60 * M;
const hold = (from: number, to: number, quantity: number, eventId = 1, kind?: 'tentative'): Hold => ({ from, to, quantity, eventId, ...(kind ? { kind } : {}) });
const hours = (w: FreeWindow) => [w.from / H, w.to / H, w.latestStart / H, w.reachesRangeEnd];

describe('free windows', () => {
  // Tents: 6 owned. 4 held 10:00-20:00, 3 held 30:00-40:00 (a quote), 6 held 50:00-60:00.
  const tents: WindowAsk = {
    itemId: 1,
    owned: 6,
    quantity: 3,
    holds: [hold(10 * H, 20 * H, 4), hold(30 * H, 40 * H, 3, 2, 'tentative'), hold(50 * H, 60 * H, 6, 3)],
  };

  it('gives each maximal free stretch at least the duration long, earliest first, with its latest start', () => {
    const found = freeWindows([tents], { duration: 5 * H, range: { from: 0, to: 70 * H }, limit: 10 });
    expect(found.map(hours)).toEqual([
      [0, 10, 5, false],
      [20, 50, 45, false],
      [60, 70, 65, true],
    ]);
  });

  it('counts quotes only when asked to', () => {
    const found = freeWindows([{ ...tents, quantity: 4 }], { duration: 5 * H, range: { from: 0, to: 70 * H }, limit: 10, includeTentative: true });
    expect(found.map(hours)).toEqual([
      [0, 10, 5, false],
      [20, 30, 25, false],
      [40, 50, 45, false],
      [60, 70, 65, true],
    ]);
  });

  it('needs every asked item free together, exact to the minute', () => {
    const chairs: WindowAsk = { itemId: 2, owned: 10, quantity: 10, holds: [hold(20 * H, 20 * H + 17 * M, 1)] };
    const found = freeWindows([tents, chairs], { duration: 5 * H, range: { from: 0, to: 70 * H }, limit: 2 });
    expect(found.map((w) => [w.from, w.to])).toEqual([
      [0, 10 * H],
      [20 * H + 17 * M, 50 * H],
    ]);
  });

  it('finds nothing when more is asked than owned, or no stretch is long enough', () => {
    expect(freeWindows([{ ...tents, quantity: 7 }], { duration: H, range: { from: 0, to: 70 * H }, limit: 5 })).toEqual([]);
    expect(freeWindows([tents], { duration: 31 * H, range: { from: 0, to: 70 * H }, limit: 5 })).toEqual([]);
    expect(() => freeWindows([tents], { duration: 0, range: { from: 0, to: H }, limit: 5 })).toThrow('the duration must be greater than 0');
  });

  it('equals a brute-force scan of every minute on random small calendars', () => {
    const arbitraryHold = fc
      .record({ from: fc.integer({ min: 0, max: 60 }), length: fc.integer({ min: 1, max: 25 }), quantity: fc.integer({ min: 0, max: 4 }), tentative: fc.boolean() })
      .map((h) => hold(h.from * M, (h.from + h.length) * M, h.quantity, 1, h.tentative ? 'tentative' : undefined));
    const arbitraryAsk = fc.record({ owned: fc.integer({ min: 0, max: 5 }), quantity: fc.integer({ min: 0, max: 5 }), holds: fc.array(arbitraryHold, { maxLength: 6 }) });
    fc.assert(
      fc.property(
        fc.array(arbitraryAsk, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 70 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 4 }),
        fc.boolean(),
        (raw, from, span, duration, limit, includeTentative) => {
          const asks = raw.map((a, i) => ({ itemId: i + 1, ...a }));
          const range = { from: from * M, to: (from + span) * M };
          const counted = (h: Hold) => includeTentative || h.kind !== 'tentative';
          const free = (minute: number) =>
            asks.every((a) => a.holds.filter((h) => counted(h) && h.from <= minute * M && minute * M < h.to).reduce((s, h) => s + h.quantity, 0) <= a.owned - a.quantity);
          const expected: Array<[number, number, boolean]> = [];
          for (let m = from; m < from + span; m++) {
            if (!free(m) || (m > from && free(m - 1))) continue;
            let end = m;
            while (end < from + span && free(end)) end++;
            if (end - m >= duration) expected.push([m * M, end * M, end === from + span]);
          }
          const all = freeWindows(asks, { duration: duration * M, range, limit: 1000, includeTentative });
          expect(all.map((w) => [w.from, w.to, w.reachesRangeEnd])).toEqual(expected);
          expect(all.every((w) => w.latestStart === w.to - duration * M)).toBe(true);
          expect(freeWindows(asks, { duration: duration * M, range, limit, includeTentative })).toEqual(all.slice(0, limit));
        },
      ),
      { numRuns: 300 },
    );
  });
});
