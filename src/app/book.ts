// Use case: write bookings of an event (events book/unbook, bookings add/update, a clone's lines):
// the intents planned whole by the booking writer, then written (read back against a concurrent
// write) or, for --dry-run, only planned.

import type { PlannedBookings, WrittenLine } from '../data/booking-writer.js';
import type { BookingIntent, BookingTarget } from '../domain/booking-plan.js';
import type { ApiVersion } from '../resources/definitions.js';
import type { CalendarWrites } from './ports.js';

export interface BookRequest {
  allowOverbook: boolean;
  dryRun: boolean;
  version?: ApiVersion;
  /** Called once the plan is known and before anything is sent (the warnings of the plan). */
  beforeWriting?: (planned: PlannedBookings) => void;
}

export interface BookOutcome {
  planned: PlannedBookings;
  /** Undefined for a dry run. */
  written: WrittenLine[] | undefined;
}

export async function book(deps: Pick<CalendarWrites, 'bookings'>, target: BookingTarget, intents: readonly BookingIntent[], request: BookRequest): Promise<BookOutcome> {
  const planned = await deps.bookings.plan(target, intents, { allowOverbook: request.allowOverbook });
  if (request.dryRun) return { planned, written: undefined };
  request.beforeWriting?.(planned);
  return { planned, written: await deps.bookings.write(planned, request.version) };
}
