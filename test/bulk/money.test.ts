import { describe, expect, it } from 'vitest';
import { moneyFlag } from '../../src/bulk/flags.js';
import {
  type Adjustment,
  adjust,
  applyPercent,
  changePercent,
  compareMoney,
  exceedsChange,
  formatChangePercent,
  formatMoney,
  formatMoneyFixed,
  money,
  moneyToNumber,
  parseMoney,
  roundToStep,
} from '../../src/domain/money.js';

const m = money;
const text = (value: ReturnType<typeof money>): string => formatMoney(value);
const percent = (p: string): Adjustment => ({ kind: 'percent', by: m(p) });
const amount = (a: string): Adjustment => ({ kind: 'amount', by: m(a) });

function adjusted(price: string, by: Adjustment, step?: string): string {
  const result = adjust(m(price), by, step === undefined ? undefined : m(step));
  if (!result.ok) throw new Error(result.rule);
  return text(result.value);
}

describe('parseMoney / formatMoney', () => {
  it.each([
    ['12', '12'],
    ['12.50', '12.5'],
    ['0012.300', '12.3'],
    ['0', '0'],
    ['0.000', '0'],
    ['-3.25', '-3.25'],
    ['+7', '7'],
    [' 19.99 ', '19.99'],
    ['0.005', '0.005'],
    ['123456789012345678901234.5678', '123456789012345678901234.5678'],
  ])('%s → %s', (input, expected) => {
    expect(text(m(input))).toBe(expected);
  });

  it('reads numbers through their shortest text, exponents included', () => {
    expect(text(m(0.1 + 0.2))).toBe('0.30000000000000004');
    expect(text(m(1e-7))).toBe('0.0000001');
    expect(text(m(1.5e21))).toBe('1500000000000000000000');
    expect(text(m(120))).toBe('120');
  });

  it.each(['1,200', '$12', '12 USD', '', '.5', '1.', 'abc', '1e5x'])('rejects %j', (input) => {
    expect(parseMoney(input)).toBeUndefined();
  });

  it('rejects NaN and Infinity', () => {
    expect(parseMoney(Number.NaN)).toBeUndefined();
    expect(parseMoney(Number.POSITIVE_INFINITY)).toBeUndefined();
  });

  it('formats for people with at least two decimals', () => {
    expect(formatMoneyFixed(m('120'))).toBe('120.00');
    expect(formatMoneyFixed(m('20.9895'))).toBe('20.9895');
    expect(formatMoneyFixed(m('0.5'))).toBe('0.50');
    expect(formatMoneyFixed(m('-0.5'))).toBe('-0.50');
  });

  it('converts to JSON numbers', () => {
    expect(moneyToNumber(m('20.99'))).toBe(20.99);
    expect(moneyToNumber(m('0'))).toBe(0);
  });
});

describe('exact arithmetic (no float drift)', () => {
  it('0.1 + 0.2 is 0.3, where floats say 0.30000000000000004', () => {
    expect(adjusted('0.1', amount('0.2'))).toBe('0.3');
    expect(compareMoney(m('0.3'), m('0.30'))).toBe(0);
  });

  it('1.1 × 3 by amount steps and 1.15 + 10% stay exact', () => {
    expect(adjusted(adjusted(adjusted('1.1', amount('1.1')), amount('1.1')), amount('0'))).toBe('3.3');
    expect(text(applyPercent(m('1.15'), m('10')))).toBe('1.265');
  });

  it('19.99 +5% is exactly 20.9895 before rounding', () => {
    expect(text(applyPercent(m('19.99'), m('5')))).toBe('20.9895');
  });

  it('fractional and negative percents', () => {
    expect(adjusted('200', percent('2.5'))).toBe('205');
    expect(adjusted('200', percent('-12.5'))).toBe('175');
    expect(adjusted('80', percent('-100'))).toBe('0');
  });

  it('large values', () => {
    expect(adjusted('2147483647.99', percent('10'), '0.01')).toBe('2362232012.79');
    expect(adjusted('999999999999999999.99', amount('0.01'))).toBe('1000000000000000000');
  });
});

describe('rounding to a step, half up', () => {
  it('19.99 +5% with round 0.01 is 20.99', () => {
    expect(adjusted('19.99', percent('5'), '0.01')).toBe('20.99');
  });

  it.each([
    // value, step, expected
    ['1.005', '0.01', '1.01'], // the tie goes up (floats would say 1.00)
    ['1.004', '0.01', '1'],
    ['1.0049999', '0.01', '1'],
    ['2.675', '0.01', '2.68'], // 2.675 is 2.67499999… as a float
    ['0.025', '0.05', '0.05'], // tie
    ['0.024', '0.05', '0'],
    ['0.074', '0.05', '0.05'],
    ['0.075', '0.05', '0.1'], // tie
    ['12.34', '0.05', '12.35'],
    ['12.32', '0.05', '12.3'],
    ['0.25', '0.5', '0.5'], // tie
    ['0.24', '0.5', '0'],
    ['10.74', '0.5', '10.5'],
    ['10.75', '0.5', '11'], // tie
    ['2.5', '1', '3'], // tie
    ['2.49', '1', '2'],
    ['3.5', '1', '4'], // tie: half up, not half even
    ['0', '0.01', '0'],
    ['0', '1', '0'],
    ['7', '0.05', '7'],
  ])('%s at step %s → %s', (value, step, expected) => {
    expect(text(roundToStep(m(value), m(step)))).toBe(expected);
  });

  it('ties of negative values go away from zero', () => {
    expect(text(roundToStep(m('-2.5'), m('1')))).toBe('-3');
    expect(text(roundToStep(m('-1.005'), m('0.01')))).toBe('-1.01');
  });

  it('refuses a step of 0', () => {
    expect(() => roundToStep(m('1'), m('0'))).toThrow(/greater than 0/);
  });

  it('without a step the exact result stands', () => {
    expect(adjusted('19.99', percent('5'))).toBe('20.9895');
  });
});

describe('below zero', () => {
  it('is an error that shows the arithmetic', () => {
    const result = adjust(m('12'), amount('-15'), m('0.01'));
    expect(result).toEqual({ ok: false, rule: 'would go below 0 (12 - 15 = -3)' });
  });

  it('is judged on the exact value: -0.001 is below 0 even though it rounds to 0', () => {
    expect(adjust(m('0.004'), amount('-0.005'), m('0.01')).ok).toBe(false);
  });

  it('more than -100% is below 0; exactly 0 is fine', () => {
    expect(adjust(m('10'), percent('-100.5')).ok).toBe(false);
    expect(adjusted('10', amount('-10'))).toBe('0');
  });
});

describe('change percent', () => {
  it('for display', () => {
    expect(changePercent(m('120'), m('126'))).toBe(5);
    expect(formatChangePercent(m('120'), m('126'))).toBe('+5.0%');
    expect(formatChangePercent(m('19.99'), m('20.99'))).toBe('+5.0%');
    expect(formatChangePercent(m('200'), m('175'))).toBe('-12.5%');
    expect(formatChangePercent(m('3'), m('3'))).toBe('0.0%');
    expect(formatChangePercent(m('0'), m('5'))).toBe('from 0');
    expect(formatChangePercent(m('0'), m('0'))).toBe('0.0%');
  });

  it('guards --max-change exactly', () => {
    expect(exceedsChange(m('100'), m('110'), m('10'))).toBe(false); // exactly 10%
    expect(exceedsChange(m('100'), m('110.01'), m('10'))).toBe(true);
    expect(exceedsChange(m('100'), m('89.99'), m('10'))).toBe(true);
    // rounding can push a change over the line: 19.99 → 20.99 is +5.0025%
    expect(exceedsChange(m('19.99'), m('20.99'), m('5'))).toBe(true);
    expect(exceedsChange(m('19.99'), m('20.99'), m('5.01'))).toBe(false);
    expect(exceedsChange(m('0'), m('1'), m('1000'))).toBe(true);
    expect(exceedsChange(m('0'), m('0'), m('0'))).toBe(false);
  });
});

describe('decimal flags', () => {
  it('reads --percent, --round and --max-change with their rules', () => {
    expect(text(moneyFlag('--percent', '-2.5'))).toBe('-2.5');
    expect(text(moneyFlag('--round', '0.05', 'positive'))).toBe('0.05');
    expect(text(moneyFlag('--max-change', '0', 'non-negative'))).toBe('0');
    expect(() => moneyFlag('--round', '0', 'positive')).toThrow('--round: must be a decimal number greater than 0, such as 0.05 (got "0")');
    expect(() => moneyFlag('--amount', '1,5')).toThrow('--amount: must be a decimal number such as 5 or -2.5 (got "1,5")');
    expect(() => moneyFlag('--max-change', '-1', 'non-negative')).toThrow(/--max-change: must be a decimal number ≥ 0/);
  });
});
