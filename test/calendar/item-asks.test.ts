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
});
