// `events book --item NAME[=QTY] [--quantity n]`: how the asks are read before anything is looked up.

import { describe, expect, test } from 'vitest';
import { parseItemAsks } from '../../src/app/calendar/item-asks.js';
import { UsageError } from '../../src/errors.js';

describe('--item and --quantity', () => {
  test('--quantity counts for the items given without =QTY', () => {
    expect(parseItemAsks(['Tent=2', 'Chair'], '40')).toEqual([
      { ref: 'Tent', quantity: 2 },
      { ref: 'Chair', quantity: 40 },
    ]);
  });

  test('--quantity with every item carrying its own =QTY is refused, not silently ignored', () => {
    expect(() => parseItemAsks(['Tent=2'], '3')).toThrow(UsageError);
    expect(() => parseItemAsks(['Tent=2'], '3')).toThrow(/--quantity: every --item has its own =QTY/);
  });

  test('a quantity without its item (`=2`) is said as the item missing, not asked how many', () => {
    expect(() => parseItemAsks(['=2'], undefined)).toThrow(/^--item "=2": the item is missing before the =: write NAME=QTY$/);
    expect(() => parseItemAsks([' = 2'], '3')).toThrow(/the item is missing before the =/);
  });
});
