// Every writable resource — events, bookings, inventory, prices, categories — is written only
// through its writer in src/data (data/writers.ts hands them out), which holds that resource's
// rules and judges every change by them first. The API refuses a create, update or delete without
// this grant, and test/write-path.test.ts proves that only the writers import it: a new write path
// cannot skip the rules by accident. `rentals api`, the raw escape hatch, sends requests of its own
// and says so in its help.

import type { ResourceDef } from '../resources/definitions.js';

export const writeGrant: unique symbol = Symbol('rentals: written by the resource writers');
export type WriteGrant = typeof writeGrant;

/** Refuses (a programming error, never the user's) a write without the grant. */
export function checkGrant(def: ResourceDef, method: string, grant: WriteGrant | undefined): void {
  if (grant !== writeGrant) {
    throw new Error(`${method} of ${def.plural} outside their writer: every write goes through the writers of src/data (data/writers.ts)`);
  }
}
