// The value rules of the reference's Limits (strict, for what we send) and the tolerant reading
// of what a server sends back, below the CLI: values.ts and the zod schemas of resource.ts.

import { describe, expect, test } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import { resources } from '../../src/resources/definitions.js';
import { validateWrite } from '../../src/schemas/resource.js';
import {
  parseBool,
  parseCount,
  parseDatetime,
  parseDecimal,
  parseId,
  parseText,
  readBool,
  readDatetime,
  readNumber,
  readRecord,
} from '../../src/schemas/values.js';
import { ACCEPTED_DATETIMES } from '../helpers/fixtures.js';

const accepted = <T>(value: T) => ({ ok: true, value });

describe('ids: integers 1..2147483647', () => {
  test.each([
    [1, 1],
    ['1', 1],
    [2147483647, 2147483647],
    ['2147483647', 2147483647],
    [' 42 ', 42],
  ])('%j is accepted as %j', (input, value) => {
    expect(parseId(input)).toEqual(accepted(value));
  });

  test.each([0, '0', -1, '-1', 2147483648, '2147483648', 1.5, '1.5', 'abc', '', '1e3', null, true])('%j is rejected', (input) => {
    expect(parseId(input)).toEqual({ ok: false, rule: 'must be an integer id from 1 to 2147483647' });
  });
});

describe('quantity and quantityAvailable: integers 0..2147483647', () => {
  test.each([
    [0, 0],
    ['0', 0],
    ['2147483647', 2147483647],
  ])('%j is accepted', (input, value) => {
    expect(parseCount(input)).toEqual(accepted(value));
  });

  test.each([-1, '-1', 2147483648, '2147483648', 1.5, '1.5', 'abc', ''])('%j is rejected', (input) => {
    expect(parseCount(input)).toEqual({ ok: false, rule: 'must be an integer from 0 to 2147483647' });
  });
});

describe('prices and amounts: decimals ≥ 0, no commas, no currency symbols', () => {
  test.each([
    ['12.50', 12.5],
    ['0', 0],
    [0, 0],
    ['1200', 1200],
    [149.5, 149.5],
  ])('%j is accepted as %j', (input, value) => {
    expect(parseDecimal(input)).toEqual(accepted(value));
  });

  test.each([
    ['1,200', /without commas/],
    ['1,200.50', /without commas/],
    ['$12', /without currency symbols/],
    ['12€', /without currency symbols/],
    ['-1', /≥ 0/],
    [-1, /≥ 0/],
    ['12.', /decimal number/],
    ['abc', /decimal number/],
    [Number.NaN, /decimal number/],
    [true, /decimal number/],
  ])('%j is rejected (%s)', (input, rule) => {
    const parsed = parseDecimal(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.rule).toMatch(rule);
  });
});

describe('booleans in: true/false/1/0/yes/no; out: 1/0', () => {
  test.each([true, 1, '1', 'true', 'TRUE', 'yes', 'y', 'on'])('%j → 1', (input) => {
    expect(parseBool(input)).toEqual(accepted(1));
  });
  test.each([false, 0, '0', 'false', 'no', 'n', 'off'])('%j → 0', (input) => {
    expect(parseBool(input)).toEqual(accepted(0));
  });
  test.each(['maybe', 2, '', null])('%j is rejected', (input) => {
    expect(parseBool(input).ok).toBe(false);
  });
});

describe('datetimes: accepted forms, sent as YYYY-MM-DDTHH:MM:SS', () => {
  test.each([
    ...ACCEPTED_DATETIMES,
    ['2028-02-29', '2028-02-29T00:00:00'],
    ['2026-12-31 23:59:59', '2026-12-31T23:59:59'],
  ])('%j → %j', (input, sent) => {
    expect(parseDatetime(input)).toEqual(accepted(sent));
  });

  test.each([
    ['2026-02-30', /2026-02 has no day 30/],
    ['2026-02-29', /2026-02 has no day 29/],
    ['2026-13-01', /month 13 does not exist/],
    ['2026-06-12 25:00', /time is out of range/],
    ['2026-06-12 14:60', /time is out of range/],
    ['12/06/2026', /YYYY-MM-DD/],
    ['2026-6-12', /YYYY-MM-DD/],
    ['', /YYYY-MM-DD/],
  ])('%j is rejected', (input, rule) => {
    const parsed = parseDatetime(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.rule).toMatch(rule);
  });
});

describe('strings: maximum lengths in characters', () => {
  test.each([100, 255, 50, 4000])('max %i: %i characters pass, one more fails', (max) => {
    expect(parseText('x'.repeat(max), max, false)).toEqual(accepted('x'.repeat(max)));
    expect(parseText('x'.repeat(max + 1), max, false)).toEqual({
      ok: false,
      rule: `must be at most ${max} characters (has ${max + 1})`,
    });
  });

  test('characters, not UTF-16 units, are counted', () => {
    expect(parseText('é'.repeat(100), 100, false).ok).toBe(true);
    expect(parseText('😀'.repeat(100), 100, false).ok).toBe(true);
    expect(parseText('😀'.repeat(101), 100, false).ok).toBe(false);
  });

  test('a required string must not be blank', () => {
    expect(parseText('  ', undefined, true)).toEqual({ ok: false, rule: 'must not be empty' });
    expect(parseText('', undefined, false)).toEqual(accepted(''));
  });
});

describe('tolerant reading', () => {
  test.each([
    [1, true],
    [0, false],
    [true, true],
    [false, false],
    ['1', true],
    ['0', false],
    ['true', true],
    ['false', false],
    ['unknown', 'unknown'],
  ])('readBool(%j) → %j', (input, read) => {
    expect(readBool(input)).toBe(read);
  });

  test.each([
    ['12', 12],
    ['12.50', 12.5],
    ['-3', -3],
    [7, 7],
    ['12 units', '12 units'],
  ])('readNumber(%j) → %j', (input, read) => {
    expect(readNumber(input)).toBe(read);
  });

  test.each([
    ['2026-06-12T14:00:00.000', '2026-06-12T14:00:00'],
    ['2026-06-12T14:00:00', '2026-06-12T14:00:00'],
    ['2026-06-12 14:00:00', '2026-06-12T14:00:00'],
    ['2026-06-12T14:00:00Z', '2026-06-12T14:00:00'],
    ['2026-06-12T14:00:00.000+00:00', '2026-06-12T14:00:00'],
    ['2026-06-12', '2026-06-12T00:00:00'],
    ['next tuesday', 'next tuesday'],
    [20260612, 20260612],
  ])('readDatetime(%j) → %j', (input, read) => {
    expect(readDatetime(input)).toBe(read);
  });

  const raw = {
    id: '7',
    name: 'Tent',
    quantityAvailable: '4',
    active: 'true',
    extra: 'kept',
    Links: [{ rel: 'self', method: 'GET', href: 'https://api.test/v2/inventory/7' }],
  };
  const normalised = {
    id: 7,
    name: 'Tent',
    quantityAvailable: 4,
    active: true,
    extra: 'kept',
    Links: raw.Links,
  };

  test('readRecord normalises known fields, keeps unknown ones, fills missing ones with null', () => {
    expect(readRecord(resources.inventory.fields, raw)).toEqual(normalised);
    expect(readRecord(resources.inventory.fields, { id: 1 })).toEqual({ id: 1, name: null, quantityAvailable: null, active: null });
  });

  test('readRecord keeps the server\'s key order, and a "__proto__" key as a plain key', () => {
    const block = { pricingType: 'Weekend', id: 3, active: 0, extra: 'x' };
    expect(Object.keys(readRecord(resources.rentalBlocks.fields, block))).toEqual(['pricingType', 'id', 'active', 'extra']);
    const hostile = JSON.parse('{"id":1,"__proto__":{"polluted":true}}') as Record<string, unknown>;
    const read = readRecord(resources.rentalBlocks.fields, hostile);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect((read as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.keys(read)).toContain('__proto__');
  });

  test('an event read with every datetime form', () => {
    const event = readRecord(resources.events.fields, {
      id: 12,
      startDate: '2026-06-12T14:00:00.000',
      endDate: '2026-06-13T01:00:00',
      dropoffDate: '2026-06-12 10:00:00',
      amountDeposit: '150.00',
      cancelDate: null,
    });
    expect(event).toMatchObject({
      startDate: '2026-06-12T14:00:00',
      endDate: '2026-06-13T01:00:00',
      dropoffDate: '2026-06-12T10:00:00',
      amountDeposit: 150,
      cancelDate: null,
      eventName: null,
    });
  });
});

describe('validateWrite (zod): canonical bodies, every broken rule at once', () => {
  test('a create body: numbers as numbers, flags as 1/0', () => {
    expect(validateWrite(resources.inventory, { name: 'Tent', quantityAvailable: '4', active: 'yes' }, 'create')).toEqual({
      name: 'Tent',
      quantityAvailable: 4,
      active: 1,
    });
  });

  test('an event create body with only the required fields: optional ones are sent as null', () => {
    const body = validateWrite(
      resources.events,
      {
        eventStatusId: '2',
        rentalBlockId: 1,
        startDate: '2026-06-12 14:00',
        endDate: '2026-06-13',
        dropoffDate: '2026-06-12',
        teardownDate: '2026-06-13',
        pickupDate: '2026-06-13T09:00:00.000',
        eventName: 'Wedding',
      },
      'create',
    );
    expect(body).toMatchObject({
      eventStatusId: 2,
      startDate: '2026-06-12T14:00:00',
      endDate: '2026-06-13T00:00:00',
      pickupDate: '2026-06-13T09:00:00',
      eventName: 'Wedding',
      customerName: null,
      amountDeposit: null,
      cancelDate: null,
    });
    expect(Object.keys(body).sort()).toEqual(
      resources.events.fields
        .filter((f) => f.name !== 'id')
        .map((f) => f.name)
        .sort(),
    );
  });

  test('update needs the id; Links are dropped; unknown fields are rejected', () => {
    expect(() => validateWrite(resources.categories, { name: 'Tents', inactive: 0 }, 'update')).toThrow(/id: is required/);
    expect(validateWrite(resources.categories, { id: 3, name: 'Tents', inactive: false, Links: [] }, 'update')).toEqual({
      id: 3,
      name: 'Tents',
      inactive: 0,
    });
    expect(() => validateWrite(resources.categories, { name: 'Tents', inactive: 0, colour: 'red' }, 'create')).toThrow(
      /colour: is not a field of this resource/,
    );
  });

  test('every issue is listed with the field, the rule and the value', () => {
    let error: unknown;
    try {
      validateWrite(resources.bookings, { eventId: 0, inventoryId: 'x', quantity: -1, price: '$12' }, 'create');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    const issues = (error as ValidationError).issues;
    expect(issues).toEqual([
      { field: 'eventId', message: 'must be an integer id from 1 to 2147483647', value: 0 },
      { field: 'inventoryId', message: 'must be an integer id from 1 to 2147483647', value: 'x' },
      { field: 'quantity', message: 'must be an integer from 0 to 2147483647', value: -1 },
      { field: 'price', message: 'must be a plain decimal without currency symbols (write 12, not $12)', value: '$12' },
    ]);
    expect((error as ValidationError).message).toContain('invalid booking:\n  - eventId: must be an integer id from 1 to 2147483647 (got 0)');
    expect((error as ValidationError).exitCode).toBe(2);
  });
});
