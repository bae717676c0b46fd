// The value rules as properties: every decimal inside the limits is accepted and survives a trip
// through a double and JSON digit for digit; everything outside is refused; the same for counts
// and text lengths.

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseCount, parseDecimal, parseId, parseText } from '../../src/schemas/values.js';
import { readCell, readLiveValue, sameValue } from '../../src/bulk/values.js';
import { money, moneyToNumber } from '../../src/domain/money.js';
import { resources } from '../../src/resources/definitions.js';
import { decimalInside, decimalTooLarge, decimalTooPrecise, exactDecimal } from '../helpers/value-arbitraries.js';

describe('decimals: 0 ≤ x < 10^11, at most 4 decimal places', () => {
  test('inside: accepted, and the number that comes back through JSON has exactly the digits sent', () => {
    fc.assert(
      fc.property(decimalInside, (text) => {
        const parsed = parseDecimal(text);
        expect(parsed.ok).toBe(true);
        const back = JSON.parse(JSON.stringify({ price: parsed.ok ? parsed.value : null })) as { price: number };
        expect(exactDecimal(String(back.price))).toBe(exactDecimal(text));
        expect(parseDecimal(back.price)).toEqual(parsed); // what comes back is itself valid, and the same
      }),
      { numRuns: 500 },
    );
  });

  test('too large: refused, as text and as a number', () => {
    fc.assert(
      fc.property(decimalTooLarge, (text) => {
        expect(parseDecimal(text)).toEqual({ ok: false, rule: 'must be less than 100000000000' });
        expect(parseDecimal(Number(text)).ok).toBe(false);
      }),
    );
  });

  test('more than 4 decimal places: refused, unless the caller rounds afterwards (anyScale)', () => {
    fc.assert(
      fc.property(decimalTooPrecise, (text) => {
        expect(parseDecimal(text)).toEqual({ ok: false, rule: 'must have at most 4 decimal places' });
        expect(parseDecimal(text, { anyScale: true }).ok).toBe(true);
      }),
    );
  });

  test('any double: accepted exactly when its shortest text is inside the limits, never as null', () => {
    fc.assert(
      fc.property(fc.double(), (n) => {
        const parsed = parseDecimal(n);
        const text = String(n);
        const inside = Number.isFinite(n) && n >= 0 && /^\d{1,11}(\.\d{1,4})?$/.test(text);
        expect(parsed.ok).toBe(inside);
        if (parsed.ok) expect(JSON.stringify(parsed.value)).toBe(text === '-0' ? '0' : text);
      }),
      { numRuns: 1000 },
    );
  });

  test('examples from the issue', () => {
    expect(parseDecimal(`1${'0'.repeat(400)}`).ok).toBe(false);
    expect(parseDecimal('99999999999999999999.99').ok).toBe(false);
    expect(parseDecimal(1e20).ok).toBe(false);
    expect(parseDecimal('99999999999.9999')).toEqual({ ok: true, value: 99999999999.9999 });
    expect(parseDecimal('12.5000000')).toEqual({ ok: true, value: 12.5 });
    expect(parseDecimal(0.1 + 0.2)).toEqual({ ok: false, rule: 'must have at most 4 decimal places' });
  });
});

describe('counts and text', () => {
  test('integers 0..2147483647 accepted as numbers and text; beyond, refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2147483647 }), (n) => {
        expect(parseCount(n)).toEqual({ ok: true, value: n });
        expect(parseCount(String(n))).toEqual({ ok: true, value: n });
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -2147483648, max: -1 }), fc.bigInt({ min: 2147483648n, max: 2n ** 53n }).map(Number)), (n) => {
        expect(parseCount(n).ok).toBe(false);
        expect(parseCount(String(n)).ok).toBe(false);
      }),
    );
  });

  test('text up to the limit in code points is kept as given; one more is refused', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (text) => {
        const length = [...text].length;
        const parsed = parseText(text, 100, false);
        expect(parsed).toEqual(length <= 100 ? { ok: true, value: text } : { ok: false, rule: `must be at most 100 characters (has ${length})` });
      }),
      { numRuns: 50 },
    );
  });
});

describe('bulk values: a price cell and a price the server sent are the number of their exact decimal', () => {
  const price = resources.prices.fields.find((f) => f.name === 'price')!;
  const anyDecimal = fc.oneof(decimalInside, decimalTooPrecise);

  test('a cell, any places (rounded later with --round): the number of its digits as written', () => {
    fc.assert(
      fc.property(anyDecimal, (text) => {
        const cell = readCell(price, text);
        expect(cell).toEqual({ ok: true, value: moneyToNumber(money(text)) });
      }),
      { numRuns: 500 },
    );
  });

  test('a live value, as text or as a number: the same number; inside the limits, the same decimal', () => {
    fc.assert(
      fc.property(anyDecimal, (text) => {
        const number = moneyToNumber(money(text));
        expect(readLiveValue(price, text)).toBe(number);
        expect(readLiveValue(price, number)).toBe(number);
      }),
      { numRuns: 500 },
    );
    // Inside the limits a double holds the decimal exactly: the number read back is the same decimal as the text.
    fc.assert(
      fc.property(decimalInside, (text) => {
        expect(sameValue(price, readLiveValue(price, moneyToNumber(money(text))), text)).toBe(true);
      }),
      { numRuns: 500 },
    );
    expect(Object.is(readLiveValue(price, -0), 0)).toBe(true);
    expect(readLiveValue(price, Number.POSITIVE_INFINITY)).toBeUndefined();
  });
});

describe('bulk values: an id the server sent', () => {
  test('a number is read as parseId judges it (an integer id from 1 to 2147483647, else nothing), the same as its text', () => {
    const inventoryId = resources.prices.fields.find((f) => f.name === 'inventoryId')!;
    const edges = [0, 1, -1, 2147483647, 2147483648, 1.5, -0, Number.NaN, Number.POSITIVE_INFINITY, 1e21, 7];
    const numbers = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(...edges));
    fc.assert(
      fc.property(numbers, (n) => {
        const parsed = parseId(n);
        expect(readLiveValue(inventoryId, n)).toBe(parsed.ok ? parsed.value : undefined);
        if (Number.isInteger(n) && n >= 0) expect(readLiveValue(inventoryId, String(n))).toBe(parsed.ok ? parsed.value : undefined);
      }),
      { numRuns: 1000 },
    );
  });
});
