// What a booking plan says before it is written: the overbooking and quote warnings, and the lines
// already as asked. Every booking write shows them (book, unbook, clone, bookings add/update, bulk rows).

import { type BookingPlan, type BookingTarget, type BookingWorld, overbookingWarning } from '../domain/booking-plan.js';
import { type MoneyText, formatMoneyFixed } from '../domain/money.js';
import { itemName } from '../domain/records.js';
import { describeQuotesCountingOn } from '../domain/tentative-holds.js';
import type { Notices } from './notices.js';
import { quotedName } from '../common/sanitize.js';

/** A plan with what it was planned against (data/booking-writer.ts's PlannedBookings). */
export interface AnnouncedPlan {
  target: BookingTarget;
  world: Pick<BookingWorld, 'items'>;
  plan: BookingPlan;
}

/** The warnings and "already as asked" notes of a plan, before it is written. */
export function announce(planned: AnnouncedPlan, notices: Notices, money: MoneyText): void {
  const { warnings, notes } = announcement(planned, money);
  for (const warning of warnings) notices.warn(warning);
  for (const note of notes) notices.info(note);
}

/** What announce says: the warnings (never silenced) and the notes (for people, amounts shown by `money`; absent: the plain decimal). */
export function announcement(planned: AnnouncedPlan, money: MoneyText = formatMoneyFixed): { warnings: string[]; notes: string[] } {
  const warnings: string[] = [];
  if (planned.plan.overbooked.length > 0) warnings.push(overbookingWarning(planned.target, planned.plan.overbooked));
  if (planned.plan.quotesCountedOn.length > 0) {
    warnings.push([`warning: ${planned.target.label} takes units that quotes are counting on:`, ...describeQuotesCountingOn(planned.plan.quotesCountedOn)].join('\n'));
  }
  const notes = planned.plan.unchanged.map(({ booking }) => {
    const price = booking.price === undefined ? '' : ` at ${money(booking.price)}`;
    return `${planned.target.label} already has ${booking.quantity} × ${quotedName(itemName(booking.itemId, planned.world.items))} (booking ${booking.id})${price}; nothing changed.`;
  });
  return { warnings, notes };
}
