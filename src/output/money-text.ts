// Money for people: in the shop's currency when the `currency` setting names one (`$1,275.00`,
// `€2.2500`), else the plain decimal (`1275.00`); always the exact figure, never rounded (a change
// of 1.2345 → 1.2350 must show), at least the currency's minor unit. moneyTextIn is the one way
// every amount shown to a person is written (tables, messages, ways out, pages); machine output
// and a command to type back keep the plain number.

import { type Money, type MoneyText, formatMoneyFixed } from '../domain/money.js';

const formats = new Map<string, Intl.NumberFormat>();

function formatFor(currency: string, decimals: number): Intl.NumberFormat {
  const key = `${currency}:${decimals}`;
  let format = formats.get(key);
  if (!format) {
    const minimum = minorUnitDigits(currency);
    format = new Intl.NumberFormat(undefined, { style: 'currency', currency, minimumFractionDigits: minimum, maximumFractionDigits: Math.max(minimum, decimals) });
    formats.set(key, format);
  }
  return format;
}

/** The digits of the currency's minor unit (ISO 4217, the same in every locale): 2 for USD and EUR, 0 for JPY, 3 for BHD; 2 for a code Intl does not know. */
export function minorUnitDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().minimumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** `1275.00` without a currency, `$1,275.00` with USD: the exact value either way. */
export function moneyText(value: Money, currency?: string): string {
  if (currency === undefined) return formatMoneyFixed(value);
  // Intl takes a decimal string exactly (no float on the way); its type says number only.
  return formatFor(currency, value.scale).format(formatMoneyFixed(value) as unknown as number);
}

/** The one way every amount is shown to a person in this run: moneyText in `currency` (none: the plain decimal). */
export function moneyTextIn(currency: string | undefined): MoneyText {
  return (value) => moneyText(value, currency);
}
