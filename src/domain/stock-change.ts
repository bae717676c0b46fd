// The rule of bookings, applied to the stock: an item's units owned may not go below what the
// events hold of it firmly at one moment from now on (a sweep peak, as in availability). Lowering
// it further would overbook the calendar from then on; refused unless allowed.

import { DomainRefusal } from './errors.js';
import type { Holdings } from './holds.js';
import type { CalendarItem } from './records.js';
import { eventLabel } from './records.js';
import { peak } from './sweep.js';
import { isFirm } from './tentative-holds.js';
import { type Range, shortWallTime } from './wall-time.js';
import { quotedName } from '../common/sanitize.js';

/** A lowering of stock the rules refuse: exit 1, nothing changed. */
export class StockChangeRefused extends DomainRefusal {}

export interface StockShortage {
  item: CalendarItem;
  newQuantity: number;
  held: number;
  at: number | undefined;
  holders: Array<{ label: string; quantity: number }>;
}

/** The shortage a new quantity would leave over `future` (now onward), or undefined when it fits (or does not lower). */
export function stockShortage(item: CalendarItem, newQuantity: number, held: Holdings, future: Range): StockShortage | undefined {
  if (newQuantity >= item.quantity) return undefined;
  const top = peak((held.byItem.get(item.id) ?? []).filter(isFirm), future);
  if (top.quantity <= newQuantity) return undefined;
  const holders = top.holders.map((h) => ({ label: eventLabel(held.events.get(h.eventId)!), quantity: h.quantity }));
  return { item, newQuantity, held: top.quantity, at: top.at, holders };
}

export function describeStockShortage(short: StockShortage): string[] {
  const when = short.at === undefined ? '' : ` at ${shortWallTime(short.at)}`;
  return [
    `  ${short.item.name}: ${short.newQuantity} owned would be short: ${short.held} held by events${when} (short by ${short.held - short.newQuantity})`,
    ...short.holders.map((h) => `    ${h.label}: ${h.quantity}`),
  ];
}

/** Refuses (exit 1) unless allowed; returns the shortage let through, if any. */
export function judgeStockChange(short: StockShortage | undefined, options: { allowOverbook: boolean }): StockShortage | undefined {
  if (!short || options.allowOverbook) return short;
  throw new StockChangeRefused(
    [`${quotedName(short.item.name)} (item ${short.item.id}) cannot go down to ${short.newQuantity}: events hold more of it from now on:`, ...describeStockShortage(short), 'Nothing was changed. Change anyway with --allow-overbook.'].join('\n'),
  );
}
