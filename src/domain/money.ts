// Exact decimal arithmetic for prices. A value is an integer count of 10^-scale units (BigInt),
// so 19.99 × 1.05 is exactly 20.9895 and rounding decides the cents, not binary floats.
// JSON numbers enter through their shortest round-trip text (String(0.1 + 0.2) is
// "0.30000000000000004": we keep what the number is, we do not guess what was meant).

export interface Money {
  readonly units: bigint;
  /** Number of decimal places: the value is units / 10^scale. Normalised: no trailing zero units. */
  readonly scale: number;
}

export type Adjustment = { kind: 'percent'; by: Money } | { kind: 'amount'; by: Money };

export type MoneyResult = { ok: true; value: Money } | { ok: false; rule: string };

const DECIMAL_TEXT = /^([+-]?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

const POWERS_OF_TEN: bigint[] = [];

function pow10(n: number): bigint {
  if (n < 32) return (POWERS_OF_TEN[n] ??= 10n ** BigInt(n));
  return 10n ** BigInt(n);
}

function normalise(units: bigint, scale: number): Money {
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale--;
  }
  if (units === 0n) scale = 0;
  return { units, scale };
}

/**
 * `12`, `-3.5`, `0.005`, and the exponent forms String(number) produces (`1e-7`, `1.5e+21`).
 * Returns undefined for anything else (commas, currency symbols, blanks, NaN, Infinity).
 */
export function parseMoney(value: string | number): Money | undefined {
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  const match = DECIMAL_TEXT.exec(typeof value === 'number' ? String(value) : value.trim());
  if (!match) return undefined;
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  let units = BigInt(whole + fraction);
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    units *= pow10(-scale);
    scale = 0;
  }
  return normalise(sign === '-' ? -units : units, scale);
}

/** parseMoney that throws: for values already validated (plan files, live records). */
export function money(value: string | number): Money {
  const parsed = parseMoney(value);
  if (!parsed) throw new Error(`not a decimal number: ${JSON.stringify(value)}`);
  return parsed;
}

function aligned(a: Money, b: Money): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
}

export function compareMoney(a: Money, b: Money): -1 | 0 | 1 {
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function addMoney(a: Money, b: Money): Money {
  const [x, y, scale] = aligned(a, b);
  return normalise(x + y, scale);
}

export function subtractMoney(a: Money, b: Money): Money {
  return addMoney(a, { units: -b.units, scale: b.scale });
}

/** value × (100 + percent) / 100, exactly (a decimal times a decimal is a finite decimal). */
export function applyPercent(value: Money, percent: Money): Money {
  const factor = pow10(percent.scale + 2) + percent.units;
  return normalise(value.units * factor, value.scale + percent.scale + 2);
}

/** Rounds the rational numerator/denominator (denominator > 0) to an integer, ties away from zero. */
function roundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  const magnitude = numerator < 0n ? -numerator : numerator;
  const rounded = (2n * magnitude + denominator) / (2n * denominator);
  return numerator < 0n ? -rounded : rounded;
}

/** The nearest multiple of step (step > 0); a value halfway between two multiples goes up (away from zero). */
export function roundToStep(value: Money, step: Money): Money {
  if (step.units <= 0n) throw new Error('the rounding step must be greater than 0');
  // value / step = (v.units · 10^step.scale) / (step.units · 10^v.scale)
  const multiples = roundHalfAwayFromZero(value.units * pow10(step.scale), step.units * pow10(value.scale));
  return normalise(multiples * step.units, step.scale);
}

/**
 * The adjusted price: percent or amount, then rounded to `step` when given (without a step the
 * exact result stands). A result below 0 is refused, judged on the exact value before rounding.
 */
export function adjust(value: Money, adjustment: Adjustment, step?: Money): MoneyResult {
  const exact = adjustment.kind === 'percent' ? applyPercent(value, adjustment.by) : addMoney(value, adjustment.by);
  if (exact.units < 0n) {
    return { ok: false, rule: `would go below 0 (${formatMoney(value)} ${describeAdjustment(adjustment)} = ${formatMoney(exact)})` };
  }
  return { ok: true, value: step ? roundToStep(exact, step) : exact };
}

function describeAdjustment(adjustment: Adjustment): string {
  const sign = adjustment.by.units < 0n ? '-' : '+';
  const magnitude = formatMoney(absMoney(adjustment.by));
  return adjustment.kind === 'percent' ? `${sign}${magnitude}%` : `${sign} ${magnitude}`;
}

function absMoney(value: Money): Money {
  return value.units < 0n ? { units: -value.units, scale: value.scale } : value;
}

/** The minimal decimal text: `20.99`, `3`, `0.5`, `-2.25`. */
export function formatMoney(value: Money): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = digits.slice(digits.length - value.scale);
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** For people: at least `minDecimals` places (`120.00`), more when the value has them (`20.9895`). */
export function formatMoneyFixed(value: Money, minDecimals = 2): string {
  const scale = Math.max(value.scale, minDecimals);
  return formatMoney({ units: value.units * pow10(scale - value.scale), scale });
}

/**
 * How an amount is shown to a person: output/money-text.ts's moneyTextIn (in the shop's currency
 * when one is set, else as formatMoneyFixed). Machine output and a command to type keep the plain number.
 */
export type MoneyText = (value: Money) => string;

/** The JSON number of a value (exact up to the ~15 significant digits a double holds). */
export function moneyToNumber(value: Money): number {
  return Number(formatMoney(value));
}

/** The change from old to new in percent, for display; undefined when old is 0. */
export function changePercent(oldValue: Money, newValue: Money): number | undefined {
  if (oldValue.units === 0n) return undefined;
  const difference = subtractMoney(newValue, oldValue);
  // Ten thousandths of a percent are plenty for display; the division happens in BigInt.
  const [diff, base] = aligned(difference, oldValue);
  return Number((diff * 1_000_000n) / base) / 10_000;
}

/** `+5.0%`, `-12.5%`, `0.0%`; `new` when old is 0. */
export function formatChangePercent(oldValue: Money, newValue: Money): string {
  const percent = changePercent(oldValue, newValue);
  if (percent === undefined) return compareMoney(oldValue, newValue) === 0 ? '0.0%' : 'from 0';
  const rounded = Math.round(Math.abs(percent) * 10) / 10;
  const sign = rounded === 0 ? '' : percent > 0 ? '+' : '-';
  return `${sign}${rounded.toFixed(1)}%`;
}

/** True when new differs from old by more than maxPercent of old (any change from 0 does). */
export function exceedsChange(oldValue: Money, newValue: Money, maxPercent: Money): boolean {
  const difference = absMoney(subtractMoney(newValue, oldValue));
  if (oldValue.units === 0n) return difference.units !== 0n;
  // |new - old| × 100 > max × |old|, compared exactly
  const left: Money = { units: difference.units * 100n, scale: difference.scale };
  const right: Money = { units: maxPercent.units * absMoney(oldValue).units, scale: maxPercent.scale + oldValue.scale };
  return compareMoney(left, right) > 0;
}

export const ZERO_MONEY: Money = { units: 0n, scale: 0 };

/** `value × quantity`, exactly. */
export function multiplyMoney(value: Money, quantity: number): Money {
  return { units: value.units * BigInt(quantity), scale: value.scale };
}
