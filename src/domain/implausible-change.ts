// A price that moves by a factor of ten or more is rarely a decision and often a spreadsheet's
// doing: `33.333` read in a German locale is thirty-three thousand (the dot groups thousands
// there), a column in cents pasted over one in units is ×100. Such a change is refused unless the
// user says it is meant; the words name the likely cause.

import { type Money, compareMoney, moneyToNumber } from './money.js';

/** The factor from which a change is refused: ×10 up, ÷10 down. */
export const IMPLAUSIBLE_FACTOR = 10;

export interface ImplausibleChange {
  direction: 'up' | 'down';
  /** `×1000`, `÷100`, `×12.5`. */
  factor: string;
}

function times(value: Money, n: number): Money {
  return { units: value.units * BigInt(n), scale: value.scale };
}

/** The change from `before` to `after` when it is by a factor of ten or more; a price of 0 on either side is not judged. */
export function implausibleChange(before: Money, after: Money): ImplausibleChange | undefined {
  if (before.units <= 0n || after.units <= 0n) return undefined;
  if (compareMoney(after, times(before, IMPLAUSIBLE_FACTOR)) >= 0) return { direction: 'up', factor: `×${ratioText(moneyToNumber(after) / moneyToNumber(before))}` };
  if (compareMoney(times(after, IMPLAUSIBLE_FACTOR), before) <= 0) return { direction: 'down', factor: `÷${ratioText(moneyToNumber(before) / moneyToNumber(after))}` };
  return undefined;
}

/** `1000` for a power of ten (what a separator mix-up gives), else one decimal (`12.5`). */
function ratioText(ratio: number): string {
  const power = Math.round(Math.log10(ratio));
  if (Math.abs(ratio - 10 ** power) < 1e-9 * ratio) return String(10 ** power);
  return String(Math.round(ratio * 10) / 10);
}

/** What such a change usually is, in the words of someone who has seen it happen. */
export function likelyCause(change: ImplausibleChange): string {
  return change.direction === 'up'
    ? 'a decimal point or comma read as a thousands separator (33.333 as 33333, as a German-locale spreadsheet reads it), or an amount in cents where units go'
    : 'a thousands separator read as a decimal point (1.200 as 1.2), or units where cents go';
}
