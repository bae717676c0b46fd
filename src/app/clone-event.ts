// Use case: copy an event (events clone). The copy's body is made by the command (every datetime
// shifted alike); here its bookings (--with-bookings) are planned by the one booking planner over
// the copy's window before anything is created, the event is created through the event writer,
// and its lines written through the booking writer (read back against a concurrent write). When
// the lines are refused at that point (another booking took the units meanwhile), the copy is
// deleted again: the command leaves either the whole copy or nothing.

import type { PlannedBookings, WrittenLine } from '../data/booking-writer.js';
import type { ApiRecord } from '../api/resource-api.js';
import type { BookingTarget } from '../domain/booking-plan.js';
import { EVENT_DATE_FIELDS, eventWindow, isCancelledStatus } from '../domain/event-model.js';
import { type CalendarEvent, eventLabel, readEvent, totalsByItem } from '../domain/records.js';
import { type WallTime, parseWallTime } from '../domain/wall-time.js';
import { RentalsError } from '../errors.js';
import { refusedByRules } from '../data/refused.js';
import type { CalendarWrites } from './ports.js';

export interface CloneRequest {
  withBookings: boolean;
  allowOverbook: boolean;
  dryRun: boolean;
  /** Called once the plan is known, before anything is sent (its warnings). */
  beforeWriting?: (planned: PlannedBookings) => void;
}

export interface CloneOutcome {
  /** The body of the copy (with the status it gets). */
  body: Record<string, unknown>;
  planned: PlannedBookings;
  /** Undefined for a dry run. */
  created: ApiRecord | undefined;
  written: WrittenLine[] | undefined;
}

/** The copy as the planner sees it before it exists (a copy is active: no cancel date, a status that holds). */
function copyTarget(deps: Pick<CalendarWrites, 'bookings'>, source: CalendarEvent, body: Record<string, unknown>): BookingTarget {
  const dates: Partial<Record<(typeof EVENT_DATE_FIELDS)[number], WallTime>> = {};
  for (const field of EVENT_DATE_FIELDS) {
    const time = parseWallTime(body[field]);
    if (time !== undefined) dates[field] = time;
  }
  const status = isCancelledStatus(source.status) ? undefined : source.status;
  return {
    id: undefined,
    label: `the copy ${JSON.stringify(String(body.eventName ?? source.name))}`,
    window: eventWindow(dates),
    cancelled: false,
    blockId: source.blockId,
    holdRule: deps.bookings.target({ ...source, status, cancelled: false }).holdRule,
  };
}

export async function cloneEvent(deps: Pick<CalendarWrites, 'calendar' | 'events' | 'bookings'>, source: CalendarEvent, copyBody: Record<string, unknown>, request: CloneRequest): Promise<CloneOutcome> {
  // Cancelled everywhere: the copy of an event whose status cancels it gets Confirmed.
  const body = isCancelledStatus(source.status) ? { ...copyBody, eventStatusId: await deps.calendar.catalog.idOfName('statuses', 'Confirmed', 'status') } : copyBody;
  const copy = copyTarget(deps, source, body);
  const bookings = request.withBookings ? ((await deps.calendar.bookings([source])).get(source.id) ?? []) : [];
  const items = await deps.calendar.items();
  const missing = bookings.filter((b) => !items.has(b.itemId));
  if (missing.length > 0) throw new RentalsError(`booking ${missing[0]!.id} of ${eventLabel(source)} references item ${missing[0]!.itemId}, which does not exist; nothing was copied`);
  // Several lines of one item on the source become one line of their total on the copy, at the first line's price when the block has none.
  const intents = [...totalsByItem(bookings)].map(([itemId, quantity]) => ({ kind: 'set' as const, itemId, quantity, fallbackPrice: bookings.find((b) => b.itemId === itemId && b.price !== undefined)?.price }));
  const planned = await deps.bookings.plan(copy, intents, { allowOverbook: request.allowOverbook });
  if (request.dryRun) return { body, planned, created: undefined, written: undefined };
  request.beforeWriting?.(planned);
  const created = (await deps.events.create(body)).after;
  if (planned.plan.writes.length === 0) return { body, planned, created, written: [] };
  const event = readEvent(created);
  const onCopy = { ...planned, target: { ...copy, id: event.id, label: eventLabel(event) } };
  try {
    return { body, planned: onCopy, created, written: await deps.bookings.write(onCopy) };
  } catch (error) {
    if (refusedByRules(error)) {
      await deps.events.remove(event.id, created);
      error.message += `\nThe copy (event ${event.id}) was deleted again: nothing was copied.`;
    }
    throw error;
  }
}
