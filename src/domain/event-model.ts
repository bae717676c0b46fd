// The one event model: when an event holds its inventory (its window) and whether it is
// cancelled. Availability, booking, clone, agenda, ICS, the load sheet and check all ask here.
//
// Window: dropoff → pickup. A missing dropoff falls back to the start, a missing pickup to the end;
// dates out of order widen the window to span all of them (an event never holds less than it may
// need; `check` names the wrong pair). With no date at all there is no window: the event holds
// nothing, is on no day of any range, and `check` reports it (missing-date).
//
// Cancelled: a cancel date, or a status named Cancelled (any case, either spelling). Either one is
// enough to hold nothing; when they disagree `check` says so (cancel-status-mismatch).

import { EVENT_DATE_ORDER } from '../resources/definitions.js';
import type { Range, WallTime } from './wall-time.js';

export type EventDateField = (typeof EVENT_DATE_ORDER)[number];
export const EVENT_DATE_FIELDS: readonly EventDateField[] = EVENT_DATE_ORDER;

export type EventDates = Partial<Record<EventDateField, WallTime>>;

export function eventWindow(dates: EventDates): Range | undefined {
  const present = EVENT_DATE_FIELDS.map((f) => dates[f]).filter((t): t is WallTime => t !== undefined);
  if (present.length === 0) return undefined;
  let from = present[0]!;
  let to = present[0]!;
  for (const time of present) {
    if (time < from) from = time;
    if (time > to) to = time;
  }
  return { from, to };
}

export interface Cancellation {
  /** Holds nothing: by its cancel date or by its status. */
  cancelled: boolean;
  byDate: boolean;
  byStatus: boolean;
}

export function isCancelledStatus(statusName: string | undefined): boolean {
  const name = statusName?.trim().toLowerCase();
  return name === 'cancelled' || name === 'canceled';
}

export function cancellationOf(cancelDate: unknown, statusName: string | undefined): Cancellation {
  const byDate = cancelDate !== null && cancelDate !== undefined && cancelDate !== '';
  const byStatus = isCancelledStatus(statusName);
  return { cancelled: byDate || byStatus, byDate, byStatus };
}
