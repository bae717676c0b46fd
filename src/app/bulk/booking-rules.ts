// Bulk rows of bookings (import, apply, undo) are judged by the one booking planner before any
// write: the run's rows become intents on the scope's event, and the whole run is refused
// (exit 1, nothing written) when the event would hold more than is owned, an item gaining units
// is inactive, or the event holds nothing (cancelled, no dates); --allow-overbook lets a shortage
// through with a warning.

import type { Plan } from '../../bulk/index.js';
import { type BookingIntent, targetOf } from '../../domain/booking-plan.js';
import { readInt, readMoney } from '../../domain/records.js';
import { announce } from '../../output/booking-notices.js';
import type { BookingDeps } from '../factory.js';

/** The plan's writes as booking intents. */
export function bookingIntents(plan: Plan): BookingIntent[] {
  const intents: BookingIntent[] = [];
  for (const row of plan.rows) {
    const bookingId = readInt(row.ids.id);
    if (row.action === 'create') {
      const itemId = readInt(row.ids.inventoryId);
      const quantity = readInt(row.new?.quantity);
      if (itemId !== undefined && quantity !== undefined) intents.push({ kind: 'add-line', itemId, quantity, price: readMoney(row.new?.price) });
    } else if (row.action === 'update' && bookingId !== undefined) {
      intents.push({ kind: 'update-line', bookingId, quantity: readInt(row.new?.quantity), price: readMoney(row.new?.price) });
    } else if (row.action === 'delete' && bookingId !== undefined) {
      intents.push({ kind: 'delete-line', bookingId });
    }
  }
  return intents;
}

/** Refuses the run (nothing written) when the booking rules say no; warns when --allow-overbook lets a shortage through. */
export async function checkBookingRows(deps: BookingDeps, plan: Plan, allowOverbook: boolean): Promise<void> {
  const eventId = readInt(plan.scope.eventId);
  const intents = bookingIntents(plan);
  if (eventId === undefined || intents.length === 0) return;
  const event = await deps.calendar.event(String(eventId));
  announce(await deps.bookings.plan(targetOf(event, deps.ruleOf), intents, { allowOverbook }), deps.notices);
}
