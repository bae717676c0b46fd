// What a command asks of an event's booking lines, before the planner judges it (booking-plan.ts):
// its own module, so that what builds intents (substitution.ts) needs nothing of the planner.

import type { Money } from './money.js';

export type BookingIntent =
  /** The event ends with exactly `quantity` of the item, on one line (events book, clone). */
  | { kind: 'set'; itemId: number; quantity: number; price?: Money; fallbackPrice?: Money }
  /** Every line of the item goes (events unbook). */
  | { kind: 'remove'; itemId: number }
  /** One more line (bookings add, a created import row); `replaces`: the deleted line it brings back (undo). */
  | { kind: 'add-line'; itemId: number; quantity: number; price?: Money; replaces?: number; agreedFor?: number }
  /** One line changed (bookings update, an updated import row). */
  | { kind: 'update-line'; bookingId: number; itemId?: number; quantity?: number; price?: Money }
  /** One line deleted (bookings delete, a deleted import row). */
  | { kind: 'delete-line'; bookingId: number };
