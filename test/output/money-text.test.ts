// Money for people (output/money-text.ts) and the spreadsheet's money format (output/xlsx-parts.ts)
// take the currency's minor unit from one place: 2 digits for USD, 0 for JPY, 3 for BHD.

import { describe, expect, test } from 'vitest';
import { money } from '../../src/domain/money.js';
import { minorUnitDigits, moneyText, moneyTextIn } from '../../src/output/money-text.js';
import { moneyFormat } from '../../src/output/xlsx-parts.js';

describe("a currency's minor unit, in the terminal and in a spreadsheet alike", () => {
  test.each([
    ['USD', 2, '#,##0.00##'],
    ['JPY', 0, '#,##0'],
    ['BHD', 3, '#,##0.000#'],
  ])('%s: %i digits', (currency, digits, format) => {
    expect(minorUnitDigits(currency)).toBe(digits);
    expect(moneyFormat(currency)).toBe(format);
  });

  test('without a currency, or one Intl does not know: 2 digits', () => {
    expect(moneyFormat(undefined)).toBe('#,##0.00##');
    expect(minorUnitDigits('not a code')).toBe(2);
  });

  test('the terminal shows at least the minor unit, and never rounds the exact figure', () => {
    expect(moneyText(money('1275'), 'USD')).toBe('$1,275.00');
    expect(moneyText(money('1275'), 'JPY')).toBe('¥1,275');
    expect(moneyText(money('2.2345'), 'EUR')).toBe('€2.2345');
    expect(moneyText(money('1.5'), 'BHD')).toMatch(/1\.500$/);
  });
});

describe('the one way of a run', () => {
  test('moneyTextIn: in the currency when one is set, else the plain decimal', () => {
    expect(moneyTextIn('USD')(money('1900'))).toBe('$1,900.00');
    expect(moneyTextIn(undefined)(money('1900'))).toBe('1900.00');
    expect(moneyTextIn(undefined)(money('20.9895'))).toBe('20.9895');
  });
});
