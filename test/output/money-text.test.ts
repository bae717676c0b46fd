// Money for people (output/money-text.ts) and the spreadsheet's money format (output/xlsx-parts.ts)
// take the currency's minor unit from one place: 2 digits for USD, 0 for JPY, 3 for BHD.

import { describe, expect, test } from 'vitest';
import { money } from '../../src/domain/money.js';
import { alignedMoney, minorUnitDigits, moneyText, moneyTextIn } from '../../src/output/money-text.js';
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

describe('amounts under one another (the totals of events show)', () => {
  /** The column each amount's decimal mark stands in (−1 for one without decimals). */
  const markAt = (lines: readonly string[], mark: string) => lines.map((line) => line.lastIndexOf(mark));

  test('in a decimal-comma locale: on the comma, every digit kept', () => {
    const lines = alignedMoney([money('1234567'), money('75'), undefined, money('2.2345')], 'EUR', { empty: '—', locale: 'de-DE' });
    // Intl puts a no-break space before the sign.
    expect(lines.map((line) => line.trim())).toEqual(['1.234.567,00\u00a0€', '75,00\u00a0€', '—', '2,2345\u00a0€']);
    expect(new Set(markAt(lines.filter((line) => line.includes(',')), ',')).size).toBe(1);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
  });

  test('in a decimal-point locale, and plain: on the point', () => {
    const usd = alignedMoney([money('1234567'), money('75.5')], 'USD', { empty: '—', locale: 'en-US' });
    expect(usd).toEqual(['$1,234,567.00', '       $75.50']);
    expect(alignedMoney([money('62.1251'), money('75'), undefined], undefined, { empty: '—' })).toEqual(['62.1251', '75.00  ', ' —     ']);
  });

  test('a currency without decimals: the amounts right-aligned', () => {
    expect(alignedMoney([money('1275'), money('75')], 'JPY', { empty: '—', locale: 'en-US' })).toEqual(['¥1,275', '   ¥75']);
  });

  test('a currency without decimals, the sign after the number: the sign goes with the decimals, the digits aligned', () => {
    // An exact price may have decimals the currency has not (412.5 yen).
    const lines = alignedMoney([money('2671'), money('412.5'), money('75')], 'JPY', { empty: '—', locale: 'de-DE' });
    expect(lines).toEqual(['2.671\u00a0¥  ', '  412,5\u00a0¥', '   75\u00a0¥  ']);
  });
});
