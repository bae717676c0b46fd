// An event's money, in exact decimals (the bulk engine's money module, no binary floats):
//
//   total = Σ (quantity × unit price) + delivery + labor + misc + sales tax − discount
//
// The deposit is shown apart: it is paid towards the total, not added to it. A missing amount
// (null) counts as 0; a booking without a price adds nothing and is counted in `unpriced`.

import { type Money, type MoneyText, ZERO_MONEY, addMoney, formatMoneyFixed, multiplyMoney, subtractMoney } from './money.js';
import { type CalendarBooking, readMoney } from './records.js';

export const TOTAL_FORMULA = 'total = Σ quantity × unit price + delivery + labor + misc + sales tax − discount (deposit shown apart)';


export interface EventTotals {
  /** Per booking (same order): quantity × price, undefined without a price. */
  lines: Array<Money | undefined>;
  items: Money;
  delivery: Money | undefined;
  labor: Money | undefined;
  misc: Money | undefined;
  salesTax: Money | undefined;
  discount: Money | undefined;
  deposit: Money | undefined;
  total: Money;
  /** Bookings without a price (their lines add nothing). */
  unpriced: number;
}

export function eventTotals(record: Record<string, unknown>, bookings: readonly CalendarBooking[]): EventTotals {
  const lines = bookings.map((b) => (b.price === undefined ? undefined : multiplyMoney(b.price, b.quantity)));
  const items = lines.reduce<Money>((sum, line) => (line ? addMoney(sum, line) : sum), ZERO_MONEY);
  const amount = (field: string) => readMoney(record[field]);
  const delivery = amount('amountDelivery');
  const labor = amount('amountLabor');
  const misc = amount('amountMisc');
  const salesTax = amount('amountSalesTax');
  const discount = amount('amountDiscount');
  let total = items;
  for (const value of [delivery, labor, misc, salesTax]) if (value) total = addMoney(total, value);
  if (discount) total = subtractMoney(total, discount);
  return {
    lines,
    items,
    delivery,
    labor,
    misc,
    salesTax,
    discount,
    deposit: amount('amountDeposit'),
    total,
    unpriced: lines.filter((l) => l === undefined).length,
  };
}

/** `1234.50` (or as `money` shows it: `$1,234.50`); undefined stays undefined (shown empty, null in JSON). */
export function showMoney(value: Money | undefined, money: MoneyText = formatMoneyFixed): string | undefined {
  return value === undefined ? undefined : money(value);
}
