// Money for people: in the shop's currency when the `currency` setting names one (`$1,275.00`,
// `€2.2500`), else the plain decimal (`1275.00`); always the exact figure, never rounded (a change
// of 1.2345 → 1.2350 must show), at least the currency's minor unit. moneyTextIn is the one way
// every amount shown to a person is written (tables, messages, ways out, pages); machine output
// and a command to type back keep the plain number.

import { type Money, type MoneyText, formatMoneyFixed } from '../domain/money.js';

const formats = new Map<string, Intl.NumberFormat>();

/** The currency's format in `locale` (absent: the system's, from LANG and the like). */
function formatFor(currency: string, decimals: number, locale: string | undefined): Intl.NumberFormat {
  const key = `${currency}:${decimals}:${locale ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    const minimum = minorUnitDigits(currency);
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: minimum, maximumFractionDigits: Math.max(minimum, decimals) });
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

/** `1275.00` without a currency, `$1,275.00` with USD (`1.275,00 $` in de-DE): the exact value either way. */
export function moneyText(value: Money, currency?: string, locale?: string): string {
  return moneyTextCut(value, currency, locale).join('');
}

/**
 * moneyText cut where its decimals start, at the locale's decimal mark (`1.234.567` and `,00 €` in
 * de-DE; `$1,275` and `.00`): the two joined are the whole text; without decimals (JPY) the cut is after
 * the last digit (`¥1,275` and ''; `2.671` and ` ¥` in de-DE).
 */
function moneyTextCut(value: Money, currency: string | undefined, locale: string | undefined): [string, string] {
  if (currency === undefined) {
    const plain = formatMoneyFixed(value);
    const mark = plain.indexOf('.');
    return mark === -1 ? [plain, ''] : [plain.slice(0, mark), plain.slice(mark)];
  }
  // Intl takes a decimal string exactly (no float on the way); its type says number only.
  const parts = formatFor(currency, value.scale, locale).formatToParts(formatMoneyFixed(value) as unknown as number);
  const decimal = parts.findIndex((part) => part.type === 'decimal');
  // Without decimals (JPY), the cut is after the last digit: a sign after the number goes with the decimals.
  const mark = decimal === -1 ? parts.findLastIndex((part) => part.type === 'integer') + 1 : decimal;
  const text = (from: number, to?: number) => parts.slice(from, to).map((part) => part.value).join('');
  return [text(0, mark), text(mark)];
}

/**
 * Amounts under one another, as on a printed bill: each as moneyText writes it, their decimal marks
 * in one column (an exact price may have 4 decimals), padded to one width; `empty` for one not set.
 */
export function alignedMoney(values: ReadonlyArray<Money | undefined>, currency: string | undefined, options: { empty: string; locale?: string }): string[] {
  const cut = values.map((value) => (value === undefined ? ([options.empty, ''] as const) : moneyTextCut(value, currency, options.locale)));
  const wholeWidth = Math.max(...cut.map(([whole]) => whole.length));
  const fractionWidth = Math.max(...cut.map(([, fraction]) => fraction.length));
  return cut.map(([whole, fraction]) => `${whole.padStart(wholeWidth)}${fraction.padEnd(fractionWidth)}`);
}

/** The one way every amount is shown to a person in this run: moneyText in `currency` (none: the plain decimal). */
export function moneyTextIn(currency: string | undefined): MoneyText {
  return (value) => moneyText(value, currency);
}
