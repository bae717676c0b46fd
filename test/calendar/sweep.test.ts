import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Hold, dailyPeaks, levelChanges, overbookings, peak } from '../../src/domain/sweep.js';

const H = 3_600_000;
const hold = (from: number, to: number, quantity: number, eventId = 1): Hold => ({ from: from * H, to: to * H, quantity, eventId });

describe('peak', () => {
  it('is the most held at one moment, not the sum over the range', () => {
    const holds = [hold(0, 10, 2, 1), hold(5, 15, 2, 2), hold(20, 30, 2, 3)];
    const top = peak(holds);
    expect(top.quantity).toBe(4);
    expect(top.at).toBe(5 * H);
    expect(top.holders.map((h) => h.eventId)).toEqual([1, 2]);
  });

  it('windows that only touch do not add up', () => {
    expect(peak([hold(0, 10, 3), hold(10, 20, 3)]).quantity).toBe(3);
  });

  it('is limited to the range', () => {
    const holds = [hold(0, 10, 2, 1), hold(5, 15, 2, 2)];
    expect(peak(holds, { from: 10 * H, to: 20 * H }).quantity).toBe(2);
    expect(peak(holds, { from: 15 * H, to: 20 * H })).toEqual({ quantity: 0, at: undefined, holders: [] });
  });

  it('equals a brute-force count at every hour', () => {
    const arbitraryHold = fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 5 })).map(([from, length, q]) => hold(from, from + length, q));
    fc.assert(
      fc.property(fc.array(arbitraryHold, { maxLength: 12 }), (holds) => {
        let best = 0;
        for (let t = 0; t <= 50; t++) best = Math.max(best, holds.filter((h) => h.from <= t * H && t * H < h.to).reduce((s, h) => s + h.quantity, 0));
        expect(peak(holds).quantity).toBe(best);
        expect(peak(holds).quantity).toBeLessThanOrEqual(holds.reduce((s, h) => s + h.quantity, 0));
      }),
    );
  });
});

describe('overbookings', () => {
  it('gives each stretch above what is owned, with its peak and holders', () => {
    const holds = [hold(0, 10, 1, 1), hold(5, 15, 1, 2), hold(8, 9, 1, 3), hold(20, 30, 1, 4), hold(25, 26, 1, 5)];
    const found = overbookings(holds, 1);
    expect(found.map((o) => [o.from / H, o.to / H, o.peak.quantity, o.peak.at! / H])).toEqual([
      [5, 10, 3, 8],
      [25, 26, 2, 25],
    ]);
    expect(found[0]!.holders.map((h) => h.eventId)).toEqual([1, 2, 3]);
    expect(overbookings(holds, 3)).toEqual([]);
  });
});

describe('levelChanges', () => {
  it('is the held level as a step function over the range, touching holds never doubled', () => {
    const holds = [hold(0, 10, 2, 1), hold(10, 20, 2, 2), hold(5, 15, 1, 3), hold(30, 40, 1, 4)];
    expect(levelChanges(holds, { from: 2 * H, to: 35 * H }).map((c) => [c.at / H, c.level])).toEqual([
      [2, 2],
      [5, 3],
      [15, 2],
      [20, 0],
      [30, 1],
    ]);
    expect(levelChanges([], { from: 0, to: H })).toEqual([{ at: 0, level: 0 }]);
  });
});

describe('dailyPeaks', () => {
  it('equals the peak of each step taken apart (one sweep for the whole range)', () => {
    const arbitraryHold = fc.tuple(fc.integer({ min: -5, max: 60 }), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 5 })).map(([from, length, q]) => hold(from, from + length, q));
    fc.assert(
      fc.property(fc.array(arbitraryHold, { maxLength: 15 }), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 12 }), (holds, start, step, steps) => {
        const range = { from: start * H, to: (start + step * steps) * H - (steps % 2) * H / 2 };
        const expected: number[] = [];
        for (let from = range.from; from < range.to; from += step * H) expected.push(peak(holds, { from, to: Math.min(from + step * H, range.to) }).quantity);
        expect(dailyPeaks(holds, range, step * H)).toEqual(expected);
      }),
    );
  });
});
