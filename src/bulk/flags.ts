// The decimal options of the bulk commands (--percent, --amount, --round, --max-change), read
// with the same exact Money as the prices they act on.

import { UsageError } from '../errors.js';
import { type Money, parseMoney } from '../domain/money.js';

export type MoneyFlagRule = 'any' | 'positive' | 'non-negative';

const RULE_TEXT: Record<MoneyFlagRule, string> = {
  any: 'a decimal number such as 5 or -2.5',
  positive: 'a decimal number greater than 0, such as 0.05',
  'non-negative': 'a decimal number ≥ 0, such as 10',
};

/** A decimal as typed: digits, a point and digits, a sign; no exponent (`1e2`), as a price is written (schemas/values.ts). */
const TYPED_DECIMAL = /^\s*[+-]?\d+(\.\d+)?\s*$/;

/** `--round 0.05` → Money; a UsageError naming the flag otherwise (exponents, commas and currency symbols included). */
export function moneyFlag(flag: string, value: unknown, rule: MoneyFlagRule = 'any'): Money {
  const typed = typeof value === 'string' && TYPED_DECIMAL.test(value);
  const parsed = typed || typeof value === 'number' ? parseMoney(value) : undefined;
  const ok = parsed !== undefined && (rule === 'any' || (rule === 'positive' ? parsed.units > 0n : parsed.units >= 0n));
  if (!ok) throw new UsageError(`${flag}: must be ${RULE_TEXT[rule]} (got ${JSON.stringify(value)})`);
  return parsed;
}
