// Events and bookings are written only through their writers (data/event-writer.ts,
// data/booking-writer.ts), which judge every change by the calendar's rule first. The API refuses a
// create, update or delete of either without this grant, and test/write-path.test.ts proves that
// only the writers import it: a new write path cannot skip the rule by accident.

import type { ResourceDef } from '../resources/definitions.js';

export const writeGrant: unique symbol = Symbol('rentals: written by the calendar writers');
export type WriteGrant = typeof writeGrant;

const GUARDED: ReadonlySet<string> = new Set(['events', 'bookings']);

/** Refuses (a programming error, never the user's) a write of events or bookings without the grant. */
export function checkGrant(def: ResourceDef, method: string, grant: WriteGrant | undefined): void {
  if (GUARDED.has(def.name) && grant !== writeGrant) {
    throw new Error(`${method} of ${def.plural} outside their writer: events and bookings are written only through data/event-writer.ts and data/booking-writer.ts`);
  }
}
