// Refusals by type, never by exit code: a write the calendar's rules refused (a domain refusal:
// not enough units, a cancelled event, stock below what is held) or one that lost its race and
// backed out (race-guard.ts). Either way nothing of it stands; any other error (a server that
// answered oddly, a record that is not the one named) is not a refusal, whatever its exit code.

import { DomainRefusal } from '../domain/errors.js';
import { RentalsError } from '../errors.js';

/** Lost to a concurrent write: backed out, nothing of this command stays written. Exit 1. */
export class LostRace extends RentalsError {
  override readonly name: string = 'LostRace';
}

export type Refusal = DomainRefusal | LostRace;

export function refusedByRules(error: unknown): error is Refusal {
  return error instanceof DomainRefusal || error instanceof LostRace;
}
